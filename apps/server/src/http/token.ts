import type { FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '@gx/contract';
import { readCookie } from './cookies';

/**
 * The bearer token of a request. POST calls must use the Authorization header (a cookie alone would let another
 * site make calls on the user's behalf); GET reads of served files may use the gx-token cookie.
 */
export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h && /^Bearer\s+/i.test(h)) {
    const t = h.replace(/^Bearer\s+/i, '').trim();
    return t.length > 0 && t.length <= 256 ? t : null;
  }
  if (req.method === 'GET') return readCookie(req, TOKEN_COOKIE);
  return null;
}
