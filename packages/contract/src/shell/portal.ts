import { z } from 'zod';
import { zId, zPhone } from '../validators';
import { closedObject } from '../resources/schemas';
import { wifidogVisit } from './wifidog';

/** Shell calls of the portal area: SMS configuration (SPEC §2 portal). Paths are `Api.shell.*`; see shell/index.ts. */

// ─── SMS configuration: POST Api.shell.smsConfig ────────────────────────────────────────────────────────────────

/**
 * `list` (paged) → data.list of the current organisation's templates; also the page configuration's options. The
 * endpoint family is the resource `portal.sms` (resources/portal/smsTemplate.ts).
 */
export interface SmsTemplate {
  id: number;
  name: string;
  /** The template text as registered with the provider, e.g. `Your code is ${code}`. */
  content: string;
  /** Signature name ('' uses the server's SMS_SIGN_NAME). */
  sign: string;
  /** The provider's template code, e.g. `SMS_71390007`. */
  template_code: string;
}
/** `test` {id, phone}: send the template to a phone with a sample code. */
export const smsTestBody = z.object({ id: zId, phone: zPhone });
/** `send_msg_log` (paged, silent in the console) → rows of messages sent for the current organisation. */
export interface SmsLogRow {
  id: number;
  phone: string;
  template_code: string;
  provider: string;
  status: 'sent' | 'failed';
  error: string;
  created_at: string;
}

// ─── WeChat menu: POST PortalApi.wechatMenu ─────────────────────────────────────────────────────────────────────

/** WeChat's documented limits for custom menus (official-account "自定义菜单创建接口"). */
export const WECHAT_MENU_LIMITS = { top: 3, sub: 5, topNameBytes: 16, subNameBytes: 60, keyBytes: 128, urlBytes: 1024 } as const;
export const WECHAT_MENU_TYPES = ['click', 'view', 'miniprogram'] as const;
export type WechatMenuType = (typeof WECHAT_MENU_TYPES)[number];

/** WeChat counts bytes of UTF-8, not characters (a Chinese character is 3). */
export function utf8Bytes(s: string): number {
  return new TextEncoder().encode(s).length;
}

const bytesMax = (max: number) => z.string().trim().refine((s) => utf8Bytes(s) <= max, 'validation.tooLong');

export interface WechatMenuItem {
  name: string;
  type?: WechatMenuType;
  key?: string;
  url?: string;
  appid?: string;
  pagepath?: string;
  sub_button?: WechatMenuItem[];
}

/** A leaf's action: `click` needs a key, `view` a link, `miniprogram` an appid, a page path and a fallback link. */
function checkAction(v: { type?: string; key?: string; url?: string; appid?: string; pagepath?: string }, ctx: z.RefinementCtx): void {
  const need = (field: 'type' | 'key' | 'url' | 'appid' | 'pagepath') => {
    if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required', input: v });
  };
  need('type');
  if (v.type === 'click') need('key');
  if (v.type === 'view' || v.type === 'miniprogram') need('url');
  if (v.type === 'miniprogram') { need('appid'); need('pagepath'); }
}

const actionShape = {
  type: z.enum(WECHAT_MENU_TYPES, { error: 'validation.invalid' }).optional(),
  key: bytesMax(WECHAT_MENU_LIMITS.keyBytes).optional(),
  url: z.string().trim().regex(/^https?:\/\/\S+$/i, 'validation.httpLink').refine((s) => utf8Bytes(s) <= WECHAT_MENU_LIMITS.urlBytes, 'validation.tooLong').optional(),
  appid: z.string().trim().regex(/^wx[0-9a-f]{16}$/i, 'validation.invalid').optional(),
  pagepath: bytesMax(WECHAT_MENU_LIMITS.urlBytes).optional(),
};

const requiredName = (bytes: number) => z.string().trim().min(1, 'validation.required').refine((s) => utf8Bytes(s) <= bytes, 'validation.tooLong');

export const wechatSubButton = closedObject({ name: requiredName(WECHAT_MENU_LIMITS.subNameBytes), ...actionShape })
  .superRefine((v, ctx) => checkAction(v, ctx));

export const wechatTopButton = closedObject({
  name: requiredName(WECHAT_MENU_LIMITS.topNameBytes),
  ...actionShape,
  sub_button: z.array(wechatSubButton).max(WECHAT_MENU_LIMITS.sub, 'validation.tooMany').optional(),
}).superRefine((v, ctx) => {
  // A menu with sub-items opens them; only a leaf carries an action.
  if (v.sub_button?.length) return;
  checkAction(v, ctx);
});

export const wechatMenuBody = z.array(wechatTopButton).max(WECHAT_MENU_LIMITS.top, 'validation.tooMany');

/** `detail` → the saved menu and what was last published. `save` {button} stores it; `publish` sends the saved one. */
export interface WechatMenuDetail {
  button: WechatMenuItem[];
  updated_at: string | null;
  published_at: string | null;
  /** The saved menu differs from the published one. */
  unpublished: boolean;
  provider: string;
}

// ─── Public calls (no session; rate limited per IP and per target) ──────────────────────────────────────────────

/** The captcha answer, asked for once an IP has made a few queries (answer 1009 on `code` until it is given). */
/** The captcha's answer, once the server asks for one (1009 on `code`): public queries and submissions. */
export const zCaptchaAnswer = z.string().trim().max(16).optional();

export const inquiryBody = closedObject({
  method: z.string().max(64).optional(),
  serial: z.string().trim().regex(/^[A-Za-z0-9_-]{3,64}$/, 'validation.serial'),
  code: zCaptchaAnswer,
});
export type InquiryResult = 'certified' | 'out_of_warranty' | 'not_certified';
/** Only what the label already says: no owner, no organisation, no state of the device. */
export interface InquiryAnswer {
  result: InquiryResult;
  model: string | null;
  production_date: string | null;
  warranty_end: string | null;
}

export const agentQueryBody = closedObject({
  method: z.string().max(64).optional(),
  query: z.string().trim().min(2, 'validation.required').max(64),
  code: zCaptchaAnswer,
});
export interface AgentAnswer {
  result: 'authorised' | 'not_authorised';
  name: string | null;
  region: string | null;
  valid_to: string | null;
}

const zOrg = zId;
const zPlace = z.string().trim().max(64).optional();

export const wifiConfigBody = closedObject({ method: z.string().max(64).optional(), org: zOrg, place: zPlace });
/** An ad on a guest page, in its slot (slots in their order, each its ads in theirs). */
export interface WifiAd { id: number; title: string; image: string; link: string; slot_id: number }
/** `ad_click`: the guest opened an ad's link (counted, and earned at the slot's price per click). */
export const wifiAdClickBody = closedObject({ method: z.string().max(64).optional(), org: zOrg, place: zPlace, ad: zId });
/** `counted`: false for a repeated click from the same address within the hour, which earns nothing. */
export interface WifiAdClickAnswer { counted: boolean }
export interface WifiConfig {
  org_name: string;
  mode: 'auth' | 'open' | 'off';
  auth: ('sms' | 'wechat' | 'one_click' | 'voucher' | 'account')[];
  /** With `account` offered: which directory the guest signs in with (room + surname, or member + password). */
  account_kind: 'hotel' | 'member' | null;
  code_validity_min: number;
  send_interval_s: number;
  /** The terms in Chinese and in English (either may be ''); the page shows the guest's language, else the other. */
  terms: string;
  terms_en: string;
  /** Branding: the headline ('' : `org_name`), and the logo and background images ('' : none). */
  brand_name: string;
  logo: string;
  background: string;
  ads: WifiAd[];
}

export const wifiSendCodeBody = closedObject({ method: z.string().max(64).optional(), org: zOrg, place: zPlace, phone: zPhone });
export interface WifiSendCodeAnswer { resend_after: number; valid_min: number }

export const wifiWechatUrlBody = closedObject({ method: z.string().max(64).optional(), org: zOrg, place: zPlace });

/**
 * Voucher codes: 10 characters of an alphabet without 0/O/1/I (a guest types them from paper), 32 symbols so
 * every character carries 5 random bits (50 bits a code). Printed in two groups of five.
 */
export const VOUCHER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const VOUCHER_CODE_LENGTH = 10;
/** A code as typed → as stored: capitals, without the spaces and dashes of the printed groups. */
export const normaliseVoucher = (typed: string): string => typed.toUpperCase().replace(/[\s-]+/g, '');
/** `ABCDE-FGHJK`: how a code is printed and shown. */
export const groupVoucher = (code: string): string => code.replace(/^(.{5})(?=.)/, '$1-');

export const WIFI_CODE_LENGTH = 6;
export const WIFI_CODE_MAX_TRIES = 5;
export const wifiLoginBody = closedObject({
  method: z.string().max(64).optional(),
  org: zOrg,
  place: zPlace,
  kind: z.enum(['sms', 'wechat', 'one_click', 'voucher', 'account'], { error: 'validation.invalid' }),
  phone: zPhone.optional(),
  code: z.string().trim().regex(/^\d{6}$/, 'validation.smsCode').optional(),
  /** A voucher code (kind `voucher`): case and separators as typed are forgiven, see `normaliseVoucher`. */
  voucher: z.string().trim().max(32).optional(),
  /** Kind `account`, hotel guests: the room number and the guest's surname (case and spaces forgiven). */
  room: z.string().trim().max(16).optional(),
  surname: z.string().trim().max(64).optional(),
  /** Kind `account`, members: the member number or phone, and the MD5 hex of the password (as the console sends). */
  member: z.string().trim().max(32).optional(),
  password: z.string().trim().regex(/^[0-9a-f]{32}$/i, 'validation.passwordHash').optional(),
  wx_code: z.string().trim().max(256).optional(),
  wx_state: z.string().trim().max(128).optional(),
  mac: z.string().trim().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'validation.mac').optional(),
  /** Where the guest was going; answered back only when it is an http(s) link. */
  url: z.string().trim().max(2048).optional(),
  accept_terms: z.coerce.boolean().optional(),
  /** Set when a WiFiDog gateway sent the guest (its `login/` call): the answer then names the gateway's auth URL. */
  ...wifidogVisit,
});
export interface WifiLoginAnswer {
  granted: true;
  up_kbps: number;
  down_kbps: number;
  session_minutes: number;
  redirect: string;
  /** `http://gw_address:gw_port/wifidog/auth?token=…` when a WiFiDog gateway sent the guest, else ''. */
  gateway_url: string;
  /** The ads of the page shown once online (none when the browser goes on to a WiFiDog gateway). */
  ads: WifiAd[];
}
