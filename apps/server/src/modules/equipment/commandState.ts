import { and, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { COMMAND_TRANSITIONS, canTransition, type CommandState } from '@gx/contract';
import type { Executor } from '../../db/client';
import { deviceCommands } from '../../db/schema';
import { rowsOf } from './rowsOf';
import type { Bus } from '../../live/bus';

export interface MovedCommand { id: number; orgId: number; deviceId: number; state: CommandState; progress: number | null }

/**
 * Moves a command along `COMMAND_TRANSITIONS` only. The update names the state it expects, so two instances (or
 * a duplicate delivery) racing on one command move it once; a refused or lost race answers null.
 */
export async function moveCommand(
  exec: Executor, bus: Bus, id: number, from: CommandState, to: CommandState, at: Date,
  extra: { progress?: number | null; result?: Record<string, unknown> } = {},
): Promise<MovedCommand | null> {
  if (!canTransition(from, to)) return null;
  const stamp = to === 'sent' ? { sentAt: at } : to === 'delivered' ? { deliveredAt: at } : { finishedAt: at };
  const [row] = await exec.update(deviceCommands)
    .set({ state: to, ...stamp, ...(extra.progress !== undefined ? { progress: extra.progress } : {}), ...(extra.result ? { result: extra.result } : {}) })
    .where(and(eq(deviceCommands.id, id), eq(deviceCommands.state, from)))
    .returning({ id: deviceCommands.id, orgId: deviceCommands.orgId, deviceId: deviceCommands.deviceId, progress: deviceCommands.progress });
  if (!row) return null;
  const moved = { ...row, state: to };
  publishCommand(bus, moved, at);
  return moved;
}

/** The way a device's ack or result carries a command forward: queued → sent → delivered → succeeded | failed. */
const FORWARD: readonly CommandState[] = ['queued', 'sent', 'delivered'];

/**
 * What a device's ack (`to` = delivered) or result (succeeded | failed) does to its own command, in one statement:
 * the command moves through every state of `COMMAND_TRANSITIONS` between where it is and `to` (an ack lost before
 * its result still passes through delivered), stamping each. Answers the state it was in, or null when it is not
 * this device's command or already past `to` (the caller finds out which, on that rare path).
 */
export async function advanceCommand(
  exec: Executor, bus: Bus, id: number, deviceId: number, to: 'delivered' | 'succeeded' | 'failed', at: Date,
  extra: { progress?: number | null; result?: Record<string, unknown> } = {},
): Promise<CommandState | null> {
  const final = to !== 'delivered';
  const from = FORWARD.filter((s) => s !== to);
  // The chain `from[i] → … → to` must be transitions of the table, or the table changed under this shortcut.
  const path = [...FORWARD.slice(0, final ? 3 : 2), to];
  if (!path.every((s, i) => i === 0 || canTransition(path[i - 1]!, s))) throw new Error(`no forward path to ${to}`);
  const iso = at.toISOString();
  const res = await exec.execute(sql`
    update ${deviceCommands} c set
      state = ${to},
      sent_at = coalesce(c.sent_at, ${iso}::timestamptz),
      delivered_at = coalesce(c.delivered_at, ${iso}::timestamptz),
      finished_at = ${final ? sql`${iso}::timestamptz` : sql`c.finished_at`},
      progress = ${extra.progress !== undefined ? sql`${extra.progress}::int` : sql`c.progress`},
      result = ${extra.result ? sql`${JSON.stringify(extra.result)}::jsonb` : sql`c.result`}
    from (select id, state as prev from ${deviceCommands} where id = ${id} for update) p
    where c.id = p.id and c.device_id = ${deviceId} and p.prev in (${sql.join(from.map((s) => sql`${s}`), sql`, `)})
    returning c.id, c.org_id, c.device_id, c.progress, p.prev`);
  const row = rowsOf<{ id: number; org_id: number; device_id: number; progress: number | null; prev: CommandState }>(res)[0];
  if (!row) return null;
  // The console hears every state the command went through, in order.
  for (const state of path.slice(path.indexOf(row.prev) + 1)) {
    publishCommand(bus, { id: row.id, orgId: row.org_id, deviceId: row.device_id, state, progress: state === to ? row.progress : null }, at);
  }
  return row.prev;
}

export function publishCommand(bus: Bus, c: MovedCommand, at: Date): void {
  bus.publish({ type: 'command', org_id: c.orgId, id: c.id, device_id: c.deviceId, state: c.state, progress: c.progress, at: at.toISOString() });
}

/** Progress of a delivered command (a `result` with progress below 100); the state stays. */
export async function recordProgress(exec: Executor, bus: Bus, id: number, progress: number, at: Date): Promise<void> {
  const [row] = await exec.update(deviceCommands).set({ progress: Math.round(progress) })
    .where(and(eq(deviceCommands.id, id), eq(deviceCommands.state, 'delivered')))
    .returning({ id: deviceCommands.id, orgId: deviceCommands.orgId, deviceId: deviceCommands.deviceId, progress: deviceCommands.progress });
  if (row) publishCommand(bus, { ...row, state: 'delivered' }, at);
}

/**
 * The result deadline of a command, as SQL: `deadline_at` (set from the request's `timeout_s`; null means
 * `expires_at` + the result timeout), and once delivered at most the result timeout after the ack.
 */
export function resultDeadline(resultTimeoutS: number) {
  const r = sql`make_interval(secs => ${resultTimeoutS})`;
  return sql`case when ${deviceCommands.state} = 'delivered'
    then least(coalesce(${deviceCommands.deadlineAt}, ${deviceCommands.deliveredAt} + ${r}), ${deviceCommands.deliveredAt} + ${r})
    else coalesce(${deviceCommands.deadlineAt}, ${deviceCommands.expiresAt} + ${r}) end`;
}

/**
 * The sweep's moves as data (DESIGN §6): `queued|sent → expired` once `expires_at` passed undelivered;
 * `queued|sent|delivered → timed_out` once the result deadline passed. When both passed, the earlier one decides (a
 * tie: expired), so a sweep that ran late gives the answer a punctual one would have. The steps' conditions exclude
 * each other, so a row's outcome depends on the row alone: a command written between the two updates (another
 * instance's sweep, a command queued meanwhile) cannot be timed out when its expiry came first.
 */
export function sweepSteps(now: Date, resultTimeoutS: number): { to: 'expired' | 'timed_out'; where: SQL }[] {
  const at = sql`${now.toISOString()}::timestamptz`;
  const deadline = resultDeadline(resultTimeoutS);
  const expiryDecides = and(inArray(deviceCommands.state, movingTo('expired')), sql`${deviceCommands.expiresAt} <= ${deadline}`)!;
  return [
    { to: 'expired', where: and(expiryDecides, sql`${deviceCommands.expiresAt} <= ${at}`)! },
    { to: 'timed_out', where: and(inArray(deviceCommands.state, movingTo('timed_out')), sql`${deadline} <= ${at}`, not(expiryDecides))! },
  ];
}

/** The states `COMMAND_TRANSITIONS` lets move to `to`. */
const movingTo = (to: CommandState): CommandState[] => COMMAND_TRANSITIONS.filter(([, t]) => t === to).map(([f]) => f);

/** Commands due for expiry or time-out, moved in bulk by the sweep (`sweepSteps`). */
export async function expireCommands(exec: Executor, bus: Bus, now: Date, resultTimeoutS: number): Promise<void> {
  const returning = { id: deviceCommands.id, orgId: deviceCommands.orgId, deviceId: deviceCommands.deviceId, progress: deviceCommands.progress };
  for (const { to, where } of sweepSteps(now, resultTimeoutS)) {
    const moved = await exec.update(deviceCommands).set({ state: to, finishedAt: now }).where(where).returning(returning);
    for (const c of moved) publishCommand(bus, { ...c, state: to }, now);
  }
}
