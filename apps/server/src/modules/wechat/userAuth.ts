import { Api, Code, wechatUserAuthBody, type WechatUserAuthAnswer } from '@gx/contract';
import type { Executor } from '../../db/client';
import { closedBody, method, type EndpointSpec } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import { bindWechat, consumeState } from './binding';

/**
 * The /wxlogin page's call after WeChat redirects back with {code, state}: binds the scanned account to the
 * signed-in user who asked for the state. Not one transaction: the state must stay spent even when the exchange
 * or the binding fails, so a state is never tried twice.
 */
export const wechatUserAuthEndpoint: EndpointSpec = {
  path: Api.shell.wechatUserAuth,
  methods: {
    default: method({
      access: 'user',
      body: closedBody(wechatUserAuthBody),
      transactional: false,
      async handler(ctx, input): Promise<WechatUserAuthAnswer> {
        const p = ctx.user();
        const now = ctx.services.now();
        if (!(await consumeState(ctx.db, input.state, { purpose: 'bind', userId: p.userId }, now))) throw fail.validation('state', 'validation.wechatState');
        const exchanged = await ctx.services.wechat.exchange(input.code);
        if (!exchanged.ok) {
          ctx.req.log.warn({ provider: ctx.services.wechat.name, error: exchanged.error }, 'wechat exchange failed');
          throw new AppError(Code.FAILED, 'validation.wechatFailed', 'code');
        }
        const { identity } = exchanged;
        return ctx.db.transaction(async (tx) => {
          const exec = tx as unknown as Executor;
          const { before } = await bindWechat(exec, p.userId, identity, now);
          await ctx.audit(exec, { target: p.userId, before: before === null ? null : { wechat: before }, after: { wechat: identity.nickname } });
          return { nickname: identity.nickname };
        });
      },
    }),
  },
};
