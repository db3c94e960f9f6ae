import { Code, md5 } from '@gx/contract';
import { ADMIN_PASSWORD } from './server';

export interface Answer<T = unknown> {
  code: number;
  msg: string;
  field?: string;
  token?: string;
  data?: T;
}

/** One API call as the console makes it: POST /v3<path> with a JSON body and, when given, the bearer token. */
export async function callApi<T = unknown>(base: string, path: string, body: unknown = {}, token?: string): Promise<Answer<T>> {
  const res = await fetch(`${base}/v3${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Answer<T>;
}

/** Signs in through the API; the token, or null when the server refused (or the call broke off). */
export async function trySignIn(base: string, username = 'admin', password = ADMIN_PASSWORD): Promise<string | null> {
  try {
    const r = await callApi(base, '/admin/index/login', { username, password: md5(password), code: '' });
    return r.code === 200 && r.token ? r.token : null;
  } catch {
    return null;
  }
}

export async function signInToken(base: string, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const token = await trySignIn(base, username, password);
  if (!token) throw new Error(`sign-in of ${username} refused`);
  return token;
}

/**
 * Polls every server until each refuses the token as revoked (1005); fails after `limitMs`. The scale-out test waits
 * with it, and the revocation bench times it.
 */
export async function untilRefusedEverywhere(bases: string[], token: string, limitMs: number): Promise<void> {
  const start = Date.now();
  for (;;) {
    const codes = await Promise.all(bases.map(async (b) => (await callApi(b, '/admin/index/info', {}, token)).code));
    if (codes.every((c) => c === Code.SESSION_REVOKED)) return;
    if (Date.now() - start > limitMs) throw new Error(`still answered ${codes.join(', ')} after ${limitMs / 1000} s`);
  }
}

/** `callApi` that insists on success, for setting up data and reading it back: the answer's data. */
export async function ok<T = unknown>(base: string, path: string, body: Record<string, unknown>, token?: string): Promise<T> {
  const env = await callApi<T>(base, path, body, token);
  if (env.code !== 200) throw new Error(`${path} ${String(body['method'] ?? '')}: ${env.code} ${env.msg} ${env.field ?? ''}`);
  return env.data as T;
}
