import type { EndpointSpec } from '../http/endpoint';
import { indexEndpoints } from './index/index';

/** Every API endpoint of the product, by area. The authorization matrix and OpenAPI read this list. */
export const allEndpoints: EndpointSpec[] = [...indexEndpoints];
