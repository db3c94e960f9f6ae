/** Minimal cookie access for the few values the console keeps in cookies (SPEC §4). */

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

export interface CookieOptions {
  /** Absolute expiry; omitted means a session cookie. */
  expires?: Date;
  /** Lifetime in days, used when `expires` is not given. */
  days?: number;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  const expires = options.expires ?? (options.days ? new Date(Date.now() + options.days * 86_400_000) : undefined);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax${secure}` +
    (expires ? `; expires=${expires.toUTCString()}` : '');
}

export function removeCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${encodeURIComponent(name)}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** Preferences (sidebar, language, theme, size) are remembered for a year. */
export const PREFERENCE_DAYS = 365;
