import type { WechatBindData } from '@gx/contract';
import type { RequestContext } from '../../http/context';
import { fail } from '../../http/errors';
import { issueState, unbindWechat, WECHAT_STATE_TTL_SECONDS } from '../wechat/binding';

/**
 * `we_chart`: what the QR widget needs. WeChat redirects to `<domain>/wxlogin`, on the host the user is on, so every
 * custom domain works as long as it is registered as the app's callback domain on the open platform.
 */
export async function wechatBindData(ctx: RequestContext): Promise<WechatBindData> {
  const p = ctx.user();
  const state = await issueState(ctx.db, { purpose: 'bind', userId: p.userId }, ctx.services.now());
  const domain = `${ctx.req.protocol}://${ctx.req.host}`;
  const provider = ctx.services.wechat;
  return {
    AppID: provider.appId,
    domain,
    state,
    url: provider.authorizeUrl(`${domain}/wxlogin`, state),
    provider: provider.name,
    expires_in: WECHAT_STATE_TTL_SECONDS,
  };
}

export async function unbundle(ctx: RequestContext): Promise<null> {
  const p = ctx.user();
  const removed = await unbindWechat(ctx.db, p.userId);
  if (!removed) throw fail.notFound('validation.wechatNotBound');
  await ctx.audit(ctx.db, { target: p.userId, before: { wechat: removed.nickname }, after: { wechat: null } });
  return null;
}
