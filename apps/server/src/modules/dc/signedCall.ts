import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  Code, SIGNATURE_HEADERS, SIGNATURE_MAX_SKEW_SECONDS, SIGNATURE_NONCE_RE, SIGNATURE_NONCE_TTL_SECONDS, signatureBase,
} from '@gx/contract';
import { organizations, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { Principal } from '../../http/context';
import { AppError } from '../../http/errors';
import { dcCallWindows, dcNonces, dcServices } from './service';

/**
 * Signed calls of approved developer services (docs/developer-api.md). The request carries the app key, a Unix
 * timestamp, a nonce and an HMAC-SHA256 over method, path, timestamp, nonce and the body's SHA-256, keyed with the
 * SHA-256 hex of the app secret — which is what the server stores, so the secret itself is never kept. The call
 * then runs as the service's registrant in the service's organisation, limited to the service's scopes.
 */

/** The SHA-256 hex of the exact body bytes of signed calls, taken while they are read. */
const bodyHashes = new WeakMap<FastifyRequest, string>();

/** The service a request's signature named, once the signature checked out. */
const signedService = new WeakMap<FastifyRequest, number>();

/**
 * Notes a finished signed call for the developer dashboard (the endpoint's `finally`; `callStats.ts` counts it):
 * nothing when the signature never checked out.
 */
export function recordSignedCall(req: FastifyRequest, ok: boolean, ms: number): void {
  const id = signedService.get(req);
  if (id !== undefined) req.server.callStats?.record(id, ok, ms);
}

export const isSignedCall = (req: FastifyRequest): boolean => typeof req.headers[SIGNATURE_HEADERS.appKey] === 'string';

/**
 * Route `preParsing`: for a signed call, reads the body (at most `limit` bytes, else 1011), hashes it and hands the
 * same bytes to the body parser; other requests pass untouched.
 */
export function hashSignedBody(limit: number) {
  return async (req: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream): Promise<NodeJS.ReadableStream> => {
    if (!isSignedCall(req)) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload as AsyncIterable<Buffer | string>) {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += b.length;
      if (size > limit) throw new AppError(Code.PAYLOAD_TOO_LARGE);
      chunks.push(b);
    }
    const body = Buffer.concat(chunks);
    bodyHashes.set(req, createHash('sha256').update(body).digest('hex'));
    return Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });
  };
}

const refuse = (message: string, header: string) => new AppError(Code.SIGNATURE_INVALID, message, header);

function header(req: FastifyRequest, name: string): string {
  const v = req.headers[name];
  if (typeof v !== 'string' || v === '') throw refuse('validation.signatureMissing', name);
  return v;
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface SignedCaller { principal: Principal; scopes: readonly string[] }

/**
 * Checks a signed call, in this order: the headers; an approved service with a secret, of an enabled organisation,
 * registered by an enabled account; the timestamp within five minutes; the signature; the nonce unused (remembered
 * ten minutes); the service's calls this minute under its limit (1010 with `retryAfter`). Each refusal is 1018
 * naming the header, except the rate limit. Nonce and counter are written outside the call's transaction, so a
 * refused or failed call still uses its nonce up.
 */
export async function verifySignedCall(exec: Executor, req: FastifyRequest, now: Date): Promise<SignedCaller> {
  const appKey = header(req, SIGNATURE_HEADERS.appKey);
  const timestamp = header(req, SIGNATURE_HEADERS.timestamp);
  const nonce = header(req, SIGNATURE_HEADERS.nonce);
  const signature = header(req, SIGNATURE_HEADERS.signature).toLowerCase();
  if (!SIGNATURE_NONCE_RE.test(nonce)) throw refuse('validation.signatureMissing', SIGNATURE_HEADERS.nonce);

  const [svc] = await exec.select({
    id: dcServices.id, orgId: dcServices.orgId, key: dcServices.secretHash, scopes: dcServices.scopes, rateLimit: dcServices.rateLimit,
    userId: users.id, username: users.username, nickname: users.nickname,
  }).from(dcServices)
    .innerJoin(organizations, eq(organizations.id, dcServices.orgId))
    .innerJoin(users, eq(users.id, dcServices.createdBy))
    .where(and(eq(dcServices.appKey, appKey), eq(dcServices.state, 'approved'), eq(organizations.status, 1), eq(users.status, 1)));
  if (!svc?.key) throw refuse('validation.signatureAppKey', SIGNATURE_HEADERS.appKey);

  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(seconds) || Math.abs(now.getTime() / 1000 - seconds) > SIGNATURE_MAX_SKEW_SECONDS) {
    throw refuse('validation.signatureStale', SIGNATURE_HEADERS.timestamp);
  }
  const path = (req.raw.url ?? req.url).split('?')[0] ?? '';
  const base = signatureBase(req.method, path, timestamp, nonce, bodyHashes.get(req) ?? createHash('sha256').digest('hex'));
  const expected = createHmac('sha256', svc.key).update(base, 'utf8').digest('hex');
  if (!sameHex(signature, expected)) throw refuse('validation.signatureMismatch', SIGNATURE_HEADERS.signature);
  // From here on the call is the service's: a reused nonce or the rate limit counts as one of its errors.
  signedService.set(req, svc.id);

  await exec.delete(dcNonces).where(and(eq(dcNonces.serviceId, svc.id), lt(dcNonces.expiresAt, now)));
  const taken = await exec.insert(dcNonces).values({ serviceId: svc.id, nonce, expiresAt: new Date(now.getTime() + SIGNATURE_NONCE_TTL_SECONDS * 1000) })
    .onConflictDoNothing().returning({ nonce: dcNonces.nonce });
  if (taken.length === 0) throw refuse('validation.signatureNonce', SIGNATURE_HEADERS.nonce);

  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  await exec.delete(dcCallWindows).where(and(eq(dcCallWindows.serviceId, svc.id), lt(dcCallWindows.windowStart, windowStart)));
  const [w] = await exec.insert(dcCallWindows).values({ serviceId: svc.id, windowStart, calls: 1 })
    .onConflictDoUpdate({ target: [dcCallWindows.serviceId, dcCallWindows.windowStart], set: { calls: sql`${dcCallWindows.calls} + 1` } })
    .returning({ calls: dcCallWindows.calls });
  if ((w?.calls ?? 0) > svc.rateLimit) {
    throw new AppError(Code.TOO_MANY_ATTEMPTS, undefined, undefined, { retryAfter: Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000) });
  }

  // An application never acts as a platform administrator, whoever registered it: its scopes and its registrant's
  // roles in the organisation decide.
  return {
    principal: { userId: svc.userId, username: svc.username, nickname: svc.nickname, sessionId: 0, orgId: svc.orgId, isAdmin: false },
    scopes: svc.scopes.split(',').filter(Boolean),
  };
}
