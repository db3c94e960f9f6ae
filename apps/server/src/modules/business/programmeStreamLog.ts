import { sql, type SQL } from 'drizzle-orm';
import { programmeStreamLogResource } from '@gx/contract';
import { deviceCommands, screenProgrammes } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { programmeStreamSwitches as w } from './programmeStreamTables';

/** A programme's current name, or `#id` once it was removed; none for no programme. */
const programmeName = (id: SQL) => sql<string | null>`case when ${id} is null then null
  else coalesce((select p.name from ${screenProgrammes} p where p.id = ${id}), '#' || ${id}) end`;

/** The stream's switches: read-only, written by the scheduler; names and the command's state read at listing. */
export const programmeStreamLogBinding = defineResource({
  decl: programmeStreamLogResource,
  table: w,
  tenant: { kind: 'column', column: w.orgId },
  columns: {
    from_programme: programmeName(qualified(w.fromProgrammeId)),
    to_programme: programmeName(qualified(w.toProgrammeId)),
    command_state: sql<string | null>`(select c.state from ${deviceCommands} c where c.id = ${qualified(w.commandId)})`,
  },
});
