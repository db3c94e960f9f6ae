import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Api, CAPTCHA_COOKIE, Code, REGISTER_LIMITS, registerBody, registerSendCodeBody, type LoginAnswer, type SendCodeAnswer,
} from '@gx/contract';
import { users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { closedBody, method, type EndpointSpec } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { readCookie } from '../../http/cookies';
import { consumeCaptcha } from '../../auth/captcha';
import { hashPasswordMd5 } from '../../auth/password';
import { assertCountersBelow, countFailure } from '../../auth/throttle';
import { assertMaySendCode, checkCode, CODE_CAP_WINDOW_S, sendCode, spendCode, type CodeScope } from '../../auth/smsCode';
import { writeOperationLog } from '../../audit/operationLog';
import { signIn } from './signIn';

/** The SMS template of registration codes (the provider's registered template; `{code}` is its parameter). */
export const REGISTER_TEMPLATE = 'account_register';

const codeScope = (phone: string): CodeScope => ({ orgId: null, kind: 'register', phone });
const registrationsOf = (ip: string) => ({ key: `reg:done:${ip}`, max: REGISTER_LIMITS.registrationsPerIpDay });

async function assertPhoneFree(exec: Executor, phone: string): Promise<void> {
  const [taken] = await exec.select({ id: users.id }).from(users).where(eq(users.cellphone, phone)).limit(1);
  if (taken) throw new AppError(Code.CONFLICT, 'validation.phoneTaken', 'phone');
}

export type NewAccount = z.output<typeof registerBody>;

/**
 * Makes an account (SPEC §5 username, the MD5 password, the phone its SMS code proved) in no organisation, and
 * signs it in as sign-in does. Refusals name their field: a wrong code `sms_code` (counted, 5 tries a code), a taken
 * username or phone 1007. The code is checked before the names, so asking whether a name is taken takes a code
 * sent to one's own phone; it is spent only by the transaction that makes the account. `then` runs in that
 * transaction with the new account (binding a scanned WeChat identity).
 */
export async function registerAccount(
  ctx: RequestContext, input: NewAccount, o: { nickname?: string; how: string; then?: (tx: Executor, userId: number) => Promise<void> },
): Promise<LoginAnswer> {
  const now = ctx.services.now();
  await assertCountersBelow(ctx.db, [registrationsOf(ctx.ip)], now, CODE_CAP_WINDOW_S);
  const codeId = await checkCode(ctx.db, codeScope(input.phone), input.sms_code, now, 'sms_code');
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Executor;
    const [nameTaken] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, input.username.toLowerCase())).limit(1);
    if (nameTaken) throw new AppError(Code.CONFLICT, 'validation.usernameTaken', 'username');
    // Two registrations of one phone at the same moment (two codes) queue here, so the second sees the first's account.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`register:${input.phone}`}))`);
    await assertPhoneFree(tx, input.phone);
    await spendCode(tx, codeId, now, 'sms_code');
    const [user] = await tx.insert(users).values({
      username: input.username, passwordHash: await hashPasswordMd5(input.password), cellphone: input.phone,
      nickname: (o.nickname ?? '').slice(0, 64), currentOrgId: null, createdAt: now, updatedAt: now,
    }).returning();
    if (!user) throw new Error('user insert returned nothing');
    await o.then?.(tx, user.id);
    await countFailure(tx, [registrationsOf(ctx.ip)], now, CODE_CAP_WINDOW_S);
    await writeOperationLog(tx, {
      userId: user.id, username: user.username, orgId: null, ip: ctx.ip, action: 'register',
      target: user.id, after: { username: user.username, cellphone: user.cellphone, how: o.how }, requestId: ctx.requestId,
    });
    return signIn(ctx, tx, user, o.how);
  });
}

/** /register: a code to the phone (captcha first, when on), then the account. Public, capped per phone and per IP. */
export const registerEndpoint: EndpointSpec = {
  path: Api.index.register,
  methods: {
    send_code: method({
      access: 'public',
      body: closedBody(registerSendCodeBody, 'send_code'),
      // The captcha is spent and the caps counted whatever happens next.
      transactional: false,
      readOnly: true,
      async handler(ctx, input): Promise<SendCodeAnswer> {
        const now = ctx.services.now();
        const L = REGISTER_LIMITS;
        const scope = codeScope(input.phone);
        const caps = [{ key: `reg:p:${input.phone}`, max: L.sendsPerPhoneDay }, { key: `reg:ip:${ctx.ip}`, max: L.sendsPerIpDay }];
        await assertMaySendCode(ctx.db, scope, caps, L.sendIntervalS, now);
        if (ctx.config.captcha) await consumeCaptcha(ctx.db, readCookie(ctx.req, CAPTCHA_COOKIE), input.code, now);
        // No SMS to a number that could not register anyway.
        await assertPhoneFree(ctx.db, input.phone);
        await sendCode(ctx, scope, { caps, validityMin: L.codeValidityMin, signName: ctx.config.sms.signName, templateCode: REGISTER_TEMPLATE });
        return { resend_after: L.sendIntervalS, valid_min: L.codeValidityMin };
      },
    }),
    default: method({
      access: 'public',
      body: closedBody(registerBody),
      // Wrong codes are counted and must survive the refusal; the account is made in a transaction of its own.
      transactional: false,
      async handler(ctx, input): Promise<LoginAnswer> {
        return registerAccount(ctx, input, { how: 'register' });
      },
    }),
  },
};
