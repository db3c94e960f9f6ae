import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, organizationManagers } from '../../db/schema';

export interface SuccessionScope {
  orgId: number;
  fromUserId: number;
  toUserId: number;
}

/** Moves what the leaver owns in one organisation to the inheritor; answers how many rows moved. */
export type SuccessionTransfer = (exec: Executor, scope: SuccessionScope) => Promise<number>;

/**
 * Every kind of record a person owns, by name. An area whose rows have an owner adds one line here, and the
 * resignation handover (SPEC §2 leave inheritance) moves them too. Each transfer stays inside the organisation.
 * The organisation's ownership is not among them: an owner is never handed over (ownership changes by its own action).
 */
export const successionTransfers: Record<string, SuccessionTransfer> = {
  /** The manager designation (title included), unless the inheritor already manages the organisation. */
  async organizationManager(exec, s) {
    const [already] = await exec
      .select({ id: organizationManagers.id })
      .from(organizationManagers)
      .where(and(eq(organizationManagers.orgId, s.orgId), eq(organizationManagers.userId, s.toUserId)))
      .limit(1);
    if (already) return 0;
    const rows = await exec
      .update(organizationManagers)
      .set({ userId: s.toUserId })
      .where(and(eq(organizationManagers.orgId, s.orgId), eq(organizationManagers.userId, s.fromUserId)))
      .returning({ id: organizationManagers.id });
    return rows.length;
  },
  async notifications(exec, s) {
    const rows = await exec
      .update(notifications)
      .set({ createdBy: s.toUserId })
      .where(and(eq(notifications.orgId, s.orgId), eq(notifications.createdBy, s.fromUserId)))
      .returning({ id: notifications.id });
    return rows.length;
  },
};
