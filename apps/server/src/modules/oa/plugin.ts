import { oaArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';

/** Operations (SPEC §2 oa): complaints and suggestions (bindings collected from the folder). */
export const oaArea = defineServerArea({ key: 'oa', manifest });
