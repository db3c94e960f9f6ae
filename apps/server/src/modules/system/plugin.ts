import { nicResource, systemArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import { systemEndpoints } from './index';

/** The system area (SPEC §2 system, §7 System). */
export const systemArea = defineServerArea({
  key: 'system', manifest, declarations: [nicResource], endpoints: systemEndpoints,
});
