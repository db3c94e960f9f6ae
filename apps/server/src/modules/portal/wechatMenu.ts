import { eq, sql } from 'drizzle-orm';
import { Code, closedObject, methodField, PortalApi, wechatMenuBody, type WechatMenuDetail, type WechatMenuItem } from '@gx/contract';
import type { Executor } from '../../db/client';
import { wechatMenus } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { method, type EndpointSpec } from '../../http/endpoint';
import { AppError } from '../../http/errors';

/** Drops empty optional fields so the stored and published JSON is what WeChat documents, nothing more. */
function clean(items: WechatMenuItem[]): WechatMenuItem[] {
  return items.map((b) => {
    const out: WechatMenuItem = { name: b.name };
    if (b.sub_button?.length) {
      out.sub_button = clean(b.sub_button);
      return out;
    }
    out.type = b.type;
    if (b.type === 'click') out.key = b.key;
    if (b.type === 'view' || b.type === 'miniprogram') out.url = b.url;
    if (b.type === 'miniprogram') { out.appid = b.appid; out.pagepath = b.pagepath; }
    return out;
  });
}

async function detailOf(ctx: RequestContext, exec: Executor): Promise<WechatMenuDetail> {
  const [row] = await exec.select().from(wechatMenus).where(eq(wechatMenus.orgId, ctx.orgId()));
  const menu = (row?.menu ?? []) as WechatMenuItem[];
  return {
    button: menu,
    updated_at: row?.updatedAt.toISOString() ?? null,
    published_at: row?.publishedAt?.toISOString() ?? null,
    unpublished: !!row && JSON.stringify(row.menu) !== JSON.stringify(row.published),
    provider: ctx.services.wechatMenu.name,
  };
}

/**
 * SPEC §7 `/admin/other_business/wechat_menu`: the organisation's official-account menu. `save` keeps a tree within
 * WeChat's limits (the contract's schema), `publish` sends the saved tree through the WeChat menu interface and
 * records what was published.
 */
export const wechatMenuEndpoint: EndpointSpec = {
  path: PortalApi.wechatMenu,
  methods: {
    detail: method({
      access: 'portal.wechat_menu.detail',
      body: closedObject({ method: methodField }),
      readOnly: true,
      handler: (ctx) => detailOf(ctx, ctx.db),
    }),
    save: method({
      access: 'portal.wechat_menu.save',
      body: closedObject({ method: methodField, button: wechatMenuBody }),
      async handler(ctx, input): Promise<WechatMenuDetail> {
        const orgId = ctx.orgId();
        const before = await detailOf(ctx, ctx.db);
        const menu = clean(input.button as WechatMenuItem[]);
        const now = ctx.services.now();
        await ctx.db.insert(wechatMenus).values({ orgId, menu, updatedAt: now })
          .onConflictDoUpdate({ target: wechatMenus.orgId, set: { menu: sql`excluded.menu`, updatedAt: now } });
        await ctx.audit(ctx.db, { target: orgId, before: { button: before.button }, after: { button: menu } });
        return detailOf(ctx, ctx.db);
      },
    }),
    publish: method({
      access: 'portal.wechat_menu.publish',
      body: closedObject({ method: methodField }),
      async handler(ctx): Promise<WechatMenuDetail> {
        const orgId = ctx.orgId();
        const [row] = await ctx.db.select().from(wechatMenus).where(eq(wechatMenus.orgId, orgId)).for('update');
        const menu = (row?.menu ?? []) as WechatMenuItem[];
        if (!menu.length) throw new AppError(Code.VALIDATION, 'validation.wechatMenuEmpty', 'button');
        const result = await ctx.services.wechatMenu.publish({ button: menu });
        if (!result.ok) {
          ctx.req.log.warn({ provider: ctx.services.wechatMenu.name, error: result.error }, 'wechat menu publish failed');
          throw new AppError(Code.FAILED, 'validation.publishFailed');
        }
        await ctx.db.update(wechatMenus).set({ published: menu, publishedAt: ctx.services.now() }).where(eq(wechatMenus.orgId, orgId));
        await ctx.audit(ctx.db, { target: orgId, after: { published: menu } });
        return detailOf(ctx, ctx.db);
      },
    }),
  },
};
