import type { EndpointSpec } from '../../http/endpoint';
import { nicEndpoint } from './nic';
import { functionMenuEndpoint } from './functionMenu';

/** The system area's hand-written endpoints; its resource bindings are collected from the folder (bindings.generated.ts). */
export const systemEndpoints: EndpointSpec[] = [nicEndpoint, functionMenuEndpoint];
