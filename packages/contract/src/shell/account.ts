import { z } from 'zod';
import { zMd5, zPhone, zRequiredText } from '../validators';
import { RULES } from '../resources/rules';
import { WIFI_CODE_MAX_TRIES } from './portal';

/**
 * Self-service accounts (issue 13 point 5): registering with a phone verified by SMS (`/register`), signing in with
 * WeChat (`/wxlogin`) and binding a scanned WeChat identity to an account (`/wxbindpage`). Paths: `Api.index.register`,
 * `Api.index.exchangeAuth`, `Api.shell.wechatRegister`. Passwords travel as the MD5 the console computes, so their
 * format (SPEC §5, `passwordProblem`) is checked in the console, as for every password.
 */

/** One limit for every SMS code: wrong tries before the code is refused for good. */
export const SMS_CODE_MAX_TRIES = WIFI_CODE_MAX_TRIES;

/** Registration codes: validity, sending interval, daily caps; registrations per IP a day. */
export const REGISTER_LIMITS = {
  codeValidityMin: 5,
  sendIntervalS: 60,
  sendsPerPhoneDay: 5,
  sendsPerIpDay: 20,
  registrationsPerIpDay: 10,
} as const;

/** How long a WeChat sign-in state and a scanned identity's ticket stay usable (seconds). */
export const WECHAT_TICKET_TTL_SECONDS = 600;

export const zUsername = z.string().trim().min(1, 'validation.usernameRequired').max(64, 'validation.username')
  .regex(RULES.username.re, RULES.username.message);

/** `send_code` {phone, code}: `code` is the captcha (when on), as at sign-in. Answer: SendCodeAnswer. */
export const registerSendCodeBody = z.object({
  phone: zPhone,
  code: z.string().trim().max(16).optional().default(''),
});
export interface SendCodeAnswer { resend_after: number; valid_min: number }

/** What a new account is made of; `sms_code` is the code sent to `phone`. */
export const newAccountFields = {
  username: zUsername,
  password: zMd5,
  phone: zPhone,
  sms_code: z.string().trim().regex(/^\d{6}$/, 'validation.smsCode'),
  accept_terms: z.literal(true, { error: 'validation.acceptTerms' }),
};

/** `Api.index.register` (no method): a new account, signed in at once. Answer: LoginAnswer. */
export const registerBody = z.object(newAccountFields);

/** `Api.index.exchangeAuth` `url` → {url}: where to send the visitor to scan; WeChat returns to /wxlogin. */
export interface WechatLoginUrl { url: string }

/** `Api.index.exchangeAuth` (no method) {code, state}, from /wxlogin. */
export const exchangeAuthBody = z.object({ code: zRequiredText(256), state: zRequiredText(128) });
/** Signed in (the identity is bound to an enabled account), or a ticket for /wxbindpage (bound to nobody yet). */
export type ExchangeAuthAnswer =
  | { signed_in: true; token: string; expiresAt: string }
  | { signed_in: false; ticket: string; nickname: string; expires_in: number };

const zTicket = zRequiredText(128);

/** `Api.shell.wechatRegister` `detail` {ticket} → the scanned identity shown on /wxbindpage. */
export const wechatTicketBody = z.object({ ticket: zTicket });
export interface WechatTicketDetail { nickname: string; avatar: string; expires_in: number }

/** `bind` {ticket, username, password, code}: an existing account, checked as sign-in checks it. Answer: LoginAnswer. */
export const wechatBindAccountBody = z.object({
  ticket: zTicket,
  username: z.string().trim().min(1, 'validation.usernameRequired').max(64),
  password: zMd5,
  code: z.string().trim().max(16).optional().default(''),
});

/** `register` {ticket, …a new account}: the same rules as /register. Answer: LoginAnswer. */
export const wechatRegisterBody = z.object({ ticket: zTicket, ...newAccountFields });
