import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { notificationReads, notifications } from '../db/schema';
import { reachesUser } from '../modules/notification/audience';

/** Notifications addressed to the user and not yet read (the navbar bell). */
export async function unreadCountOf(exec: Executor, userId: number, now: Date): Promise<number> {
  const [r] = await exec
    .select({ n: count() })
    .from(notifications)
    .leftJoin(notificationReads, and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId)))
    .where(and(eq(notifications.kind, 'inform'), reachesUser(userId, now), sql`${notificationReads.userId} is null`));
  return r?.n ?? 0;
}
