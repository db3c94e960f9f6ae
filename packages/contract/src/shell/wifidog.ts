import { z } from 'zod';

/**
 * The WiFiDog auth-server protocol (wifidog-gateway's "WiFiDog Protocol V1", also spoken by ApFree WiFiDog). A
 * gateway is configured with `AuthServer { Hostname <server>; Path /wifidog/ }` and calls, with plain GETs:
 *
 * - `ping/?gw_id&sys_uptime&sys_memfree&sys_load&wifidog_uptime` → `Pong`
 * - the guest's browser to `login/?gw_address&gw_port&gw_id&ip&mac&url` → redirect to `/wifilogin` of the gateway's
 *   organisation; after sign-in the page sends the browser to `http://gw_address:gw_port/wifidog/auth?token=…`
 * - `auth/?stage=login|counters|logout&ip&mac&token&incoming&outgoing&gw_id` → `Auth: 1` (allowed) or `Auth: 0`
 * - the guest's browser to `portal/?gw_id` → redirect to where the guest was going (or the portal's success page)
 * - the guest's browser to `gw_message.php?message=denied|activate|failed_validation` → a page in both languages
 *
 * Every parameter is validated here; parameters a gateway adds that we do not use (ApFree's `channel_path`,
 * `name`, `incoming_delta`, …) are ignored.
 */
export const WIFIDOG_PATH = '/wifidog';

/** Device families that run a captive portal and may act as WiFiDog gateways. */
export const WIFIDOG_FAMILIES = ['ig', 'ap', 'ac'] as const;

/** WiFiDog's `Auth:` answers (wifidog-gateway `auth.h`): 0 denied, 1 allowed, -1 error (the gateway keeps its state). */
export const WIFIDOG_AUTH = { denied: 0, allowed: 1, error: -1 } as const;

/** A registry serial, the gateway's `gw_id` (GatewayID in wifidog.conf). */
export const zGwId = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.serial');
/** A MAC with `:` or `-`, any case; answered normalised as `AA:BB:CC:DD:EE:FF`. */
export const zWifidogMac = z.string().trim().regex(/^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/, 'validation.mac')
  .transform((m) => m.replace(/-/g, ':').toUpperCase());
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
export const zWifidogIp = z.string().trim().refine((s) => IPV4.test(s) || (s.includes(':') && /^[0-9A-Fa-f:.]{2,45}$/.test(s)), 'validation.ip');
const zCounter = z.string().trim().regex(/^\d{1,15}$/, 'validation.invalid').transform(Number);
const zNumber = z.string().trim().regex(/^\d{1,15}(\.\d{1,6})?$/, 'validation.invalid').transform(Number);
/** A WiFiDog token: what `/wifilogin` hands out (43 characters of base64url), or a little latitude for others. */
export const zWifidogToken = z.string().trim().regex(/^[A-Za-z0-9_-]{16,128}$/, 'validation.invalid');
const zUrl = z.string().trim().max(2048);

export const wifidogPingQuery = z.object({
  gw_id: zGwId,
  sys_uptime: zCounter.optional(),
  sys_memfree: zCounter.optional(),
  sys_load: zNumber.optional(),
  wifidog_uptime: zCounter.optional(),
});

export const wifidogLoginQuery = z.object({
  gw_id: zGwId,
  gw_address: z.string().trim().regex(IPV4, 'validation.ip'),
  gw_port: z.string().trim().regex(/^\d{1,5}$/, 'validation.port').transform(Number).refine((p) => p >= 1 && p <= 65535, 'validation.port'),
  mac: zWifidogMac.optional(),
  ip: zWifidogIp.optional(),
  url: zUrl.optional(),
});

/**
 * Our own gateways (device channel) send the guest's browser to the same `login/` without `gw_address`/`gw_port`:
 * the grant then travels as `portal_allow` over MQTT, so the guest's MAC is required.
 */
export const channelLoginQuery = z.object({
  gw_id: zGwId,
  mac: zWifidogMac,
  ip: zWifidogIp.optional(),
  url: zUrl.optional(),
});

export const WIFIDOG_STAGES = ['login', 'counters', 'logout'] as const;
export const wifidogAuthQuery = z.object({
  stage: z.enum(WIFIDOG_STAGES, { error: 'validation.invalid' }),
  token: zWifidogToken,
  gw_id: zGwId,
  mac: zWifidogMac.optional(),
  ip: zWifidogIp.optional(),
  incoming: zCounter.optional(),
  outgoing: zCounter.optional(),
});

export const wifidogPortalQuery = z.object({ gw_id: zGwId });

export const WIFIDOG_MESSAGES = ['denied', 'activate', 'failed_validation'] as const;
export type WifidogMessage = (typeof WIFIDOG_MESSAGES)[number];
export const wifidogMessageQuery = z.object({ message: z.enum(WIFIDOG_MESSAGES, { error: 'validation.invalid' }) });

/** The gateway fields `/wifilogin` carries from `login/` to its sign-in call, so the answer can name the auth URL. */
export const wifidogVisit = {
  gw_id: zGwId.optional(),
  gw_address: z.string().trim().regex(IPV4, 'validation.ip').optional(),
  gw_port: z.coerce.number().int().min(1, 'validation.port').max(65535, 'validation.port').optional(),
};

/** The pages the server renders for the guest's browser (gw_message.php and the portal's fallback), both languages. */
export const WIFIDOG_PAGES: Record<WifidogMessage | 'online' | 'unknown', { zh_CN: { title: string; text: string }; en: { title: string; text: string } }> = {
  denied: {
    zh_CN: { title: '无法上网', text: '您的上网授权已结束或被拒绝，请重新登录。' },
    en: { title: 'Access denied', text: 'Your internet access has ended or was refused. Please sign in again.' },
  },
  activate: {
    zh_CN: { title: '账号需要激活', text: '请先完成账号激活，然后重新连接。' },
    en: { title: 'Activate your account', text: 'Please activate your account first, then connect again.' },
  },
  failed_validation: {
    zh_CN: { title: '验证失败', text: '验证期已过，请重新登录。' },
    en: { title: 'Validation failed', text: 'The validation period has passed. Please sign in again.' },
  },
  online: {
    zh_CN: { title: '已连接', text: '您已连接到互联网，祝您上网愉快。' },
    en: { title: 'You are online', text: 'You are connected to the internet. Enjoy.' },
  },
  unknown: {
    zh_CN: { title: '未知网关', text: '此网关未在平台登记或已停用。' },
    en: { title: 'Unknown gateway', text: 'This gateway is not registered with the platform or is disabled.' },
  },
};
