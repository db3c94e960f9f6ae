import { portalArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import { agentsEndpoint, inquiryEndpoint, wifiloginEndpoint } from './public';
import { wechatMenuEndpoint } from './wechatMenu';
import { registerWifidog } from './wifidog';
import { registerGatewayCounters } from './gatewayCounters';

/**
 * The captive portal (SPEC §2 portal): settings, SMS templates, advertising and authorised agents (bindings collected
 * from the folder), the WeChat menu, the public calls behind /inquiry, /agents and /wifilogin, the guests online per
 * gateway, the WiFiDog auth server under /wifidog/ (wifidog.ts), and our own gateways' grants and traffic counters
 * over the device channel (channelGrant.ts, gatewayCounters.ts).
 */
export const portalArea = defineServerArea({
  key: 'portal',
  manifest,
  endpoints: [wechatMenuEndpoint, inquiryEndpoint, agentsEndpoint, wifiloginEndpoint],
  plugin: (app, deps) => {
    registerWifidog(app, deps);
    registerGatewayCounters(app, deps);
  },
});
