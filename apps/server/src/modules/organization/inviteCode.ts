import { randomInt } from 'node:crypto';
import type { Counter } from '../../auth/throttle';

/**
 * Invitation codes: 16 characters of Crockford's base-32 alphabet (80 random bits; no I, L, O or U to misread),
 * valid for INVITE_CODE_DAYS. People type them, so the comparison is on the trimmed, upper-cased text. Codes issued
 * before codes expired (12 hex characters) keep working until the expiry the migration gave them (30 days).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const INVITE_CODE_LENGTH = 16;
export const INVITE_CODE_DAYS = 7;

export function newInviteCode(): string {
  let out = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function inviteExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITE_CODE_DAYS * 86_400_000);
}

export function normaliseInviteCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Wrong codes allowed per user and per IP within the sign-in throttle's window before 1010. */
export const JOIN_MAX_PER_USER = 10;
export const JOIN_MAX_PER_IP = 30;

export function joinCounters(userId: number, ip: string): Counter[] {
  return [{ key: `join:u:${userId}`, max: JOIN_MAX_PER_USER }, { key: `join:ip:${ip}`, max: JOIN_MAX_PER_IP }];
}
