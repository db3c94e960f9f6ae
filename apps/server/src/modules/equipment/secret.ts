import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device secrets are 128 random bits, answered once and stored as SHA-256. A slow hash (scrypt) protects
 * guessable passwords; a random secret cannot be guessed, and a reconnect storm of 10,000 devices must not cost
 * 10,000 scrypt runs.
 */
export function newSecret(): string {
  return randomBytes(16).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
