/** Paths of the calls both sides name. The wire prefix `/v3` is added by the console's one request wrapper. */
export const API_PREFIX = '/v3';

export const Api = {
  index: {
    /** GET: an SVG captcha image; sets the gx-captcha cookie binding the answer to this browser. */
    captcha: '/admin/index/captcha',
    login: '/admin/index/login',
    logout: '/admin/index/logout',
    /** Token → UserInfo (SPEC §7 "user info"; path chosen here). */
    info: '/admin/index/info',
    menu: '/admin/index/menu',
    /** Public: branding of the requesting host plus login options (captcha on/off). */
    domainConfig: '/admin/index/domain_config',
    /** Public: `send_code` to a phone, then a new account with that phone (/register); signs in. */
    register: '/admin/index/register',
    /** Public: WeChat sign-in — `url` to scan, then {code, state} from /wxlogin → signed in, or a /wxbindpage ticket. */
    exchangeAuth: '/admin/index/exchange_auth',
  },
  /** The calls behind the console shell (SPEC §7 "Personal data", "Other shell calls"); shapes in shell/<area>.ts. */
  shell: {
    personalData: '/admin/system/personal_data',
    /** Self-service methods join/form/mine; the administrators' list/add/update/remove share the path. */
    organization: '/admin/system/organization',
    /** Personnel picker (method form_select). */
    webmaster: '/admin/system/webmaster',
    /** The signed-in user's notices (announcements) and notifications (path chosen here). */
    notificationInbox: '/admin/notification/inbox',
    suggestion: '/admin/boos/warden_proposal',
    smsConfig: '/admin/other_business/message_config',
    /** WeChat QR callback {code, state}: binds the scanned WeChat account to the signed-in user. */
    wechatUserAuth: '/admin/we_chart/user_auth',
    /** Public (/wxbindpage): a scanned WeChat identity's ticket → bind an existing account or register a new one. */
    wechatRegister: '/admin/we_chart/register',
  },
} as const;

/** GET prefix of uploaded images (avatars, icons, logos): `/uploads/<org>/<random>.<jpg|png>`, no /v3. */
export const UPLOADS_PATH = '/uploads';

/** Public domain configuration answer, enough to brand the login page. */
export interface PublicDomainConfig {
  domain: string;
  home_title: string;
  icon: string;
  home_logo: string;
  domain_oem: number;
  captcha: boolean;
}
