import type { EndpointSpec } from '../http/endpoint';
import { personalDataEndpoint } from './profile/index';
import { organizationSelfServiceEndpoint } from './organization/selfService';
import { personnelSelectEndpoint } from './personnel/formSelect';
import { notificationEndpoints } from './notification/index';
import { suggestionEndpoint } from './suggestion/index';
import { smsConfigEndpoint } from './sms/messageConfig';
import { wechatUserAuthEndpoint } from './wechat/userAuth';

/** The server behind the console shell (issue 3): personal data, organisations, pickers, inbox, suggestions, SMS, WeChat. */
export const shellEndpoints: EndpointSpec[] = [
  personalDataEndpoint,
  organizationSelfServiceEndpoint,
  personnelSelectEndpoint,
  ...notificationEndpoints,
  suggestionEndpoint,
  smsConfigEndpoint,
  wechatUserAuthEndpoint,
];
