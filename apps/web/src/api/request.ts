import {
  API_PREFIX,
  Code,
  READ_ONLY_METHODS,
  SESSION_RESET_CODES,
  SILENT_METHODS,
  TOKEN_COOKIE,
  type Envelope,
} from '@gx/contract';
import i18n from '../locales';
import { useAppStore } from '../store/app';
import { getCookie, removeCookie } from '../utils/cookie';
import { ApiError, NetworkError } from './errors';
import { toast, toastTwice } from './feedback';
import { loadingStore } from './loading';

/**
 * The one request wrapper (SPEC §7, §8). Every /v3 call goes through `request`; it owns headers, the loading overlay,
 * toasts and the session-reset codes, so callers only see typed data or a thrown ApiError / NetworkError.
 */
export type Body = Record<string, unknown>;

export interface RequestOptions {
  /** How the body is encoded; uploads pass a FormData and get multipart. Default JSON. */
  encoding?: 'json' | 'form';
  /** Show the loading overlay while the call runs. Default true. */
  loading?: boolean;
  /** No toasts at all, success or failure: for shell calls that swallow their failures (SPEC §8). */
  silent?: boolean;
  /** No "operation succeeded" toast, failures still toast: for changes the user sees happen (the theme). */
  quietSuccess?: boolean;
  /** Failures with these codes throw without a toast: the caller answers them (IN_USE asks before removing). */
  quietCodes?: readonly number[];
  /**
   * Reset the token and reload on 1002/1004/1005 (SPEC §8). Default true; the route guard's session load turns it
   * off because it clears the token itself and shows why before going to login (SPEC §2).
   */
  resetOnSessionEnd?: boolean;
  /** Milliseconds; none by default (SPEC §7). */
  timeout?: number;
  signal?: AbortSignal;
}

function headers(encoding: RequestOptions['encoding'], multipart: boolean): Headers {
  const { language, theme } = useAppStore.getState();
  const h = new Headers({ Accept: 'application/json', 'Accept-Language': language, theme });
  const token = getCookie(TOKEN_COOKIE);
  if (token) h.set('Authorization', `Bearer ${token}`);
  if (!multipart) {
    h.set('Content-Type', encoding === 'form' ? 'application/x-www-form-urlencoded;charset=UTF-8' : 'application/json');
  }
  return h;
}

function encode(body: Body | FormData | undefined, encoding: RequestOptions['encoding']): BodyInit {
  if (body instanceof FormData) return body;
  if (encoding === 'form') {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(body ?? {})) if (v !== undefined && v !== null) params.append(k, String(v));
    return params;
  }
  return JSON.stringify(body ?? {});
}

function methodOf(body: Body | FormData | undefined): string | undefined {
  const m = body instanceof FormData ? body.get('method') : body?.['method'];
  return typeof m === 'string' ? m : undefined;
}

let resetting = false;

/**
 * The page is leaving the session on purpose (logout) and navigates to login itself: a 1002/1004/1005 answered from
 * now on (the logout call, or a refetch after the server closed the live stream) must not reload the page, since a
 * reload racing that navigation can leave the page on neither.
 */
export function leavingSession(): void {
  resetting = true;
}

/** SPEC §4: 1002/1004/1005 reset the token and reload; the route guard then sends the user to login. */
function resetSession(): void {
  if (resetting) return;
  resetting = true;
  removeCookie(TOKEN_COOKIE);
  location.reload();
}

function handle<T>(env: Envelope<T>, method: string | undefined, silent: boolean, resetOnSessionEnd: boolean, quietSuccess = false, quietCodes: readonly number[] = []): Envelope<T> {
  if (env.code === Code.OK) {
    if (!silent && !quietSuccess && method && !READ_ONLY_METHODS.includes(method) && env.msg) toast('success', env.msg);
    return env;
  }
  const hadToken = Boolean(getCookie(TOKEN_COOKIE));
  const quiet = silent || quietCodes.includes(env.code) || (method !== undefined && SILENT_METHODS.includes(method));
  const text = env.msg || i18n.t('request.error');
  if (!quiet) {
    if (env.code === Code.ACTION_REQUIRED) toastTwice('warning', text);
    else toast('error', text);
  }
  // Without a token there is no session to reset (e.g. a public call); reloading would only loop.
  if (resetOnSessionEnd && SESSION_RESET_CODES.includes(env.code) && hadToken) resetSession();
  throw new ApiError(env);
}

async function send(url: string, init: RequestInit, timeout: number | undefined): Promise<Response> {
  if (!timeout) return fetch(url, init);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  init.signal?.addEventListener('abort', () => controller.abort());
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (e) {
    if (controller.signal.aborted && !init.signal?.aborted) throw new NetworkError(i18n.t('request.timeout'), true);
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

export async function request<T = unknown>(
  path: string,
  body?: Body | FormData,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const { encoding = 'json', loading = true, silent = false, quietSuccess = false, quietCodes, resetOnSessionEnd = true, timeout, signal } = options;
  const multipart = body instanceof FormData;
  const method = methodOf(body);
  if (loading) loadingStore.begin();
  try {
    let env: Envelope<T>;
    try {
      const res = await send(
        `${API_PREFIX}${path}`,
        { method: 'POST', headers: headers(encoding, multipart), body: encode(body, encoding), credentials: 'same-origin', ...(signal ? { signal } : {}) },
        timeout,
      );
      if (!res.ok) throw new NetworkError(`HTTP ${res.status}`);
      env = (await res.json()) as Envelope<T>;
      if (typeof env !== 'object' || env === null || typeof env.code !== 'number') throw new NetworkError('Malformed answer');
    } catch (e) {
      if (signal?.aborted) throw e;
      const err = e instanceof NetworkError ? e : new NetworkError(e instanceof Error ? e.message : String(e));
      if (!silent) toast('error', err.timedOut ? err.message : i18n.t('request.networkError'));
      throw err;
    }
    return handle(env, method, silent, resetOnSessionEnd, quietSuccess, quietCodes);
  } finally {
    if (loading) loadingStore.end();
  }
}

/** `request` for calls whose answer is the `data` field. */
export async function requestData<T>(path: string, body?: Body | FormData, options?: RequestOptions): Promise<T> {
  const env = await request<T>(path, body, options);
  return env.data as T;
}

/** A file answered in place of the envelope (`Content-Disposition: attachment`). */
export interface FileAnswer {
  blob: Blob;
  filename: string;
}

/** The file name of an attachment: RFC 5987's UTF-8 form first, then the plain one. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      /* a malformed name falls through to the plain one */
    }
  }
  return /filename="([^"]*)"/i.exec(disposition ?? '')?.[1] || fallback;
}

/**
 * `request` for calls that answer with a file (a streamed export): the file when the server sends one, the usual
 * envelope handling (toasts, session codes, ApiError) when it answers with an envelope instead, as on a refusal.
 */
export async function requestFile(path: string, body: Body, options: RequestOptions = {}): Promise<FileAnswer> {
  const { loading = true, silent = false, resetOnSessionEnd = true, timeout, signal } = options;
  const method = methodOf(body);
  if (loading) loadingStore.begin();
  try {
    let res: Response;
    try {
      res = await send(
        `${API_PREFIX}${path}`,
        { method: 'POST', headers: headers('json', false), body: encode(body, 'json'), credentials: 'same-origin', ...(signal ? { signal } : {}) },
        timeout,
      );
      if (!res.ok) throw new NetworkError(`HTTP ${res.status}`);
    } catch (e) {
      if (signal?.aborted) throw e;
      const err = e instanceof NetworkError ? e : new NetworkError(e instanceof Error ? e.message : String(e));
      if (!silent) toast('error', err.timedOut ? err.message : i18n.t('request.networkError'));
      throw err;
    }
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      handle(await res.json() as Envelope, method, silent, resetOnSessionEnd);
      throw new NetworkError('Expected a file');
    }
    try {
      return { blob: await res.blob(), filename: attachmentName(res.headers.get('content-disposition'), 'download') };
    } catch (e) {
      // The stream broke after its first byte (the server failed mid-file, or the network went).
      if (!silent) toast('error', i18n.t('request.networkError'));
      throw new NetworkError(e instanceof Error ? e.message : String(e));
    }
  } finally {
    if (loading) loadingStore.end();
  }
}
