import { desc, eq } from 'drizzle-orm';
import { Api, md5, type Envelope, type SendCodeAnswer } from '@gx/contract';
import { smsMessages, users } from '../db/schema';
import { hashPlainPassword } from '../auth/password';
import type { TestApp } from './testApp';

/**
 * Self-service accounts as a browser does them, for tests of a server started with TRUST_PROXY on (so `ip` is the
 * caller's address) and a fixed captcha text.
 */

/** Loads a captcha image as the browser at `ip` does; answers the cookie binding the challenge to it. */
export async function captchaCookie(t: TestApp, ip: string): Promise<string> {
  const res = await fetch(`${t.url}/v3${Api.index.captcha}`, { headers: { 'x-forwarded-for': ip } });
  await res.text();
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A public call from `ip`, with a cookie when given. */
export function callFrom<T = unknown>(t: TestApp, ip: string, path: string, body: Record<string, unknown>, cookie = ''): Promise<Envelope<T>> {
  return t.post<T>(path, body, { headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } });
}

/** Asks for a registration code to `phone` from `ip`, answering the captcha `answer`. */
export async function sendRegisterCode(t: TestApp, ip: string, phone: string, answer: string): Promise<Envelope<SendCodeAnswer>> {
  return callFrom<SendCodeAnswer>(t, ip, Api.index.register, { method: 'send_code', phone, code: answer }, await captchaCookie(t, ip));
}

/** The last code the local SMS provider sent to `phone` (it keeps the parameters). */
export async function lastSmsCode(t: TestApp, phone: string): Promise<string> {
  const [m] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.phone, phone)).orderBy(desc(smsMessages.id)).limit(1);
  return (m?.params as { code?: string } | null)?.code ?? '';
}

/** A new account's fields, with the password as the console sends it. */
export function accountFields(username: string, phone: string, smsCode: string, password = 'Secret#2026') {
  return { username, password: md5(password), phone, sms_code: smsCode, accept_terms: true };
}

/** An account inserted as it is (no sign-in, which the captcha would stop), in no organisation unless given. */
export async function insertAccount(
  t: TestApp, o: { username: string; password?: string; cellphone?: string; status?: number; orgId?: number },
): Promise<number> {
  const [u] = await t.database.db.insert(users).values({
    username: o.username, passwordHash: await hashPlainPassword(o.password ?? 'Secret#2026'), cellphone: o.cellphone ?? '',
    status: o.status ?? 1, currentOrgId: o.orgId ?? null,
  }).returning({ id: users.id });
  if (!u) throw new Error('user insert failed');
  return u.id;
}
