import type { EndpointSpec } from '../http/endpoint';
import { indexEndpoints } from './index/index';
import { shellEndpoints } from './shellEndpoints';
import { systemEndpoints } from './system';

/** Every API endpoint of the product, by area. The authorization matrix and OpenAPI read this list. */
export const allEndpoints: EndpointSpec[] = [...indexEndpoints, ...shellEndpoints, ...systemEndpoints];
