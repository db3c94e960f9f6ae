import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { md5 } from '@gx/contract';

/**
 * Passwords arrive as the MD5 hex the console computes (SPEC §5). We never store that MD5: we store a salted
 * scrypt of it, so a leaked table does not hand out login-ready hashes.
 */
const PARAMS = { N: 16384, r: 8, p: 1, keylen: 32 };

function scrypt(secret: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(secret, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPasswordMd5(md5Hex: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(md5Hex.toLowerCase(), salt, PARAMS.keylen, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Convenience for seeding and tests: hash a plain password the way the console would send it. */
export function hashPlainPassword(plain: string): Promise<string> {
  return hashPasswordMd5(md5(plain));
}

export async function verifyPasswordMd5(md5Hex: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(md5Hex.toLowerCase(), Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash that never matches, verified against unknown usernames so timing does not reveal which exist. */
export const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;
