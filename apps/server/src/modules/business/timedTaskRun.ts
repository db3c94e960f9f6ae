import { sql, type SQL } from 'drizzle-orm';
import { timedTaskRunResource } from '@gx/contract';
import { deviceCommands } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { timedTaskRuns } from './timedTaskTables';

/** Commands of the run (its batch, in its organisation) in the given states, counted. */
const countWhere = (cond: SQL) => sql<number>`(select count(*)::int from ${deviceCommands} c
  where c.org_id = ${qualified(timedTaskRuns.orgId)} and c.batch = ${qualified(timedTaskRuns.batch)} and ${qualified(timedTaskRuns.batch)} <> '' and ${cond})`;

/** Runs of timed tasks: read-only, written by the runner; their commands are counted by state from their batch. */
export const timedTaskRunBinding = defineResource({
  decl: timedTaskRunResource,
  table: timedTaskRuns,
  tenant: { kind: 'column', column: timedTaskRuns.orgId },
  columns: {
    succeeded: countWhere(sql`c.state = 'succeeded'`),
    failed: countWhere(sql`c.state in ('failed', 'timed_out', 'expired', 'canceled')`),
    active: countWhere(sql`c.state in ('queued', 'sent', 'delivered')`),
  },
});
