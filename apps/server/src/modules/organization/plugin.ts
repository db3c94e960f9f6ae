import { defineServerArea } from '../../http/area';
import { organizationSelfServiceEndpoint } from './selfService';

/** Organisation self-service: join by code, create, list one's own. */
export const organizationArea = defineServerArea({ key: 'organization', endpoints: [organizationSelfServiceEndpoint] });
