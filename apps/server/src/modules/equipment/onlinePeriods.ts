import { sql } from 'drizzle-orm';
import type { OfflineReason } from '@gx/contract';
import type { Executor } from '../../db/client';

/**
 * Closes the open online periods (`device_online_periods`, business/onlineRecord.ts) of devices that just went
 * offline, with the time and reason of their going; called in the transaction that marks them offline. The ids
 * travel as one array parameter, so a sweep of any size is one statement.
 */
export async function closeOnlinePeriods(exec: Executor, ids: readonly number[], reason: OfflineReason, at: Date): Promise<void> {
  if (!ids.length) return;
  await exec.execute(sql`
    update device_online_periods set offline_at = greatest(online_at, ${at.toISOString()}::timestamptz), reason = ${reason}
    where device_id = any(${`{${ids.join(',')}}`}::int[]) and offline_at is null`);
}
