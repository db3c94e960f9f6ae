import { z } from 'zod';
import { SUGGESTION_MAX, zHttpLink, zId, zMd5, zPhone, zRequiredText, zText } from './validators';
import type { Theme } from './session';

/**
 * Requests and answers of the calls behind the console shell (issue 3; SPEC §3, §7). Paths are `Api.shell.*`.
 * Bodies are objects (JSON, form-encoded or multipart); numbers may arrive as strings, hence `coerce`.
 * Every answer is the usual envelope; the types below describe its `data`.
 * Uploaded images come back as `/uploads/<org>/<random>.<jpg|png>` paths served by the server (GET, public, cached
 * for a year); the Vite dev server must proxy `/uploads` along with `/v3`.
 */

// ─── Personal data: POST Api.shell.personalData, body field `method` ────────────────────────────────────────────

export const THEMES = ['light', 'dark'] as const satisfies readonly Theme[];

/** `detail` → data: the signed-in user's profile. */
export interface PersonalDetail {
  id: number;
  username: string;
  /** Last login time, ISO 8601, read-only; null before the first login. */
  mtime: string | null;
  /** Last login IP, read-only. */
  loginip: string;
  nickname: string;
  /** Avatar URL (`/uploads/…` path on this host) or ''. */
  photo: string;
  /** 1 male, 0 female. */
  sex: 0 | 1;
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
  /** 1 male, 0 female; omitted keeps the current value (as does an omitted company_name). */
  sex: z.coerce.number().int().min(0, 'validation.invalid').max(1, 'validation.invalid').optional(),
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

// ─── Organisation self-service: POST Api.shell.organization ─────────────────────────────────────────────────────

/** `join` {code}: the invitation code as shown to people (plain text, trimmed, case-insensitive). */
export const organizationJoinBody = z.object({ code: zRequiredText(64) });
/** `form` {name}: create an organisation; the caller becomes its owner and switches to it. Answer: {id, name}. */
export const organizationCreateBody = z.object({ name: zRequiredText(64) });
/** `mine` → data.list: the caller's organisations; `current` marks the one in use. */
export interface MyOrganization extends OrganizationOption {
  current: boolean;
  /** Present for organisations the caller owns, so the owner can hand it out. */
  invite_code?: string;
}

// ─── Personnel picker: POST Api.shell.webmaster, method form_select ─────────────────────────────────────────────

/** `keyword` filters by name (nickname or username) substring. */
export const personnelSelectBody = z.object({ keyword: zText(64).optional().default('') });
export interface Warden {
  id: number;
  name: string;
  cellphone: string;
}
/** First PICKER_LIMIT (50, validators.ts) enabled members of the current organisation; `more` says there are others (refine). */
export interface PersonnelSelectAnswer {
  warden: Warden[];
  more: boolean;
}

// ─── Notices and notifications ──────────────────────────────────────────────────────────────────────────────────

/** `notice`: an announcement (navbar scroller). `inform`: a notification (carousel, bell, dialog). */
export const NOTIFICATION_KINDS = ['notice', 'inform'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Who receives it: every user, the members of the named organisations, or the named users. */
export const NOTIFICATION_AUDIENCES = ['all', 'orgs', 'users'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];
/** 0 draft, 1 published, 2 withdrawn. Only published ones reach users. */
export const NotificationStatus = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;
/** Largest stored HTML content, in characters (after sanitising). */
export const NOTIFICATION_CONTENT_MAX = 100_000;
/** The inbox answers at most this many newest notifications; `unread` counts all. */
export const INBOX_LIMIT = 200;

/** Inbox (Api.shell.notificationInbox) with no method or method `notice` → data.notice. */
export interface InboxNotice {
  id: number;
  title: string;
  /** Sanitised HTML; sanitise again before rendering. */
  content: string;
}
/** Method `inform` → data: unread count and the newest notifications, newest first. */
export interface InboxInform {
  unread: number;
  inform: (InboxNotice & { status: 0 | 1 })[];
}
/** Method `status` {id}: mark one of the caller's notifications read (idempotent). Answer: {unread}. */
export const inboxStatusBody = z.object({ id: zId });

/** Administrators' content endpoint (Api.shell.notificationContent): add/update bodies. */
export const notificationContentBody = z.object({
  kind: z.enum(NOTIFICATION_KINDS, 'validation.invalid'),
  title: zRequiredText(200),
  /** HTML; sanitised with an allow-list when stored. */
  content: z.string().max(NOTIFICATION_CONTENT_MAX, 'validation.tooLong').default(''),
  audience: z.enum(NOTIFICATION_AUDIENCES, 'validation.invalid'),
  /** Organisation ids (audience `orgs`) or user ids (audience `users`). */
  targets: z.array(zId).max(1000).default([]),
  /** Optional end of display (ISO 8601); after it the item no longer reaches users. */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
});

/** One row of the content `list` (paged: data.list, total, page, size) and the `detail` answer. */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  title: string;
  content: string;
  audience: NotificationAudience;
  targets: number[];
  status: 0 | 1 | 2;
  published_at: string | null;
  withdrawn_at: string | null;
  expires_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
/** Operation `stats` {id} → data: how many users it reaches and how many have read it (notifications only). */
export interface NotificationStats {
  recipients: number;
  read: number;
}

// ─── Suggestions: POST Api.shell.suggestion ─────────────────────────────────────────────────────────────────────

/** `form` {content}: any signed-in user; required, at most SUGGESTION_MAX (99999) characters. */
export const suggestionFormBody = z.object({
  content: z.string().trim().min(1, 'validation.required').max(SUGGESTION_MAX, 'validation.tooLong'),
});
/** `list` row (paged). status 0 new, 1 handled. */
export interface SuggestionRow {
  id: number;
  content: string;
  status: 0 | 1;
  reply: string;
  user_id: number | null;
  username: string;
  org_id: number | null;
  created_at: string;
  handled_by: number | null;
  handled_at: string | null;
}
/** `handle` {id, reply?}: mark a new suggestion handled, with an optional note. */
export const suggestionHandleBody = z.object({ id: zId, reply: zText(2000).optional().default('') });

// ─── SMS configuration: POST Api.shell.smsConfig ────────────────────────────────────────────────────────────────

/** `list` (paged) → data.list of the current organisation's templates; also the page configuration's options. */
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
export const smsTemplateBody = z.object({
  name: zRequiredText(64),
  content: zRequiredText(500),
  sign: zText(32).default(''),
  template_code: zRequiredText(64),
});
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
