import {
  Api, wechatBindAccountBody, wechatRegisterBody, wechatTicketBody, type LoginAnswer, type WechatTicketDetail,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { closedBody, method, type EndpointSpec } from '../../http/endpoint';
import { assertCountersBelow, countFailure } from '../../auth/throttle';
import { writeOperationLog } from '../../audit/operationLog';
import { checkCredentials } from '../index/credentials';
import { registerAccount } from '../index/register';
import { signIn } from '../index/signIn';
import { bindWechat } from './binding';
import { readTicket, takeTicket } from './ticket';

/** Looks at tickets per IP within the sign-in window (a ticket is 128 random bits; this only bounds the asking). */
const TICKET_READS_PER_IP = 120;

/** Takes the ticket and binds its identity to the account, in the transaction that signs the account in. */
async function bindTicket(ctx: RequestContext, tx: Executor, ticket: string, user: { id: number; username: string }): Promise<void> {
  const now = ctx.services.now();
  const identity = await takeTicket(tx, ticket, now);
  const { before } = await bindWechat(tx, user.id, identity, now, 'ticket');
  await writeOperationLog(tx, {
    userId: user.id, username: user.username, orgId: null, ip: ctx.ip, action: 'wechat_bind', target: user.id,
    before: before === null ? null : { wechat: before }, after: { wechat: identity.nickname }, requestId: ctx.requestId,
  });
}

/**
 * /wxbindpage: a WeChat identity bound to nobody (its ticket from the WeChat sign-in) becomes an account's — an
 * existing one proven by username, password and captcha (counted like sign-in failures), or a new one made by the
 * same rules as /register — and that account is signed in. An identity another account took meanwhile: 1007 on
 * `ticket`; a used or expired ticket: 1001 on `ticket`, and the page leads back to /login.
 */
export const wechatRegisterEndpoint: EndpointSpec = {
  path: Api.shell.wechatRegister,
  methods: {
    detail: method({
      access: 'public',
      body: closedBody(wechatTicketBody, 'detail'),
      readOnly: true,
      transactional: false,
      async handler(ctx, input): Promise<WechatTicketDetail> {
        const now = ctx.services.now();
        const counter = [{ key: `wxt:ip:${ctx.ip}`, max: TICKET_READS_PER_IP }];
        await assertCountersBelow(ctx.db, counter, now, ctx.config.throttle.windowSeconds);
        await countFailure(ctx.db, counter, now, ctx.config.throttle.windowSeconds);
        const { identity, expiresAt } = await readTicket(ctx.db, input.ticket, now);
        return { nickname: identity.nickname, avatar: identity.avatar, expires_in: Math.ceil((expiresAt.getTime() - now.getTime()) / 1000) };
      },
    }),
    bind: method({
      access: 'public',
      body: closedBody(wechatBindAccountBody, 'bind'),
      // Sign-in failures are counted and must survive the refusal.
      transactional: false,
      async handler(ctx, input): Promise<LoginAnswer> {
        // A dead ticket is said before the captcha and the password are spent on it.
        await readTicket(ctx.db, input.ticket, ctx.services.now());
        const user = await checkCredentials(ctx, input);
        return ctx.db.transaction(async (t) => {
          const tx = t as unknown as Executor;
          await bindTicket(ctx, tx, input.ticket, user);
          return signIn(ctx, tx, user, 'wechat');
        });
      },
    }),
    register: method({
      access: 'public',
      body: closedBody(wechatRegisterBody, 'register'),
      transactional: false,
      async handler(ctx, input): Promise<LoginAnswer> {
        const { ticket, ...account } = input;
        const { identity } = await readTicket(ctx.db, ticket, ctx.services.now());
        return registerAccount(ctx, account, {
          how: 'wechat', nickname: identity.nickname,
          then: (tx, userId) => bindTicket(ctx, tx, ticket, { id: userId, username: account.username }),
        });
      },
    }),
  },
};
