/**
 * The `redirect` query of /login is user-controlled: accept only same-origin absolute paths, never `//host` or a
 * scheme, and never the login page itself.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return fallback;
  return value;
}
