import type { EndpointSpec } from '../../http/endpoint';
import { loginEndpoint } from './login';
import { logoutEndpoint } from './logout';
import { infoEndpoint } from './info';
import { menuEndpoint } from './menu';
import { domainConfigEndpoint } from './domainConfig';

/** The session area: what the console needs before and right after sign-in. */
export const indexEndpoints: EndpointSpec[] = [loginEndpoint, logoutEndpoint, infoEndpoint, menuEndpoint, domainConfigEndpoint];
