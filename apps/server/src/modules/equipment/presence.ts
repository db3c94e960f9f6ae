import { and, eq, sql } from 'drizzle-orm';
import type { OfflineReason } from '@gx/contract';
import type { Executor } from '../../db/client';
import { devices } from '../../db/schema';
import type { Bus } from '../../live/bus';
import { logDeviceEvents } from './events';
import { closeOnlinePeriods } from './onlinePeriods';
import { rowsOf } from './rowsOf';

export interface WentOffline { id: number; orgId: number; serial: string }

async function announceOffline(exec: Executor, bus: Bus, rows: WentOffline[], reason: OfflineReason, at: Date): Promise<void> {
  await closeOnlinePeriods(exec, rows.map((d) => d.id), reason, at);
  for (const d of rows) bus.publish({ type: 'device', org_id: d.orgId, id: d.id, serial: d.serial, online: 0, at: at.toISOString() });
  await logDeviceEvents(exec, bus, rows.map((device) => ({ device, level: reason === 'disconnect' ? 'info' : 'warn', code: 'offline', msg: reason, at })));
}

/**
 * Marks one device offline (last will, disconnect, kick); a device already offline is left alone. The state and its
 * event are written together: nobody reads a device offline whose going offline is not in its log yet.
 */
export async function markOffline(exec: Executor, bus: Bus, id: number, reason: OfflineReason, at: Date): Promise<void> {
  await exec.transaction(async (tx) => {
    const rows = await tx.update(devices).set({ online: 0, offlineAt: at })
      .where(and(eq(devices.id, id), eq(devices.online, 1)))
      .returning({ id: devices.id, orgId: devices.orgId, serial: devices.serial });
    await announceOffline(tx, bus, rows, reason, at);
  });
}

/** Online devices not heard from within 3 × their heartbeat go offline (reason `timeout`). */
export async function sweepSilent(exec: Executor, bus: Bus, now: Date, heartbeats: number): Promise<void> {
  await exec.transaction(async (tx) => {
    const res = await tx.execute(sql`
      update devices set online = 0, offline_at = ${now.toISOString()}::timestamptz
      where online = 1 and last_seen_at < ${now.toISOString()}::timestamptz - make_interval(secs => heartbeat_s * ${heartbeats})
      returning id, org_id, serial`);
    const rows = rowsOf<{ id: number; org_id: number; serial: string }>(res).map((r) => ({ id: r.id, orgId: r.org_id, serial: r.serial }));
    await announceOffline(tx, bus, rows, 'timeout', now);
  });
}

/**
 * The broker sessions that opened, written together (a reconnect storm is thousands at once): `connected` with its
 * time, and a `connected` event for each device that was not connected already. Activity (`online`) is the writer's.
 */
export async function markConnected(exec: Executor, bus: Bus, ids: number[], at: Date): Promise<void> {
  if (!ids.length) return;
  const res = await exec.execute(sql`
    update devices set connected = 1, connected_at = ${at.toISOString()}::timestamptz
    where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and connected = 0
    returning id, org_id`);
  const rows = rowsOf<{ id: number; org_id: number }>(res);
  await logDeviceEvents(exec, bus, rows.map((r) => ({ device: { id: r.id, orgId: r.org_id }, level: 'info', code: 'connected', msg: '', at })));
}

/**
 * The device's broker session ended: `connected` = 0 with the time and reason, and a `disconnected` event — at level
 * info, since the `offline` event beside it already carries the warning (the warning counts stay as they were).
 */
export async function markDisconnected(exec: Executor, bus: Bus, id: number, reason: OfflineReason, at: Date): Promise<void> {
  const rows = await exec.update(devices).set({ connected: 0, disconnectedAt: at, disconnectReason: reason })
    .where(and(eq(devices.id, id), eq(devices.connected, 1)))
    .returning({ id: devices.id, orgId: devices.orgId });
  await logDeviceEvents(exec, bus, rows.map((device) => ({ device, level: 'info', code: 'disconnected', msg: reason, at })));
}
