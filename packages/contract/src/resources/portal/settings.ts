import { declareResource, type FieldDecl, type Label, type OptionDecl } from '../types';
import { idField, updatedAtField } from '../common';
import { RULES } from '../rules';

/** SPEC §3 "portal mode": guests sign in first, pass after the terms (no account), or the portal is off. */
export const PORTAL_MODES = ['auth', 'open', 'off'] as const;
export type PortalMode = (typeof PORTAL_MODES)[number];
export const portalModeOptions: readonly OptionDecl[] = [
  { value: 'auth', label: { zh_CN: '认证上网', en: 'Sign-in required' }, color: 'blue' },
  { value: 'open', label: { zh_CN: '免认证（同意条款即上网）', en: 'Open (accept the terms)' }, color: 'green' },
  { value: 'off', label: { zh_CN: '关闭门户', en: 'Portal off' }, color: 'default' },
];

/** SPEC §3 "authentication types" a guest may choose on /wifilogin. */
export const PORTAL_AUTH_TYPES = ['sms', 'wechat', 'one_click', 'voucher', 'account'] as const;
export type PortalAuthType = (typeof PORTAL_AUTH_TYPES)[number];

/**
 * Sign-in with an account of a directory (issue 13 point 1): a hotel's guests (room number and surname, valid from
 * check-in to check-out) or a member system (member number or phone, and password).
 */
export const PORTAL_ACCOUNT_KINDS = ['hotel', 'member'] as const;
export type PortalAccountKind = (typeof PORTAL_ACCOUNT_KINDS)[number];
export const portalAccountKindOptions: readonly OptionDecl[] = [
  { value: 'hotel', label: { zh_CN: '酒店住客（房号＋姓氏）', en: 'Hotel guests (room number + surname)' }, color: 'blue' },
  { value: 'member', label: { zh_CN: '会员（会员号或手机号＋密码）', en: 'Members (member number or phone + password)' }, color: 'purple' },
];
/** Who answers: the organisation's own directory in the console, or the PMS the server is connected to (PMS_PROVIDER). */
export const PORTAL_ACCOUNT_SOURCES = ['local', 'pms'] as const;
export type PortalAccountSource = (typeof PORTAL_ACCOUNT_SOURCES)[number];
export const portalAccountSourceOptions: readonly OptionDecl[] = [
  { value: 'local', label: { zh_CN: '本组织的住客/会员名录', en: "The organisation's guest/member directory" }, color: 'default' },
  { value: 'pms', label: { zh_CN: '对接的酒店 PMS', en: 'The connected hotel PMS' }, color: 'geekblue' },
];

export const PORTAL_LIMITS = {
  codeValidityMin: { min: 1, max: 30 },
  sendIntervalS: { min: 30, max: 600 },
  sessionMinutes: { min: 10, max: 10_080 },
  speedKbps: { min: 0, max: 10_000_000 },
  smsQuota: { min: 0, max: 10_000_000 },
  dailyMb: { min: 0, max: 10_000_000 },
  dailyMinutes: { min: 0, max: 1440 },
  rememberDays: { min: 0, max: 365 },
  idleMinutes: { min: 0, max: 1440 },
  maxDevices: { min: 0, max: 20 },
  whitelistDomains: 100,
  whitelistChars: 4000,
  macWhitelist: 500,
  macWhitelistChars: 10_000,
} as const;

/** A settings list: items separated by lines, commas, semicolons or spaces, normalised, each checked, no repeats. */
function parseItems(text: string, max: number, normalise: (s: string) => string, valid: (s: string) => boolean, error: string): { items: string[] } | { error: string } {
  const found = text.split(/[\s,;]+/).map((s) => normalise(s.trim())).filter(Boolean);
  if (found.length > max) return { error: 'validation.tooMany' };
  if (found.some((item) => !valid(item))) return { error };
  return { items: [...new Set(found)] };
}

/**
 * The walled garden: domains, `*.` allowed in front. Answers the normalised list, or the i18n key of the problem.
 * Written once: the server checks it, the console may preview it.
 */
export function parseWhitelist(text: string): { items: string[] } | { error: string } {
  return parseItems(text, PORTAL_LIMITS.whitelistDomains, (s) => s.toLowerCase(), (d) => RULES.domain.re.test(d.startsWith('*.') ? d.slice(2) : d), 'validation.domain');
}

/** Devices let through without signing in: MACs (`AA:BB:CC:DD:EE:FF`, any case, `-` accepted), upper-case out. */
export function parseMacWhitelist(text: string): { items: string[] } | { error: string } {
  return parseItems(text, PORTAL_LIMITS.macWhitelist, (s) => s.toUpperCase().replace(/-/g, ':'), (m) => RULES.mac.re.test(m), 'validation.mac');
}

/** An integer setting within its `PORTAL_LIMITS` range. */
function limited(label: Label, range: { min: number; max: number }, value: number, help?: Label): FieldDecl {
  return { type: 'integer', label, default: value, min: range.min, max: range.max, ...(help ? { help } : {}) };
}

/**
 * `/admin/device/portal` (SPEC §7): the captive portal's settings of the organisation (the row without a place) and
 * of single places (a row per place name overrides the organisation's row there). SPEC §3's vocabulary: mode,
 * authentication types, code validity and sending interval, SMS quantity alert, speed limits, domain whitelist; beyond
 * it, daily quotas, remembered guests, an idle timeout, a limit of devices per user and a MAC whitelist.
 */
export const portalSettingsResource = declareResource({
  key: 'portal.settings',
  path: '/admin/device/portal',
  title: { zh_CN: '门户设置', en: 'Portal settings' },
  scope: 'org',
  fields: {
    id: idField,
    place: {
      type: 'text', label: { zh_CN: '场所', en: 'Place' }, max: 64, default: '',
      help: { zh_CN: '留空为整个组织的默认设置；填写场所名称则只用于该场所', en: "Empty: the organisation's default; a place name: only that place" },
    },
    mode: { type: 'select', label: { zh_CN: '门户模式', en: 'Portal mode' }, options: portalModeOptions, default: 'auth' },
    auth_sms: { type: 'boolean', label: { zh_CN: '短信验证码认证', en: 'SMS code sign-in' }, default: true },
    auth_wechat: { type: 'boolean', label: { zh_CN: '微信认证', en: 'WeChat sign-in' }, default: false },
    auth_one_click: { type: 'boolean', label: { zh_CN: '一键认证', en: 'One-click sign-in' }, default: false },
    auth_voucher: {
      type: 'boolean', label: { zh_CN: '认证码认证', en: 'Voucher sign-in' }, default: false,
      help: { zh_CN: '访客输入管理员生成的认证码上网', en: 'Guests type a voucher code generated by an operator' },
    },
    auth_account: {
      type: 'boolean', label: { zh_CN: '账号认证', en: 'Account sign-in' }, default: false,
      help: { zh_CN: '访客用酒店住客或会员账号上网', en: 'Guests sign in with a hotel stay or a member account' },
    },
    account_kind: { type: 'select', label: { zh_CN: '账号类型', en: 'Account directory' }, options: portalAccountKindOptions, default: 'hotel' },
    account_source: {
      type: 'select', label: { zh_CN: '账号来源', en: 'Ask' }, options: portalAccountSourceOptions, default: 'local',
      help: { zh_CN: '本组织名录在“住客名录”“会员名录”页维护；PMS 由服务器配置（PMS_PROVIDER）', en: "The organisation's directory is kept on the Hotel guests and Members pages; the PMS is configured on the server (PMS_PROVIDER)" },
    },
    account_property: {
      type: 'text', label: { zh_CN: 'PMS 酒店代码', en: 'PMS hotel code' }, default: '', max: 20,
      help: { zh_CN: '账号来源为 PMS 时必填，如 OPERA 的 hotelId', en: "Required when asking the PMS, e.g. OPERA's hotelId" },
    },
    code_validity_min: limited({ zh_CN: '验证码有效期（分钟）', en: 'Code validity (minutes)' }, PORTAL_LIMITS.codeValidityMin, 5),
    send_interval_s: limited({ zh_CN: '发送间隔（秒）', en: 'Sending interval (seconds)' }, PORTAL_LIMITS.sendIntervalS, 60),
    sms_quota: limited({ zh_CN: '每月短信数量', en: 'SMS per month' }, PORTAL_LIMITS.smsQuota, 0, { zh_CN: '0 表示不限；用完后不再发送验证码', en: '0 means no limit; once used up no more codes are sent' }),
    sms_alert: limited({ zh_CN: '短信数量预警', en: 'SMS quantity alert' }, PORTAL_LIMITS.smsQuota, 100, { zh_CN: '本月剩余条数低于此值时通知本组织管理员', en: "Notify the organisation's administrators when this month's remaining SMS fall below this" }),
    sms_used: { type: 'integer', label: { zh_CN: '本月已发短信', en: 'SMS sent this month' }, editable: 'never' },
    up_kbps: limited({ zh_CN: '上行限速（kbps）', en: 'Upstream limit (kbps)' }, PORTAL_LIMITS.speedKbps, 0, { zh_CN: '0 表示不限速', en: '0 means unlimited' }),
    down_kbps: limited({ zh_CN: '下行限速（kbps）', en: 'Downstream limit (kbps)' }, PORTAL_LIMITS.speedKbps, 0, { zh_CN: '0 表示不限速', en: '0 means unlimited' }),
    session_minutes: limited({ zh_CN: '上网时长（分钟）', en: 'Session length (minutes)' }, PORTAL_LIMITS.sessionMinutes, 480),
    daily_mb: limited({ zh_CN: '每日流量配额（MB）', en: 'Daily traffic quota (MB)' }, PORTAL_LIMITS.dailyMb, 0, { zh_CN: '每位用户每天（UTC）上下行合计；用完即下线；0 表示不限', en: 'Per user and day (UTC), up and down together; reaching it ends the session; 0 means no limit' }),
    daily_minutes: limited({ zh_CN: '每日时长配额（分钟）', en: 'Daily time quota (minutes)' }, PORTAL_LIMITS.dailyMinutes, 0, { zh_CN: '每位用户每天（UTC）累计上网时长；用完即下线；0 表示不限', en: 'Per user and day (UTC), all sessions together; reaching it ends the session; 0 means no limit' }),
    remember_days: limited({ zh_CN: '免认证天数', en: 'Remember guests (days)' }, PORTAL_LIMITS.rememberDays, 0, { zh_CN: '访客登录过的设备（MAC）在本组织所有网关上免认证的天数；0 表示每次都要认证', en: "Days a device (MAC) that signed in before passes on any of the organisation's gateways without signing in; 0: always sign in" }),
    idle_minutes: limited({ zh_CN: '空闲超时（分钟）', en: 'Idle timeout (minutes)' }, PORTAL_LIMITS.idleMinutes, 0, { zh_CN: '网关报告的流量这么久没有增长即下线；0 表示不限', en: "Ends a session whose traffic, as the gateway reports it, has not grown for this long; 0: never" }),
    max_devices: limited({ zh_CN: '每用户设备数', en: 'Devices per user' }, PORTAL_LIMITS.maxDevices, 0, { zh_CN: '同一手机号、微信或认证码同时在线的设备上限；0 表示不限', en: 'Devices one phone, WeChat account or voucher may have online at once; 0: no limit' }),
    whitelist: {
      type: 'textarea', label: { zh_CN: '域名白名单', en: 'Domain whitelist' }, default: '', max: PORTAL_LIMITS.whitelistChars,
      help: { zh_CN: '认证前可访问的域名，每行一个，最多 100 个，可用 *.example.com', en: 'Reachable before sign-in; one per line, up to 100, *.example.com allowed' },
    },
    mac_whitelist: {
      type: 'textarea', label: { zh_CN: 'MAC 白名单', en: 'MAC whitelist' }, default: '', max: PORTAL_LIMITS.macWhitelistChars,
      help: { zh_CN: '免认证直接上网的设备 MAC，每行一个，最多 500 个，如 AA:BB:CC:DD:EE:FF', en: 'Devices online without signing in; one MAC per line, up to 500, e.g. AA:BB:CC:DD:EE:FF' },
    },
    terms: {
      type: 'textarea', label: { zh_CN: '上网条款（中文）', en: 'Terms of use (Chinese)' }, default: '', max: 2000,
      help: { zh_CN: '显示在认证页上，访客须同意后上网', en: 'Shown on the sign-in page; guests accept them before going online' },
    },
    terms_en: {
      type: 'textarea', label: { zh_CN: '上网条款（英文）', en: 'Terms of use (English)' }, default: '', max: 2000,
      help: { zh_CN: '英文访客看到的条款；留空则显示中文条款', en: 'What guests reading English see; empty: the Chinese terms' },
    },
    brand_name: {
      type: 'text', label: { zh_CN: '品牌名称', en: 'Brand name' }, default: '', max: 64,
      help: { zh_CN: '认证页标题；留空则显示组织名称', en: "The sign-in page's headline; empty: the organisation's name" },
    },
    logo: {
      type: 'image', label: { zh_CN: '标志', en: 'Logo' }, default: '', max: 500,
      help: { zh_CN: '显示在认证页顶部，建议 240×80 像素 PNG', en: 'Shown at the top of the sign-in page; 240×80 px PNG recommended' },
    },
    background: {
      type: 'image', label: { zh_CN: '背景图', en: 'Background' }, default: '', max: 500,
      help: { zh_CN: '认证页背景，建议 1920×1080 像素', en: 'Behind the sign-in page; 1920×1080 px recommended' },
    },
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'place', width: 160, sortable: true, priority: 1 },
      { field: 'mode', width: 170, priority: 1 },
      { field: 'auth_sms', width: 110 },
      { field: 'auth_wechat', width: 110 },
      { field: 'auth_one_click', width: 110 },
      { field: 'auth_voucher', width: 110, priority: 3 },
      { field: 'auth_account', width: 110, priority: 3 },
      { field: 'up_kbps', width: 130, priority: 3 },
      { field: 'down_kbps', width: 130, priority: 3 },
      { field: 'sms_used', width: 130 },
      { field: 'sms_quota', width: 130, priority: 3 },
      { field: 'updated_at', width: 180, priority: 3 },
    ],
    filters: [{ field: 'place', kind: 'prefix' }, { field: 'mode', kind: 'eq' }],
    defaultSort: { field: 'place', order: 'asc' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['place', 'mode'] },
      { title: { zh_CN: '认证方式', en: 'Authentication' }, fields: ['auth_sms', 'auth_wechat', 'auth_one_click', 'auth_voucher', 'session_minutes'] },
      { title: { zh_CN: '账号认证', en: 'Account sign-in' }, fields: ['auth_account', 'account_kind', 'account_source', 'account_property'] },
      { title: { zh_CN: '短信', en: 'SMS' }, fields: ['code_validity_min', 'send_interval_s', 'sms_quota', 'sms_alert'] },
      { title: { zh_CN: '网络', en: 'Network' }, fields: ['up_kbps', 'down_kbps', 'whitelist', 'mac_whitelist'] },
      { title: { zh_CN: '品牌与条款', en: 'Branding and terms' }, fields: ['brand_name', 'logo', 'background', 'terms', 'terms_en'] },
      { title: { zh_CN: '配额与免认证', en: 'Quotas and remembered guests' }, fields: ['daily_mb', 'daily_minutes', 'remember_days', 'idle_minutes', 'max_devices'] },
    ],
  },
  io: {
    export: ['id', 'place', 'mode', 'auth_sms', 'auth_wechat', 'auth_one_click', 'auth_voucher', 'auth_account', 'account_kind', 'account_source', 'account_property', 'code_validity_min', 'send_interval_s', 'sms_quota', 'sms_alert',
      'sms_used', 'up_kbps', 'down_kbps', 'session_minutes', 'daily_mb', 'daily_minutes', 'remember_days', 'idle_minutes', 'max_devices', 'whitelist', 'mac_whitelist', 'brand_name', 'logo', 'background', 'terms', 'terms_en', 'updated_at'],
  },
  example: { place: '', mode: 'auth', auth_sms: true, whitelist: 'example.com' },
});
