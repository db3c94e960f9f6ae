import { eq, inArray } from 'drizzle-orm';
import type { NotificationAudience, NotificationKind, NotificationRow } from '@gx/contract';
import type { Executor } from '../../db/client';
import { notificationTargets, type notifications } from '../../db/schema';
import type { Targets } from './audience';

type Row = typeof notifications.$inferSelect;

/** Database rows → the answer shape, with each row's target ids. */
export async function withTargets(exec: Executor, rows: Row[]): Promise<NotificationRow[]> {
  const ids = rows.map((r) => r.id);
  const targets = ids.length
    ? await exec.select().from(notificationTargets).where(inArray(notificationTargets.notificationId, ids))
    : [];
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as NotificationKind,
    title: r.title,
    content: r.content,
    audience: r.audience as NotificationAudience,
    targets: targets.filter((t) => t.notificationId === r.id).map((t) => t.targetId).sort((a, b) => a - b),
    status: (r.status === 1 || r.status === 2 ? r.status : 0),
    published_at: r.publishedAt?.toISOString() ?? null,
    withdrawn_at: r.withdrawnAt?.toISOString() ?? null,
    expires_at: r.expiresAt?.toISOString() ?? null,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function replaceTargets(exec: Executor, notificationId: number, targets: Targets | null): Promise<void> {
  await exec.delete(notificationTargets).where(eq(notificationTargets.notificationId, notificationId));
  if (targets) {
    await exec.insert(notificationTargets).values(targets.ids.map((targetId) => ({ notificationId, targetType: targets.type, targetId })));
  }
}
