import { z } from 'zod';

/** SPEC §5 rules, written once. Messages are i18n keys (`validation.*`) the console translates. */

export const PHONE_RE = /^1[3-9]\d{9}$/;
/** The older, looser pattern SPEC §5 mentions; kept for reading legacy records, never for new input. */
export const LEGACY_PHONE_RE = /^1[34578]\d{9}$/;
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const LINK_RE = /^(https?:|mailto:|tel:)/i;
export const HTTP_LINK_RE = /^https?:\/\/\S+$/i;
/** A video: an http(s) address, or one uploaded here (`/uploads/<org>/<random>.mp4`). */
export const MEDIA_LINK_RE = /^(https?:\/\/\S+|\/uploads\/\d{1,10}\/[A-Za-z0-9_-]{16,64}\.mp4)$/i;
/** SPEC §5: a Word document imported into a rich-text body (.docx), up to 20 MB. */
export const WORD_MAX_BYTES = 20 * 1024 * 1024;
/** SPEC §5: a tutorial's video, MP4, up to 100 MB. */
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** SPEC §5/§9: a video kept in the media library (the website's own videos), MP4, up to 1024 MB. */
export const LIBRARY_VIDEO_MAX_BYTES = 1024 * 1024 * 1024;
export const MD5_HEX_RE = /^[a-f0-9]{32}$/i;
const CHINESE_RE = /[\u3400-\u9fff\uf900-\ufaff]/;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 18;

export function isPhone(v: string): boolean {
  return PHONE_RE.test(v);
}
export function isEmail(v: string): boolean {
  return EMAIL_RE.test(v);
}
export function isLink(v: string): boolean {
  return LINK_RE.test(v);
}

/** Character classes present in a password: digits, lowercase, uppercase, symbols. */
function passwordClasses(v: string): number {
  return [/\d/, /[a-z]/, /[A-Z]/, /[^A-Za-z0-9]/].filter((re) => re.test(v)).length;
}

/** Returns the i18n key of the first broken rule, or null when the password is acceptable (SPEC §5). */
export function passwordProblem(v: string): string | null {
  if (v.length < PASSWORD_MIN) return 'validation.passwordMin';
  if (v.length > PASSWORD_MAX) return 'validation.passwordFormat';
  if (CHINESE_RE.test(v)) return 'validation.passwordFormat';
  if (passwordClasses(v) < 2) return 'validation.passwordFormat';
  return null;
}

/** Roaming threshold: -100..-60 dBm, or 0 for off (SPEC §5, §9). */
export function isRoamingThreshold(v: number): boolean {
  return v === 0 || (Number.isInteger(v) && v >= -100 && v <= -60);
}

/** Wifi password: longer than 8 characters (SPEC §5). */
export function isWifiPassword(v: string): boolean {
  return v.length > 8;
}

export const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 10 * MB;
export const IMPORT_MAX_BYTES = 10 * MB;
export const SUGGESTION_MAX = 99999;
export const PICKER_LIMIT = 50;

/** Zod pieces for request schemas, each failing with an i18n key as message so the field is named and translated. */
/** An IANA time zone the runtime knows ("Asia/Shanghai", "UTC"); the browser's own sends it with an export. */
export function isTimeZone(v: string): boolean {
  if (!/^[A-Za-z_+\-/0-9]{1,64}$/.test(v)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

export const zTimeZone = z.string().refine(isTimeZone, 'validation.timeZone');
export const zPhone = z.string().trim().regex(PHONE_RE, 'validation.phone');
export const zEmail = z.string().trim().max(254).regex(EMAIL_RE, 'validation.email');
export const zLink = z.string().trim().max(2048).regex(LINK_RE, 'validation.link');
export const zHttpLink = z.string().trim().max(2048).regex(HTTP_LINK_RE, 'validation.httpLink');
export const zMd5 = z.string().regex(MD5_HEX_RE, 'validation.passwordHash').transform((v) => v.toLowerCase());
export const zId = z.coerce.number().int().positive().max(2_147_483_647);
export const zText = (max: number) => z.string().trim().max(max);
export const zRequiredText = (max: number) => z.string().trim().min(1, 'validation.required').max(max);
