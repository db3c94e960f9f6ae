import { ApiError } from '../../api/errors';
import { requestData, type Body } from '../../api/request';

/**
 * The public pages' calls: no overlay, no toast (each page says what went wrong beside its form) and no session
 * handling, since nobody is signed in.
 */
export function publicCall<T>(path: string, body: Body): Promise<T> {
  return requestData<T>(path, body, { loading: false, silent: true, resetOnSessionEnd: false });
}

/** The failure's code and text for the page, whatever went wrong. */
export function failureOf(e: unknown, fallback: string): { code: number; field: string | undefined; text: string } {
  if (e instanceof ApiError) return { code: e.code, field: e.field, text: e.message || fallback };
  return { code: 0, field: undefined, text: fallback };
}
