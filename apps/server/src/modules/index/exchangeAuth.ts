import { eq } from 'drizzle-orm';
import {
  Api, Code, exchangeAuthBody, WECHAT_TICKET_TTL_SECONDS, type ExchangeAuthAnswer, type WechatLoginUrl,
} from '@gx/contract';
import { users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { closedBody, method, noInput, type EndpointSpec } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import { assertCountersBelow, countFailure } from '../../auth/throttle';
import { consumeState, issueState, userOfOpenid } from '../wechat/binding';
import { issueTicket } from '../wechat/ticket';
import { signIn } from './signIn';

/** WeChat sign-ins started and finished per IP within the sign-in window (the states and codes are single use). */
const WECHAT_LOGINS_PER_IP = 60;

async function admit(ctx: RequestContext, step: 'url' | 'exchange'): Promise<void> {
  const now = ctx.services.now();
  const counter = [{ key: `wxl:${step}:${ctx.ip}`, max: WECHAT_LOGINS_PER_IP }];
  const window = ctx.config.throttle.windowSeconds;
  await assertCountersBelow(ctx.db, counter, now, window);
  await countFailure(ctx.db, counter, now, window);
}

/**
 * Signing in with WeChat (the login page's "WeChat"): `url` issues a single-use state for `login` and answers where to
 * scan; WeChat returns to /wxlogin, which sends {code, state} here. An identity bound to an account signs it in
 * exactly as the password does (a disabled one: 1015); an identity bound to nobody is kept under a ticket for
 * /wxbindpage. Not one transaction: the state stays spent whatever follows, so it is never tried twice.
 */
export const exchangeAuthEndpoint: EndpointSpec = {
  path: Api.index.exchangeAuth,
  methods: {
    url: method({
      access: 'public',
      body: noInput('url'),
      readOnly: true,
      transactional: false,
      async handler(ctx): Promise<WechatLoginUrl> {
        await admit(ctx, 'url');
        const state = await issueState(ctx.db, { purpose: 'login', userId: null }, ctx.services.now());
        // WeChat returns to the host the visitor is on (each custom domain is registered as a callback domain).
        return { url: ctx.services.wechat.authorizeUrl(`${ctx.req.protocol}://${ctx.req.host}/wxlogin`, state) };
      },
    }),
    default: method({
      access: 'public',
      body: closedBody(exchangeAuthBody),
      transactional: false,
      async handler(ctx, input): Promise<ExchangeAuthAnswer> {
        await admit(ctx, 'exchange');
        const now = ctx.services.now();
        if (!(await consumeState(ctx.db, input.state, { purpose: 'login', userId: null }, now))) throw fail.validation('state', 'validation.wechatState');
        const exchanged = await ctx.services.wechat.exchange(input.code);
        if (!exchanged.ok) {
          ctx.req.log.warn({ provider: ctx.services.wechat.name, error: exchanged.error }, 'wechat exchange failed');
          throw new AppError(Code.FAILED, 'validation.wechatFailed', 'code');
        }
        const { identity } = exchanged;
        const userId = await userOfOpenid(ctx.db, identity.openid);
        if (userId === null) {
          const ticket = await issueTicket(ctx.db, identity, now);
          return { signed_in: false, ticket, nickname: identity.nickname, expires_in: WECHAT_TICKET_TTL_SECONDS };
        }
        return ctx.db.transaction(async (t) => {
          const tx = t as unknown as Executor;
          const [user] = await tx.select().from(users).where(eq(users.id, userId));
          if (!user) throw fail.validation('state', 'validation.wechatState');
          return { signed_in: true as const, ...(await signIn(ctx, tx, user, 'wechat')) };
        });
      },
    }),
  },
};
