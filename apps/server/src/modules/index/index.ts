import type { EndpointSpec } from '../../http/endpoint';
import { loginEndpoint } from './login';
import { logoutEndpoint } from './logout';
import { infoEndpoint } from './info';
import { menuEndpoint } from './menu';
import { domainConfigEndpoint } from './domainConfig';
import { registerEndpoint } from './register';
import { exchangeAuthEndpoint } from './exchangeAuth';

/** The session area: what the console needs before and right after sign-in, and the ways to an account. */
export const indexEndpoints: EndpointSpec[] = [
  loginEndpoint, logoutEndpoint, infoEndpoint, menuEndpoint, domainConfigEndpoint, registerEndpoint, exchangeAuthEndpoint,
];
