import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { isFinalState, upgradeArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import type { EndpointDeps } from '../../http/endpoint';
import { upgradeCampaigns, upgradeTargets } from './campaignTables';
import { Coalescer } from '../equipment/coalescer';
import { registerFirmwareDownload } from './download';
import { stepCampaign } from './rollout';

/** How often running campaigns are stepped even without news (a lost bus message, another instance's device). */
const SWEEP_MS = 5000;

/**
 * The rollout keeps campaigns moving: a target's command reaching a final state steps its campaign (next batch,
 * pause on failures, completion); a periodic sweep steps every running campaign. Steps of one campaign run in turn
 * here, and under the campaign's row lock across instances.
 */
function registerRollout(app: FastifyInstance, deps: EndpointDeps): void {
  const db = deps.database.db;
  const queues = new Map<number, Promise<void>>();
  // Campaigns with a step queued that has not begun: news arriving meanwhile is seen by that step, so a group of
  // 1,000 devices finishing together costs a few steps (each a tally over the campaign), not 1,000.
  const waiting = new Set<number>();
  const fail = (err: unknown) => app.log.error({ err }, 'campaign step failed');
  const stepLater = (id: number) => {
    if (waiting.has(id)) return;
    waiting.add(id);
    const next = (queues.get(id) ?? Promise.resolve()).then(() => {
      waiting.delete(id);
      return stepCampaign(db, app.deviceChannel, id, deps.services.now());
    }).catch(fail);
    queues.set(id, next);
    void next.then(() => { if (queues.get(id) === next) queues.delete(id); });
  };
  // A reconnect storm is thousands of hellos at once: the devices that came back together are looked up together.
  const returning = new Coalescer<number, true>(async (ids) => {
    const rows = await db.update(upgradeTargets).set({ retryAt: deps.services.now() })
      .where(and(inArray(upgradeTargets.deviceId, ids), isNotNull(upgradeTargets.retryAt), eq(upgradeTargets.skipped, 0),
        sql`${upgradeTargets.campaignId} in (select id from ${upgradeCampaigns} where state = 'running')`))
      .returning({ campaignId: upgradeTargets.campaignId });
    for (const id of new Set(rows.map((r) => r.campaignId))) stepLater(id);
    return new Map();
  }, true);
  let off: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    off = app.liveBus.subscribe((msg) => {
      // A device back online ends its waits: its offline targets in running campaigns are due now.
      if (msg.type === 'device' && msg.online === 1) {
        returning.get(msg.id).catch(fail);
        return;
      }
      if (msg.type !== 'command' || !isFinalState(msg.state)) return;
      db.select({ campaignId: upgradeTargets.campaignId }).from(upgradeTargets).where(eq(upgradeTargets.commandId, msg.id)).limit(1)
        .then(([t]) => { if (t) stepLater(t.campaignId); }, fail);
    });
    timer = setInterval(() => {
      db.select({ id: upgradeCampaigns.id }).from(upgradeCampaigns).where(eq(upgradeCampaigns.state, 'running'))
        .then((rows) => { for (const r of rows) if (!queues.has(r.id)) stepLater(r.id); }, fail);
    }, SWEEP_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    off?.();
    if (timer) clearInterval(timer);
    await Promise.allSettled([...queues.values()]);
  });
}

/**
 * SPEC §2 upgrade: firmware packages (`/admin/upgrade/firmware`, uploaded with their SHA-256) and upgrade campaigns
 * (`/admin/upgrade/campaign`, staged rollouts of `upgrade` commands over the device channel); devices download
 * packages from `GET /firmware/<token>`.
 */
export const upgradeArea = defineServerArea({
  key: 'upgrade',
  manifest,
  plugin: (app, deps) => {
    registerFirmwareDownload(app, deps);
    registerRollout(app, deps);
  },
});
