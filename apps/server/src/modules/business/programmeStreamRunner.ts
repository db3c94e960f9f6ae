import { and, eq, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code, isStreamActiveAt, type BoundValues, type StreamSwitchKind } from '@gx/contract';
import type { Db } from '../../db/client';
import { devices, screenAssignments, screenProgrammes } from '../../db/schema';
import type { EndpointDeps } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { registerTicker } from '../../http/ticker';
import { announceCommands, type CommandDelivery } from '../equipment/commandBinding';
import { publishProgrammeToScreens } from '../monitor/studio';
import { programmeStreamEntries as e, programmeStreamScreens as held, programmeStreamSwitches } from './programmeStreamTables';

/** How often the stream looks at the clock: a window's edge reaches its screens within this. */
export const PROGRAMME_STREAM_TICK_MS = 30_000;

export interface StreamDeps {
  db: Db;
  now(): Date;
  /** PUBLIC_URL, which wins over the address an entry was saved from (as publishing's links do). */
  publicUrl: string | undefined;
  /** The device channel, for publishing committed commands; null when none is running. */
  delivery(): CommandDelivery | null;
  onError(err: unknown): void;
}

/** The entry a screen should play now. */
export interface Wanted { entryId: number; programmeId: number; orgId: number; renderBase: string; priority: number }

const DAY_MS = 86_400_000;
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * For each enabled screen some enabled entry of its own organisation names, the entry whose window is open now: the
 * highest priority, then the newest. Screens no open entry names are absent.
 */
export async function wantedNow(db: Db, now: Date): Promise<Map<number, Wanted>> {
  const t = now.getTime();
  // Any zone's date is within a day of UTC's, and a window past midnight started the day before: a wide cut, then exact.
  const entries = await db.select().from(e).where(and(
    eq(e.status, 1), lte(e.startDate, utcDate(t + DAY_MS)), or(isNull(e.endDate), gte(e.endDate, utcDate(t - 2 * DAY_MS))),
  ));
  const wanted = new Map<number, Wanted>();
  for (const r of entries) {
    const open = isStreamActiveAt({
      start_date: r.startDate, end_date: r.endDate, start_time: r.startTime, end_time: r.endTime, days: r.days, time_zone: r.timeZone,
    }, now);
    if (!open) continue;
    for (const d of r.deviceIds) {
      const w = wanted.get(d);
      if (w && (w.priority > r.priority || (w.priority === r.priority && w.entryId > r.id))) continue;
      wanted.set(d, { entryId: r.id, programmeId: r.programmeId, orgId: r.orgId, renderBase: r.renderBase, priority: r.priority });
    }
  }
  if (!wanted.size) return wanted;
  // A device that left the organisation, is no screen or is disabled is not the entry's to drive.
  const fit = await db.select({ id: devices.id, orgId: devices.orgId }).from(devices)
    .where(and(inArray(devices.id, [...wanted.keys()]), eq(devices.family, 'screen'), eq(devices.status, 1)));
  const orgOf = new Map(fit.map((d) => [d.id, d.orgId]));
  for (const [d, w] of wanted) if (orgOf.get(d) !== w.orgId) wanted.delete(d);
  return wanted;
}

interface Issued { orgId: number; made: { id: number; deviceId: number }[]; targets: { id: number; online: number }[] }

/**
 * Moves one screen to what the stream wants of it, exactly once across instances: the screen's hold row is locked,
 * then re-read, so a second instance finds the switch made and does nothing. The programme to go back to is what
 * the screen had when the stream took it, or what a person published to it since. Answers whether it switched.
 */
export async function switchScreen(deps: StreamDeps, deviceId: number, orgId: number, wanted: Wanted | null, now: Date): Promise<boolean> {
  let issued: Issued | null = null;
  const switched = await deps.db.transaction(async (tx) => {
    await tx.insert(held).values({ deviceId, orgId, updatedAt: now }).onConflictDoNothing();
    let [st] = await tx.select().from(held).where(eq(held.deviceId, deviceId)).for('update');
    if (!st) return false;
    if (st.orgId !== orgId) {
      // The screen changed hands: its former organisation's hold is void.
      [st] = await tx.update(held).set({ orgId, entryId: null, programmeId: null, defaultProgrammeId: null }).where(eq(held.deviceId, deviceId)).returning();
      if (!st) return false;
    }
    const holding = st.entryId !== null;
    if (wanted ? holding && st.entryId === wanted.entryId && st.programmeId === wanted.programmeId : !holding) return false;
    const [a] = await tx.select({ programmeId: screenAssignments.programmeId, fields: screenAssignments.fields }).from(screenAssignments)
      .where(eq(screenAssignments.deviceId, deviceId));
    const observed = a?.programmeId ?? null;
    const fallback = !holding || observed !== st.programmeId ? observed : st.defaultProgrammeId;
    let target = wanted ? wanted.programmeId : fallback;
    let kind: StreamSwitchKind = wanted ? 'entry' : 'default';
    const base = deps.publicUrl ?? (wanted?.renderBase || st.renderBase);
    let commandId: number | null = null;
    if (target !== null && target !== observed) {
      const [p] = await tx.select({ id: screenProgrammes.id, items: screenProgrammes.items }).from(screenProgrammes)
        .where(and(eq(screenProgrammes.id, target), eq(screenProgrammes.orgId, st.orgId)));
      try {
        if (!p) throw new AppError(Code.NOT_FOUND, undefined, 'programme_id');
        const who = { orgId: st.orgId, userId: null, now };
        const screens = [{ device_id: deviceId, fields: (a?.fields ?? {}) as BoundValues }];
        // A savepoint: a screen that stopped being one (disabled, moved) refuses alone.
        const r = await tx.transaction((sp) => publishProgrammeToScreens(sp, who, p, screens, base, () => 'device_ids'));
        commandId = r.made[0]?.id ?? null;
        issued = { orgId: st.orgId, ...r };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // An entry's screen is tried again next tick; a screen being let go is let go as it is.
        if (wanted) return false;
        target = null;
      }
    }
    if (!wanted && target === null) kind = 'released';
    await tx.update(held).set({
      entryId: wanted?.entryId ?? null, programmeId: target ?? observed, defaultProgrammeId: fallback, renderBase: base, updatedAt: now,
    }).where(eq(held.deviceId, deviceId));
    await tx.insert(programmeStreamSwitches).values({
      orgId: st.orgId, at: now, deviceId, kind, entryId: wanted?.entryId ?? st.entryId, fromProgrammeId: observed, toProgrammeId: target, commandId,
    });
    return true;
  });
  const delivery = deps.delivery();
  const done = issued as Issued | null;
  if (switched && done && delivery) announceCommands(delivery, done.orgId, done.made, done.targets, now).catch(deps.onError);
  return switched;
}

/** One tick: every screen the stream wants something else of than it last gave is switched; answers how many. */
export async function runProgrammeStream(deps: StreamDeps): Promise<number> {
  const now = deps.now();
  const wanted = await wantedNow(deps.db, now);
  const holds = await deps.db.select({ deviceId: held.deviceId, orgId: held.orgId, entryId: held.entryId, programmeId: held.programmeId })
    .from(held).where(isNotNull(held.entryId));
  const holdOf = new Map(holds.map((h) => [h.deviceId, h]));
  let n = 0;
  for (const d of new Set([...wanted.keys(), ...holdOf.keys()])) {
    const w = wanted.get(d) ?? null;
    const h = holdOf.get(d);
    // Already as wanted (checked again under the lock).
    if (w && h && h.entryId === w.entryId && h.programmeId === w.programmeId) continue;
    try {
      if (await switchScreen(deps, d, w?.orgId ?? h!.orgId, w, now)) n += 1;
    } catch (err) {
      deps.onError(err);
    }
  }
  return n;
}

/**
 * Runs the stream with the server and stops it with it: one tick at a time per instance, every instance ticking,
 * each switch made by one of them.
 */
export function registerProgrammeStream(app: FastifyInstance, deps: EndpointDeps, tickMs = PROGRAMME_STREAM_TICK_MS): void {
  const stream: StreamDeps = {
    db: deps.database.db,
    now: () => deps.services.now(),
    publicUrl: deps.config.publicUrl,
    delivery: () => (app.hasDecorator('deviceChannel') ? app.deviceChannel : null),
    onError: (err) => app.log.error({ err }, 'programme stream tick failed'),
  };
  registerTicker(app, tickMs, () => runProgrammeStream(stream), stream.onError);
}
