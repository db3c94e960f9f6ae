import { and, eq } from 'drizzle-orm';
import { authorizedSendResource } from '@gx/contract';
import { buttons, notifications, notificationTargets, organizations, roleButtons, roles, userRoles } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';

/** Holders of this key in the receiving organisation (and its owner) hear of a licence grant sent to it. */
export const LICENCE_GRANT_ACCEPT_KEY = 'business.authorized_receive.accept';

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Tells the receiving organisation's people who can accept a new grant (its owner and holders of the accept key) with
 * one published notification in both languages, naming the sender, feature and quantity. Runs in the send's
 * transaction, so a refused send notifies nobody.
 */
export async function notifyLicenceGrant(ctx: RequestContext, exec: Executor, grant: { toOrgId: number; feature: string; quantity: number }): Promise<void> {
  const [receiver] = await exec.select({ ownerId: organizations.ownerId }).from(organizations).where(eq(organizations.id, grant.toOrgId));
  const [sender] = await exec.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, ctx.orgId()));
  const holders = await exec.selectDistinct({ userId: userRoles.userId }).from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .innerJoin(roleButtons, eq(roleButtons.roleId, userRoles.roleId))
    .innerJoin(buttons, eq(buttons.id, roleButtons.buttonId))
    .where(and(eq(userRoles.orgId, grant.toOrgId), eq(buttons.key, LICENCE_GRANT_ACCEPT_KEY)));
  const to = new Set(holders.map((h) => h.userId));
  if (receiver?.ownerId) to.add(receiver.ownerId);
  if (!to.size) return;
  const feature = authorizedSendResource.fields.feature.options?.find((o) => o.value === grant.feature)?.label;
  const what = feature ? `${feature.zh_CN} / ${feature.en}` : grant.feature;
  const now = ctx.services.now();
  const [row] = await exec.insert(notifications).values({
    orgId: grant.toOrgId, kind: 'inform', title: '收到新的设备授权 / New licences to receive',
    content: `<p>${escapeHtml(sender?.name ?? '')} · ${escapeHtml(what)} × ${grant.quantity}</p>`,
    audience: 'users', status: 1, publishedAt: now, createdBy: ctx.user().userId, createdAt: now, updatedAt: now,
  }).returning({ id: notifications.id });
  await exec.insert(notificationTargets).values([...to].map((userId) => ({ notificationId: row!.id, targetType: 'user', targetId: userId })));
  ctx.afterCommit(() => ctx.req.server.liveBus.publish({ type: 'unread_changed' }));
}
