import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationTargets } from '../../db/schema';
import type { Targets } from './audience';

/** Replaces a notification's recipients (none for audience `all`). */
export async function replaceTargets(exec: Executor, notificationId: number, targets: Targets | null): Promise<void> {
  await exec.delete(notificationTargets).where(eq(notificationTargets.notificationId, notificationId));
  if (targets) {
    await exec.insert(notificationTargets).values(targets.ids.map((targetId) => ({ notificationId, targetType: targets.type, targetId })));
  }
}
