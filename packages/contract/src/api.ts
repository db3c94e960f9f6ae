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
  },
} as const;

/** Public domain configuration answer, enough to brand the login page. */
export interface PublicDomainConfig {
  domain: string;
  home_title: string;
  icon: string;
  home_logo: string;
  domain_oem: number;
  captcha: boolean;
}
