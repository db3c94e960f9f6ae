import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  canMoveCampaign, canTransition, COMMAND_DEFAULT_TTL_S, FAILED_TARGET_STATES, FIRMWARE_DOWNLOAD_PATH, inMaintenanceWindow, offlineRetryDelayMs,
  PAUSE_REASON_FAILURES, windowClosesAt, type CampaignState, type MaintenanceWindow,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { deviceCommands, devices } from '../../db/schema';
import type { Bus } from '../../live/bus';
import { publishCommand } from '../equipment/commandState';
import { rowsOf } from '../equipment/rowsOf';
import { firmwarePackages } from './firmware';
import { upgradeCampaigns, upgradeTargets } from './campaignTables';
import { devicesMatching } from './targetFilter';

export type CampaignRow = typeof upgradeCampaigns.$inferSelect;

/**
 * What a step did that others must hear of once its transaction has committed: commands to announce and deliver,
 * and the campaign's new state (or just "its totals moved").
 */
export interface Effects {
  at: Date;
  commands: { id: number; orgId: number; deviceId: number }[];
  canceled: { id: number; orgId: number; deviceId: number }[];
  devices: { id: number; online: number }[];
  campaign: { id: number; orgId: number; state: CampaignState } | null;
}

export const noEffects = (at: Date): Effects => ({ at, commands: [], canceled: [], devices: [], campaign: null });

/** What the device channel lends the rollout: the bus and delivery to connected devices. */
export interface Delivery {
  bus: Bus;
  dispatchToConnected(targets: { id: number; online: number }[]): Promise<void>;
}

/** Announces a committed step: queued and canceled commands, the campaign's state, and delivery to online devices. */
export async function applyEffects(delivery: Delivery, e: Effects): Promise<void> {
  for (const c of e.commands) publishCommand(delivery.bus, { ...c, state: 'queued', progress: null }, e.at);
  for (const c of e.canceled) publishCommand(delivery.bus, { ...c, state: 'canceled', progress: null }, e.at);
  if (e.campaign) delivery.bus.publish({ type: 'campaign', org_id: e.campaign.orgId, id: e.campaign.id, state: e.campaign.state, at: e.at.toISOString() });
  // Offline devices get theirs when they say hello again.
  if (e.devices.length) await delivery.dispatchToConnected(e.devices);
}

/** The campaign row, locked for the rest of the transaction: steps, actions and cancels of one campaign run in turn. */
export async function lockCampaign(exec: Executor, id: number): Promise<CampaignRow | null> {
  const [row] = await exec.select().from(upgradeCampaigns).where(eq(upgradeCampaigns.id, id)).for('update');
  return row ?? null;
}

/**
 * `released`/`failed`: within the threshold's window (batches from `threshold_from` on); `offline`: targets waiting
 * for their device (they hold no batch back, but the campaign is not done while any waits).
 */
interface Tally { released: number; active: number; failed: number; offline: number; lastBatch: number; batchSize: number; batchSucceeded: number }

async function tally(exec: Executor, c: CampaignRow): Promise<Tally> {
  const failed = sql.join(FAILED_TARGET_STATES.map((s) => sql`${s}`), sql`, `);
  const res = await exec.execute(sql`
    select count(*) filter (where t.batch <= ${c.currentBatch} and t.batch >= ${c.thresholdFrom} and t.skipped = 0)::int as released,
      count(*) filter (where c.state in ('queued', 'sent', 'delivered'))::int as active,
      count(*) filter (where c.state in (${failed}) and t.batch >= ${c.thresholdFrom})::int as failed,
      count(*) filter (where t.retry_at is not null)::int as offline,
      coalesce(max(t.batch), 0)::int as last_batch,
      count(*) filter (where t.batch = ${c.currentBatch} and t.skipped = 0)::int as batch_size,
      count(*) filter (where t.batch = ${c.currentBatch} and c.state = 'succeeded')::int as batch_succeeded
    from ${upgradeTargets} t left join ${deviceCommands} c on c.id = t.command_id
    where t.campaign_id = ${c.id}`);
  const r = rowsOf<{ released: number; active: number; failed: number; offline: number; last_batch: number; batch_size: number; batch_succeeded: number }>(res)[0]!;
  return {
    released: r.released, active: r.active, failed: r.failed, offline: r.offline, lastBatch: r.last_batch, batchSize: r.batch_size, batchSucceeded: r.batch_succeeded,
  };
}

async function move(exec: Executor, c: CampaignRow, to: CampaignState, at: Date, e: Effects, extra: Partial<CampaignRow> = {}): Promise<void> {
  if (!canMoveCampaign(c.state as CampaignState, to)) throw new Error(`campaign ${c.id}: ${c.state} → ${to} is not in CAMPAIGN_TRANSITIONS`);
  await exec.update(upgradeCampaigns).set({ state: to, updatedAt: at, ...extra }).where(eq(upgradeCampaigns.id, c.id));
  Object.assign(c, { state: to, ...extra });
  e.campaign = { id: c.id, orgId: c.orgId, state: to };
}

/** The campaign's daily maintenance window, or null when it has none (any time). */
export function windowOf(c: CampaignRow): MaintenanceWindow | null {
  return c.windowStart && c.windowEnd ? { start: c.windowStart, end: c.windowEnd, zone: c.windowTz } : null;
}

/** Whether the campaign may hand devices commands at `at`: no window, or inside it. */
export function insideWindow(c: CampaignRow, at: Date): boolean {
  const w = windowOf(c);
  return w === null || inMaintenanceWindow(at, w);
}

type Package = typeof firmwarePackages.$inferSelect;
interface TargetDevice { id: number; deviceId: number; online: number; status: number; orgId: number; attempts: number }

async function packageOf(exec: Executor, c: CampaignRow): Promise<Package> {
  const [pkg] = await exec.select().from(firmwarePackages).where(eq(firmwarePackages.id, c.firmwareId));
  if (!pkg) throw new Error(`campaign ${c.id}: package ${c.firmwareId} is gone`);
  return pkg;
}

/**
 * Offline targets wait instead of being sent a command that would expire unread: each is looked at again after its
 * back-off (`attempts` looks so far), or at once when its device says hello.
 */
async function waitOffline(exec: Executor, rows: TargetDevice[], at: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows.slice(i, i + 1000).map((r) => sql`(${r.id}::int, ${new Date(at.getTime() + offlineRetryDelayMs(r.attempts)).toISOString()}::timestamptz)`);
    await exec.execute(sql`
      update ${upgradeTargets} t set command_id = null, token = null, link_expires_at = null, retry_at = v.retry_at, attempts = t.attempts + 1
      from (values ${sql.join(values, sql`, `)}) as v(id, retry_at) where t.id = v.id`);
  }
}

/**
 * Gives each target whose device is still the organisation's, enabled and online a new `upgrade` command with its
 * own download link (a fresh token); offline ones wait (`waitOffline`); the others are skipped.
 */
async function issue(exec: Executor, c: CampaignRow, pkg: Package, rows: TargetDevice[], at: Date, e: Effects): Promise<void> {
  const allowed = rows.filter((r) => r.status === 1 && r.orgId === c.orgId);
  const skipped = rows.filter((r) => !allowed.includes(r)).map((r) => r.id);
  if (skipped.length) await exec.update(upgradeTargets).set({ skipped: 1, commandId: null, retryAt: null }).where(inArray(upgradeTargets.id, skipped));
  await waitOffline(exec, allowed.filter((r) => r.online !== 1), at);
  const eligible = allowed.filter((r) => r.online === 1);
  // Inside a maintenance window a command lives until the window closes, so no device gets it outside the window.
  const w = windowOf(c);
  const ttlEnd = new Date(at.getTime() + COMMAND_DEFAULT_TTL_S * 1000);
  const closes = w ? windowClosesAt(at, w) : null;
  const expiresAt = closes && closes < ttlEnd ? closes : ttlEnd;
  for (let i = 0; i < eligible.length; i += 1000) {
    const slice = eligible.slice(i, i + 1000).map((r) => ({ ...r, token: randomBytes(32).toString('base64url') }));
    const made = await exec.insert(deviceCommands).values(slice.map((r) => ({
      orgId: c.orgId, deviceId: r.deviceId, name: 'upgrade', batch: `campaign:${c.id}`, expiresAt, createdBy: c.createdBy, createdAt: at,
      params: { url: `${c.downloadBase}${FIRMWARE_DOWNLOAD_PATH}/${r.token}`, sha256: pkg.sha256, version: pkg.version, size: pkg.size, mode: c.actionType },
    }))).returning({ id: deviceCommands.id, deviceId: deviceCommands.deviceId });
    const byDevice = new Map(made.map((m) => [m.deviceId, m.id]));
    const values = slice.map((r) => sql`(${r.id}::int, ${byDevice.get(r.deviceId)!}::int, ${r.token}::text)`);
    await exec.execute(sql`
      update ${upgradeTargets} t set command_id = v.command_id, token = v.token, link_expires_at = ${expiresAt.toISOString()}::timestamptz, retry_at = null
      from (values ${sql.join(values, sql`, `)}) as v(id, command_id, token) where t.id = v.id`);
    for (const m of made) e.commands.push({ id: m.id, orgId: c.orgId, deviceId: m.deviceId });
    e.devices.push(...slice.map((r) => ({ id: r.deviceId, online: r.online })));
  }
}

const targetDevice = {
  id: upgradeTargets.id, deviceId: upgradeTargets.deviceId, online: devices.online, status: devices.status, orgId: devices.orgId, attempts: upgradeTargets.attempts,
};

/** Releases batch `n`: its targets get their commands. */
async function release(exec: Executor, c: CampaignRow, n: number, at: Date, e: Effects): Promise<void> {
  const rows = await exec.select(targetDevice).from(upgradeTargets).innerJoin(devices, eq(devices.id, upgradeTargets.deviceId))
    .where(and(eq(upgradeTargets.campaignId, c.id), eq(upgradeTargets.batch, n)));
  await issue(exec, c, await packageOf(exec, c), rows, at, e);
  await exec.update(upgradeCampaigns).set({ currentBatch: n, updatedAt: at }).where(eq(upgradeCampaigns.id, c.id));
  c.currentBatch = n;
  e.campaign ??= { id: c.id, orgId: c.orgId, state: c.state as CampaignState };
}

/**
 * Offline targets whose look is due or whose device is back (its hello woke the campaign at once; this catches a
 * return that raced the target's release), and targets whose command expired before reaching the device (it went
 * away after its batch was released, or the maintenance window closed first): online devices get the upgrade now,
 * the others wait again with a doubled back-off. Inside the maintenance window only; outside it they stay due.
 */
async function retryOffline(exec: Executor, c: CampaignRow, at: Date, e: Effects): Promise<void> {
  if (!insideWindow(c, at)) return;
  const rows = await exec.select(targetDevice).from(upgradeTargets)
    .innerJoin(devices, eq(devices.id, upgradeTargets.deviceId))
    .leftJoin(deviceCommands, eq(deviceCommands.id, upgradeTargets.commandId))
    .where(and(eq(upgradeTargets.campaignId, c.id), eq(upgradeTargets.skipped, 0),
      sql`(${upgradeTargets.retryAt} <= ${at.toISOString()}::timestamptz or (${upgradeTargets.retryAt} is not null and ${devices.online} = 1)
        or ${deviceCommands.state} = 'expired')`));
  if (rows.length) await issue(exec, c, await packageOf(exec, c), rows, at, e);
}

/** Targets whose command failed, timed out or expired: what `retry` sends the upgrade to again. */
export async function failedTargets(exec: Executor, campaignId: number): Promise<TargetDevice[]> {
  return exec.select(targetDevice).from(upgradeTargets)
    .innerJoin(devices, eq(devices.id, upgradeTargets.deviceId))
    .innerJoin(deviceCommands, eq(deviceCommands.id, upgradeTargets.commandId))
    .where(and(eq(upgradeTargets.campaignId, campaignId), inArray(deviceCommands.state, [...FAILED_TARGET_STATES])));
}

/** Sends the upgrade again to the failed targets only (hawkBit #1454); the campaign is running again. */
export async function retryFailed(exec: Executor, c: CampaignRow, at: Date, e: Effects): Promise<void> {
  await issue(exec, c, await packageOf(exec, c), await failedTargets(exec, c.id), at, e);
  e.campaign = { id: c.id, orgId: c.orgId, state: 'running' };
}

/**
 * One step of a running or paused campaign (its row locked by the caller): done when every target has finished
 * and every batch was released; paused when more than `failure_threshold` % of the released targets failed;
 * otherwise, once the current batch has finished or reached its success threshold, the next batch is released — inside the maintenance window and
 * from the scheduled start only (a batch whose devices were all skipped is passed over at once).
 */
export async function step(exec: Executor, c: CampaignRow, at: Date, e: Effects): Promise<void> {
  if (c.dynamic === 1 && c.state === 'running') await joinNewcomers(exec, c, e);
  if (c.state === 'running') await retryOffline(exec, c, at, e);
  for (;;) {
    if (c.state !== 'running' && c.state !== 'paused') return;
    const s = await tally(exec, c);
    if (s.active === 0 && s.offline === 0 && c.currentBatch >= s.lastBatch) {
      // A dynamic campaign waits for newcomers until someone cancels it.
      if (c.dynamic === 1) return;
      await move(exec, c, 'completed', at, e, { finishedAt: at });
      return;
    }
    if (c.state !== 'running') return;
    if (s.released > 0 && s.failed * 100 > c.failureThreshold * s.released) {
      await move(exec, c, 'paused', at, e, { pausedReason: PAUSE_REASON_FAILURES });
      return;
    }
    if (c.currentBatch >= s.lastBatch) return;
    // The next batch waits for the current one to finish, or only for `success_threshold` % of it to succeed
    // (hawkBit's trigger threshold: the rest go on beside the next). Offline targets hold no batch back: like a
    // finished one they wait on nobody, and join when their device returns.
    const succeededEnough = s.batchSize > 0 && s.batchSucceeded * 100 >= c.successThreshold * s.batchSize;
    if (s.active > 0 && !succeededEnough) return;
    // Outside the maintenance window, or before a scheduled start, the next batch waits; the 5 s sweep releases it
    // once the window opens or the time has come.
    if (!insideWindow(c, at) || (c.startAt && at < c.startAt)) return;
    await release(exec, c, c.currentBatch + 1, at, e);
  }
}

/**
 * A dynamic campaign's newcomers: devices that match its kept filter and fit its package but are not its targets
 * yet (registered, moved into the group or updated since) join as one new batch after the last.
 */
async function joinNewcomers(exec: Executor, c: CampaignRow, e: Effects): Promise<void> {
  const pkg = await packageOf(exec, c);
  const filter = { group: c.filterGroup, model: c.filterModel, fw: c.filterFw, tag: c.filterTag, onlineOnly: c.filterOnline === 1 };
  const ids = await devicesMatching(exec, c.orgId, pkg, filter, c.id);
  if (!ids.length) return;
  const [last] = await exec.select({ n: sql<number>`coalesce(max(${upgradeTargets.batch}), 0)::int` }).from(upgradeTargets).where(eq(upgradeTargets.campaignId, c.id));
  const batch = Math.max(last?.n ?? 0, c.currentBatch) + 1;
  for (let i = 0; i < ids.length; i += 1000) {
    await exec.insert(upgradeTargets).values(ids.slice(i, i + 1000).map((deviceId) => ({ campaignId: c.id, deviceId, batch })));
  }
  await exec.update(upgradeCampaigns).set({ total: sql`${upgradeCampaigns.total} + ${ids.length}` }).where(eq(upgradeCampaigns.id, c.id));
  e.campaign ??= { id: c.id, orgId: c.orgId, state: c.state as CampaignState };
}

/** Cancels a campaign (row locked): undelivered queued commands are canceled, unreleased targets skipped. */
export async function cancel(exec: Executor, c: CampaignRow, at: Date, e: Effects): Promise<void> {
  if (!canTransition('queued', 'canceled')) throw new Error('COMMAND_TRANSITIONS no longer cancel a queued command');
  const canceled = await exec.update(deviceCommands).set({ state: 'canceled', finishedAt: at })
    .where(and(eq(deviceCommands.state, 'queued'), sql`${deviceCommands.id} in (select command_id from ${upgradeTargets} where campaign_id = ${c.id})`))
    .returning({ id: deviceCommands.id, orgId: deviceCommands.orgId, deviceId: deviceCommands.deviceId });
  e.canceled.push(...canceled);
  await exec.update(upgradeTargets).set({ skipped: 1, retryAt: null })
    .where(and(eq(upgradeTargets.campaignId, c.id), sql`(${upgradeTargets.batch} > ${c.currentBatch} or ${upgradeTargets.retryAt} is not null)`));
  await exec.update(upgradeCampaigns).set({ finishedAt: at, pausedReason: null }).where(eq(upgradeCampaigns.id, c.id));
  e.campaign = { id: c.id, orgId: c.orgId, state: 'canceled' };
}

/** Runs one step of a campaign in its own transaction and announces what it did (the bus and the sweep call it). */
export async function stepCampaign(db: Executor, delivery: Delivery, id: number, at: Date): Promise<void> {
  const e = noEffects(at);
  await db.transaction(async (tx) => {
    const c = await lockCampaign(tx, id);
    if (c) await step(tx, c, at, e);
  });
  await applyEffects(delivery, e);
}

/** The address devices download from, as `<base>/firmware/<token>`. */
export function downloadBase(publicUrl: string | undefined, req: { protocol: string; host: string }): string {
  return publicUrl ?? `${req.protocol}://${req.host}`;
}
