import { dcArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';

/** Developer services (SPEC §2 dc): an organisation's registered services, their audit by the platform, their keys. */
export const dcArea = defineServerArea({ key: 'dc', manifest });
