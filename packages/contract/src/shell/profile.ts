import { z } from 'zod';
import { zHttpLink, zId, zMd5, zRequiredText, zText } from '../validators';
import type { Theme } from '../session';

/** Shell calls of the profile area: the signed-in user's own data (SPEC §7 personal data). Paths are `Api.shell.*`; see shell/index.ts. */

// ─── Personal data: POST Api.shell.personalData, body field `method` ────────────────────────────────────────────

export const THEMES = ['light', 'dark'] as const satisfies readonly Theme[];

/** `detail` → data: the signed-in user's profile. */
export interface PersonalDetail {
  id: number;
  username: string;
  /** The sign-in before the current session (ISO 8601), read-only; null at a first sign-in. */
  mtime: string | null;
  /** The address of that previous sign-in, read-only; '' at a first sign-in. */
  loginip: string;
  nickname: string;
  /** Avatar URL (`/uploads/…` path on this host) or ''. */
  photo: string;
  /** 1 male, 0 female, 2 not specified (the default of a new account). */
  sex: 0 | 1 | 2;
  /** Read-only in the dialog; '' when none is on file. */
  cellphone: string;
  company_name: string;
  /** The bound WeChat account, or null when none is bound. */
  we_chart: { nickname: string } | null;
  /** Custom domain of the current organisation's branding, '' for the default brand. */
  org: string;
  theme: Theme;
}

export interface OrganizationOption {
  id: number;
  name: string;
}

export interface PersonalDataDetailAnswer {
  detail: PersonalDetail;
  /** Organisations the user belongs to (the organisation drawer's choices). */
  organization: OrganizationOption[];
  /** The current organisation; null when the user belongs to none. */
  or: { o_id: number; name: string } | null;
  /** 1 when the profile lacks required information (no nickname and no cellphone): the dialog opens and cannot be closed. */
  complete: 0 | 1;
}

/**
 * `form` (multipart): `photo` is an optional JPEG/PNG file under 10 MB (checked by content); any non-file value
 * keeps the current avatar. `id` must be the caller's own id. `cellphone` is read-only: send the value `detail`
 * gave (or omit it); a different value is refused with field `cellphone`. Answer: {photo} (the avatar URL now).
 */
export const personalDataFormBody = z.object({
  id: zId,
  nickname: zRequiredText(64),
  cellphone: z.string().trim().max(20).optional(),
  /** 1 male, 0 female, 2 not specified; omitted keeps the current value (as does an omitted company_name). */
  sex: z.coerce.number().int().min(0, 'validation.invalid').max(2, 'validation.invalid').optional(),
  company_name: zText(128).optional(),
});

/**
 * `change_password`: `password` is the MD5 hex of the original password, `new_password` the MD5 hex of the new one
 * (the console checks SPEC §5 rules before hashing). A wrong original answers BAD_CREDENTIALS (1008) with field
 * `password`. Success keeps this session and signs every other session of the user out (they get 1005).
 */
export const changePasswordBody = z.object({ id: zId, password: zMd5, new_password: zMd5 });

/** `set_theme`: saved on the server, then the console applies it. Answer: {theme}. */
export const setThemeBody = z.object({ theme: z.enum(THEMES, 'validation.invalid') });

/**
 * `we_chart` → data: what the WeChat QR login widget needs (scope snsapi_login). `state` is single-use, bound to
 * this user and expires after `expires_in` seconds. Redirect URI: `${domain}/wxlogin`; the /wxlogin page then calls
 * Api.shell.wechatUserAuth with `{code, state}`. `url` is the complete authorisation URL: with the real provider the
 * open.weixin.qq.com QR page; with the local stand-in it leads straight to /wxlogin with a code (no phone needed).
 */
export interface WechatBindData {
  AppID: string;
  domain: string;
  state: string;
  url: string;
  provider: 'local' | 'wechat';
  expires_in: number;
}

/** Api.shell.wechatUserAuth body (signed in as the user who asked for the state). Answer: the bound nickname. */
export const wechatUserAuthBody = z.object({
  code: zRequiredText(256),
  state: zRequiredText(128),
});
export interface WechatUserAuthAnswer {
  nickname: string;
}

/** `domain_config` {domain} → data: the page configuration of that custom domain. */
export interface DomainConfigDetail {
  domain: string;
  home_title: string;
  /** Stored icon URL; `iconurl` is the same address, ready for <img src>. */
  icon: string;
  iconurl: string;
  home_logo: string;
  logourl: string;
  company: string;
  company_url: string;
  telephone: string;
  /** Id (as text) of an SMS template of the domain's organisation (options from Api.shell.smsConfig list), or ''. */
  msg_id: string;
}

/**
 * `domain_config_form` (multipart). `icon` and `home_logo`: a new JPEG/PNG file, or the current value unchanged.
 * Only on a custom-domain deployment (the request's host is a custom domain), only for that host's domain, and only
 * for platform administrators or holders of `system.domain_config.form` in the domain's organisation.
 */
export const domainConfigFormBody = z.object({
  domain: zRequiredText(253),
  home_title: zRequiredText(64),
  company: zRequiredText(128),
  company_url: zHttpLink,
  telephone: zRequiredText(32),
  msg_id: z.union([z.literal(''), z.coerce.number().int().positive()]).optional().default(''),
});

/**
 * `organization_change` {id}: switch the current organisation (member organisations only; others NOT_FOUND).
 * Code 200 → reload. Answer: {id, name}. `unbundle` {id} removes the WeChat binding (NOT_FOUND when none); answer null.
 */
export const organizationChangeBody = z.object({ id: zId });

/**
 * `resignation_succession`: hand a leaving employee's roles and owned records in the current organisation to the
 * inheritor, then end the leaver's membership and sessions; the account is disabled when it belongs to no other
 * organisation. Both must be members of the current organisation. Permission `system.user.succession`.
 */
const pickedId = (message: string) => z.coerce.number(message).int(message).positive(message).max(2_147_483_647, message);
export const resignationSuccessionBody = z.object({
  quit_id: pickedId('validation.quitRequired'),
  inherit_id: pickedId('validation.inheritRequired'),
});
export interface SuccessionAnswer {
  /** Roles handed to the inheritor. */
  roles: number;
  /** Rows moved to the inheritor, per kind of record (e.g. organizationOwner, notifications). */
  moved: Record<string, number>;
  /** True when the leaver belonged to no other organisation and the account was disabled. */
  disabled: boolean;
}

/** Row densities of a list, as antd's table sizes them. */
export const DENSITIES = ['large', 'middle', 'small'] as const;
export type Density = (typeof DENSITIES)[number];

/**
 * A list's column settings (issue 18 point 2): the columns shown (null: as many as fit, by the declaration's
 * priorities), their order and the row density. Stored per user under `columns:<resource key>`.
 */
export const columnPrefsValue = z.object({
  shown: z.array(z.string().max(64)).max(100).nullable(),
  order: z.array(z.string().max(64)).max(100),
  density: z.enum(DENSITIES, 'validation.invalid'),
}).strict();
export type ColumnPrefs = z.infer<typeof columnPrefsValue>;

/** The key a list's column settings are kept under. */
export const columnPrefsKey = (resourceKey: string) => `columns:${resourceKey}`;

/**
 * `set_preference`: saves (or, with `value: null`, forgets) one of the signed-in user's own preferences. The key
 * names a resource with a list; the columns named must be that list's. Answer: {key, value}.
 */
export const setPreferenceBody = z.object({
  key: z.string().max(128).regex(/^columns:[a-z0-9_]+\.[a-z0-9_]+$/, 'validation.invalid'),
  value: columnPrefsValue.nullable(),
});

/** `preferences` → data: every preference of the signed-in user, key → value. */
export type Preferences = Record<string, ColumnPrefs>;
