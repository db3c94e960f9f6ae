import { randomBytes } from 'node:crypto';

/**
 * Invitation codes: 12 upper-case hex characters (48 random bits), the format the seed gives the platform
 * organisation. People type them, so the comparison is on the trimmed, upper-cased text.
 */
export function newInviteCode(): string {
  return randomBytes(6).toString('hex').toUpperCase();
}

export function normaliseInviteCode(code: string): string {
  return code.trim().toUpperCase();
}
