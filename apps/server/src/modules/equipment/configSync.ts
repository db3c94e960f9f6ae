import { and, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { COMMAND_DEFAULT_TTL_S, isFinalState, SYNC_TRANSITIONS, type CommandState, type SyncEvent } from '@gx/contract';
import type { Database, Executor } from '../../db/client';
import { deviceCommands } from '../../db/schema';
import type { Bus } from '../../live/bus';
import { insertCommands } from './commandBinding';
import { publishCommand } from './commandState';
import { logDeviceEvent } from './events';
import { deviceConfigs } from './templateTables';

type Reported = { version: number; checksum: string; at: Date };

/**
 * Moves the sync state of the devices `where` selects along `SYNC_TRANSITIONS` for `event` (a device whose state
 * the table does not move keeps it), recording what the device reported. Answers the devices moved.
 */
export async function moveSync(exec: Executor, where: SQL, event: SyncEvent, reported?: Reported): Promise<number[]> {
  const moved: number[] = [];
  for (const t of SYNC_TRANSITIONS.filter((x) => x.event === event)) {
    const rows = await exec.update(deviceConfigs)
      .set({ syncState: t.to, ...(reported ? { reportedVersion: reported.version, reportedChecksum: reported.checksum, syncedAt: reported.at } : {}) })
      .where(and(where, inArray(deviceConfigs.syncState, [...t.from])))
      .returning({ id: deviceConfigs.deviceId });
    moved.push(...rows.map((r) => r.id));
  }
  return moved;
}

/** The device's answer on `up/config`: its checksum against the one sent decides applied or modified. */
export async function configAnswered(exec: Executor, deviceId: number, answer: { ok: boolean; version: number; checksum: string }, at: Date): Promise<SyncEvent | null> {
  const [dc] = await exec.select({ checksum: deviceConfigs.checksum }).from(deviceConfigs)
    .where(and(eq(deviceConfigs.deviceId, deviceId), isNotNull(deviceConfigs.checksum)));
  if (!dc) return null;
  const event: SyncEvent = !answer.ok ? 'refused' : answer.checksum.toLowerCase() === dc.checksum ? 'confirmed' : 'confirmed_other';
  await moveSync(exec, eq(deviceConfigs.deviceId, deviceId), event, { version: answer.version, checksum: answer.checksum.toLowerCase(), at });
  return event;
}

/** What a `hello` reporting the configuration it runs means against what was last sent to it. */
export function helloSyncEvent(sent: { version: number; checksum: string }, reported: { version: number; checksum: string }): SyncEvent {
  if (reported.version < sent.version) return 'hello_stale';
  return reported.checksum.toLowerCase() === sent.checksum ? 'hello_current' : 'hello_modified';
}

/** What one `hello` said about the configuration the device runs (both optional fields present). */
export interface HelloReport { id: number; version: number; checksum: string }

/**
 * Hellos reporting `config_version` and `config_checksum`, against what was last sent to each device: the same
 * version and checksum confirm it (applied); an older version, or another checksum, gets the current configuration
 * pushed again — a new `config_push` unless one is still under way — and moves the state (pending, modified). The
 * caller dispatches the devices' commands right after, so the push goes out on this connection.
 */
export async function syncHellos(db: Database['db'], bus: Bus, reports: HelloReport[], now: Date): Promise<void> {
  if (!reports.length) return;
  const byId = new Map(reports.map((r) => [r.id, r]));
  const rows = await db.select({
    deviceId: deviceConfigs.deviceId, orgId: deviceConfigs.orgId, checksum: deviceConfigs.checksum, sentVersion: deviceConfigs.sentVersion,
    commandState: deviceCommands.state,
  }).from(deviceConfigs).leftJoin(deviceCommands, eq(deviceCommands.id, deviceConfigs.commandId))
    .where(and(inArray(deviceConfigs.deviceId, [...byId.keys()]), isNotNull(deviceConfigs.checksum), isNotNull(deviceConfigs.sentVersion)));
  for (const row of rows) {
    const reported = byId.get(row.deviceId)!;
    const event = helloSyncEvent({ version: row.sentVersion!, checksum: row.checksum! }, reported);
    const underWay = row.commandState !== null && !isFinalState(row.commandState as CommandState);
    const pushed = await db.transaction(async (tx) => {
      await moveSync(tx, eq(deviceConfigs.deviceId, row.deviceId), event, { version: reported.version, checksum: reported.checksum.toLowerCase(), at: now });
      if (event === 'hello_current' || underWay) return null;
      const { made } = await insertCommands(tx, { orgId: row.orgId, userId: null, now }, [{ id: row.deviceId }], 'config_push', {}, COMMAND_DEFAULT_TTL_S);
      const cmd = made[0]!;
      await tx.update(deviceConfigs).set({ commandId: cmd.id }).where(eq(deviceConfigs.deviceId, row.deviceId));
      const ref = { id: row.deviceId, orgId: row.orgId };
      await logDeviceEvent(tx, bus, ref, 'warn', event === 'hello_stale' ? 'config_stale' : 'config_modified',
        `v${reported.version} ${reported.checksum.slice(0, 12)} ≠ v${row.sentVersion} ${row.checksum!.slice(0, 12)}: pushed again`, now);
      return cmd;
    });
    if (pushed) publishCommand(bus, { id: pushed.id, orgId: row.orgId, deviceId: row.deviceId, state: 'queued', progress: null }, now);
  }
}

/** The `config_push` of a device's configuration ended without its confirmation: `undelivered` (error). */
export async function configPushEnded(db: Executor, commandId: number): Promise<void> {
  await moveSync(db, eq(deviceConfigs.commandId, commandId), 'undelivered');
}
