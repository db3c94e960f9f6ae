import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { EndpointDeps } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { registerTicker } from '../../http/ticker';
import { Coalescer } from './coalescer';
import { announceCommands, type CommandDelivery } from './commandBinding';
import { gatewayPlaces } from './gatewayPlace';
import { issueScene, nextSceneRun, type IssuedScene } from './sceneRun';
import { gatewayScenes } from './sceneTables';

/** How often due schedules are looked for (cron's resolution is a minute). */
export const SCENE_TICK_MS = 5000;
/** A scheduled run found later than this (the service was down) is skipped, not run late: lights at 18:00 are not wanted at 23:00. */
export const SCENE_LATE_MS = 5 * 60_000;

export interface SceneTriggerDeps {
  db: Db;
  now(): Date;
  /** The device channel, for publishing committed commands; null when none is running. */
  delivery(): CommandDelivery | null;
  onError(err: unknown): void;
}

/**
 * Claims the scene (the update that moves its claim column, in the transaction issuing the command) and issues it
 * in a savepoint, so a refusal (no steps, gateway disabled) still keeps the claim: the run is made once, by one
 * instance. Refusals are the scene's own state, not the server's errors; anything else is reported.
 */
async function claimAndIssue(deps: SceneTriggerDeps, claim: (tx: Db) => Promise<{ orgId: number } | undefined>, id: number, now: Date, run = true): Promise<boolean> {
  let issued: IssuedScene | null = null;
  let orgId = 0;
  const claimed = await deps.db.transaction(async (tx) => {
    const t = await claim(tx);
    if (!t) return false;
    orgId = t.orgId;
    if (!run) return true;
    try {
      issued = await tx.transaction((sp) => issueScene(sp, { orgId: t.orgId, userId: null, now }, id));
    } catch (err) {
      if (!(err instanceof AppError)) deps.onError(err);
    }
    return true;
  });
  const delivery = deps.delivery();
  const done = issued as IssuedScene | null;
  if (claimed && done && delivery) await announceCommands(delivery, orgId, done.made, done.targets, now);
  return claimed;
}

/** Runs every scheduled scene due by now; answers how many runs this instance claimed. */
export async function runDueScenes(deps: SceneTriggerDeps, limit = 100): Promise<number> {
  const now = deps.now();
  const due = await deps.db.select({ id: gatewayScenes.id, nextRunAt: gatewayScenes.nextRunAt, cron: gatewayScenes.cron, timeZone: gatewayScenes.timeZone })
    .from(gatewayScenes)
    .where(and(lte(gatewayScenes.nextRunAt, now), eq(gatewayScenes.enabled, true), eq(gatewayScenes.trigger, 'schedule')))
    .orderBy(asc(gatewayScenes.nextRunAt)).limit(limit);
  let ran = 0;
  for (const d of due) {
    const at = d.nextRunAt!;
    const next = nextSceneRun('schedule', d.cron, d.timeZone, now);
    const claimed = await claimAndIssue(deps, async (tx) => {
      const [t] = await tx.update(gatewayScenes).set({ nextRunAt: next }).where(and(
        eq(gatewayScenes.id, d.id), eq(gatewayScenes.enabled, true), eq(gatewayScenes.trigger, 'schedule'), eq(gatewayScenes.nextRunAt, at),
        // The schedule `next` came from is still the scene's (a save in between recomputed it).
        sql`${gatewayScenes.cron} is not distinct from ${d.cron}`, sql`${gatewayScenes.timeZone} is not distinct from ${d.timeZone}`,
      )).returning({ orgId: gatewayScenes.orgId });
      return t;
    }, d.id, now, now.getTime() - at.getTime() <= SCENE_LATE_MS);
    if (claimed) ran += 1;
  }
  return ran;
}

/** Event-triggered scenes per gateway: `[scene id, event code]`. */
type EventScenes = [number, string][];

/** One query for the gateways of every event heard in one turn of the event loop (a thousand devices reconnecting). */
export function eventScenesOf(db: Db): Coalescer<number, EventScenes> {
  return new Coalescer(async (gatewayIds) => {
    const rows = await db.select({ id: gatewayScenes.id, code: gatewayScenes.eventCode, gatewayId: gatewayPlaces.gatewayId }).from(gatewayScenes)
      .innerJoin(gatewayPlaces, eq(gatewayPlaces.id, gatewayScenes.placeId))
      .where(and(inArray(gatewayPlaces.gatewayId, gatewayIds), eq(gatewayScenes.enabled, true), eq(gatewayScenes.trigger, 'event')));
    const out = new Map<number, EventScenes>();
    for (const r of rows) out.set(r.gatewayId, [...out.get(r.gatewayId) ?? [], [r.id, r.code ?? '']]);
    return out;
  }, []);
}

/** A gateway reported an event: the enabled scenes of its places triggered by that code run, each once across instances. */
export async function runEventScenes(deps: SceneTriggerDeps, scenesOf: Coalescer<number, EventScenes>, event: { id: number; device_id: number; code: string }): Promise<number> {
  const scenes = (await scenesOf.get(event.device_id)).filter(([, code]) => code === event.code);
  let ran = 0;
  for (const [id] of scenes) {
    const claimed = await claimAndIssue(deps, async (tx) => {
      const [t] = await tx.update(gatewayScenes).set({ lastEventId: event.id }).where(and(
        eq(gatewayScenes.id, id), or(isNull(gatewayScenes.lastEventId), lt(gatewayScenes.lastEventId, event.id)),
      )).returning({ orgId: gatewayScenes.orgId });
      return t;
    }, id, deps.now());
    if (claimed) ran += 1;
  }
  return ran;
}

/** Scenes run by their schedules and by their gateways' events while the server is up. */
export function registerSceneTriggers(app: FastifyInstance, deps: EndpointDeps): void {
  const triggers: SceneTriggerDeps = {
    db: deps.database.db,
    now: () => deps.services.now(),
    delivery: () => (app.hasDecorator('deviceChannel') ? app.deviceChannel : null),
    onError: (err) => app.log.error({ err }, 'scene run failed'),
  };
  registerTicker(app, SCENE_TICK_MS, () => runDueScenes(triggers), triggers.onError);
  const scenesOf = eventScenesOf(triggers.db);
  const inFlight = new Set<Promise<unknown>>();
  let off: (() => void) | null = null;
  app.addHook('onReady', async () => {
    off = app.liveBus.subscribe((msg) => {
      if (msg.type !== 'event') return;
      const p = runEventScenes(triggers, scenesOf, msg).catch(triggers.onError).finally(() => inFlight.delete(p));
      inFlight.add(p);
    });
  });
  app.addHook('preClose', async () => {
    off?.();
    await Promise.allSettled([...inFlight]);
  });
}
