/**
 * Signed calls of developer services (docs/developer-api.md): a server-to-server request to any `/v3` endpoint,
 * authenticated by the service's app key and an HMAC-SHA256 signature instead of a session. Written once here so
 * the server, the tests and the documented client build the same string.
 */

/** Request headers of a signed call (lower case, as Node and Fastify present them). */
export const SIGNATURE_HEADERS = {
  appKey: 'x-gx-app-key',
  timestamp: 'x-gx-timestamp',
  nonce: 'x-gx-nonce',
  signature: 'x-gx-signature',
} as const;

/** Largest difference between the caller's clock (the timestamp) and the server's, in seconds. */
export const SIGNATURE_MAX_SKEW_SECONDS = 300;
/** How long a used nonce is remembered (and refused again), in seconds: longer than the skew on both sides. */
export const SIGNATURE_NONCE_TTL_SECONDS = 600;
/** A nonce: 16–64 characters of letters, digits, `-` and `_` (e.g. a UUID or 16 random bytes in hex). */
export const SIGNATURE_NONCE_RE = /^[A-Za-z0-9_-]{16,64}$/;
/** Calls one service may make per minute unless the platform sets another limit on it. */
export const DEFAULT_SERVICE_RATE_PER_MINUTE = 600;

/**
 * The string that is signed: method, path (`/v3/…`, no query), timestamp (Unix seconds), nonce and the SHA-256 hex
 * of the exact body bytes sent (of the empty string for no body), one per line. The key is the SHA-256 hex of the
 * app secret; the signature is the HMAC-SHA256 of this string, in lower-case hex.
 */
export function signatureBase(method: string, path: string, timestamp: string, nonce: string, bodySha256Hex: string): string {
  return [method.toUpperCase(), path, timestamp, nonce, bodySha256Hex].join('\n');
}
