import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  campaignResource, closedObject, Code, FAILED_TARGET_STATES, methodField, STATUS_ENABLED, TARGET_STATES, windowProblem, zRowId,
  type CampaignBatch, type CampaignMinute, type CampaignTargetRow, type CampaignTotals, type TargetState,
} from '@gx/contract';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { deviceCommands, devices, organizations } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import type { ColumnValues, Input } from '../../resources/types';
import { rowsOf } from '../equipment/rowsOf';
import { firmwarePackages, fits } from './firmware';
import { devicesMatching } from './targetFilter';
import { upgradeCampaigns, upgradeTargets } from './campaignTables';
import { applyEffects, cancel, downloadBase, failedTargets, insideWindow, lockCampaign, noEffects, retryFailed, step, type Effects } from './rollout';

/** Most devices one campaign reaches. */
export const CAMPAIGN_MAX_TARGETS = 10_000;

const campaignId = qualified(upgradeCampaigns.id);
const countWhere = (cond: SQL) => sql<number>`(select count(*)::int from ${upgradeTargets} t left join ${deviceCommands} c on c.id = t.command_id where t.campaign_id = ${campaignId} and ${cond})`;
const failedStates = sql.join(FAILED_TARGET_STATES.map((s) => sql`${s}`), sql`, `);
/** A released target's command still under way. */
const activeStates = sql`'queued', 'sent', 'delivered'`;

/** Targets resolved by `beforeAdd`, inserted by `afterAdd` once the campaign has its id. */
const resolved = new WeakMap<Input, number[]>();

/** The devices a new campaign reaches: its ids (each must fit the package) or its filter narrowed to what fits. */
async function resolveTargets(ctx: RequestContext, exec: Executor, input: Input): Promise<number[]> {
  const orgId = ctx.orgId();
  const [pkg] = await exec.select().from(firmwarePackages)
    .where(and(eq(firmwarePackages.id, Number(input.firmware_id)), eq(firmwarePackages.orgId, orgId)));
  if (!pkg) throw fail.notFound();
  if (pkg.status !== STATUS_ENABLED) throw new AppError(Code.VALIDATION, 'validation.firmwareDisabled', 'firmware_id');
  const ids = Array.isArray(input.device_ids) ? [...new Set(input.device_ids as number[])] : [];
  const family = typeof input.filter_family === 'string' && input.filter_family ? input.filter_family : null;
  const group = typeof input.filter_group === 'number' ? input.filter_group : null;
  const model = typeof input.filter_model === 'string' && input.filter_model.trim() ? input.filter_model.trim() : null;
  const fw = typeof input.filter_fw === 'string' && input.filter_fw.trim() ? input.filter_fw.trim() : null;
  const tag = typeof input.filter_tag === 'string' && input.filter_tag.trim() ? input.filter_tag.trim() : null;
  const onlineOnly = input.filter_online === 1;
  const hasFilter = family !== null || group !== null || model !== null || fw !== null || tag !== null || onlineOnly;
  if (ids.length && hasFilter) throw new AppError(Code.VALIDATION, 'validation.campaignTarget', 'device_ids');
  // Newcomers can join only a campaign that chose its devices by a filter.
  if (ids.length && input.dynamic === 1) throw new AppError(Code.VALIDATION, 'validation.dynamicNeedsFilter', 'dynamic');
  if (ids.length) {
    if (ids.length > CAMPAIGN_MAX_TARGETS) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'device_ids');
    const rows = await exec.select({ id: devices.id, family: devices.family, model: devices.model, fw: devices.fw }).from(devices)
      .where(and(eq(devices.orgId, orgId), eq(devices.status, 1), inArray(devices.id, ids)));
    if (rows.length !== ids.length) throw new AppError(Code.NOT_FOUND, undefined, 'device_ids');
    if (rows.some((d) => !fits(pkg, d))) throw new AppError(Code.VALIDATION, 'validation.campaignIncompatible', 'device_ids');
    return rows.map((d) => d.id).sort((a, b) => a - b);
  }
  if (family !== null && family !== pkg.family) throw new AppError(Code.VALIDATION, 'validation.campaignIncompatible', 'filter_family');
  const rows = await devicesMatching(exec, orgId, pkg, { group, model, fw, tag, onlineOnly });
  const emptyField = family !== null ? 'filter_family' : group !== null ? 'filter_group' : tag !== null ? 'filter_tag' : 'firmware_id';
  if (!rows.length) throw new AppError(Code.VALIDATION, 'validation.campaignNoTargets', emptyField);
  if (rows.length > CAMPAIGN_MAX_TARGETS) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'filter_family');
  return rows;
}

/** Targets per batch: a percentage of all (rounded up) when set, else the count. */
export function batchSizeOf(total: number, batchSize: number, batchPercent: number): number {
  return batchPercent > 0 ? Math.max(1, Math.ceil((total * batchPercent) / 100)) : Math.max(1, batchSize);
}

/** After a committed action, the step's commands and state are announced and delivered. */
function announce(ctx: RequestContext, e: Effects): void {
  const channel = ctx.req.server.deviceChannel;
  ctx.afterCommit(() => void applyEffects(channel, e).catch((err: unknown) => ctx.req.log.error({ err }, 'campaign dispatch failed')));
}

const targetsBody = closedObject({
  method: methodField,
  id: zRowId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
  state: z.enum(TARGET_STATES).optional(),
});

const stateOfTarget = sql<TargetState>`case when t.command_id is not null then c.state when t.skipped = 1 then 'skipped' when t.retry_at is not null then 'offline' else 'pending' end`;

export const campaignBinding = defineResource({
  decl: campaignResource,
  table: upgradeCampaigns,
  tenant: { kind: 'column', column: upgradeCampaigns.orgId },
  columns: {
    succeeded: countWhere(sql`c.state = 'succeeded'`),
    failed: countWhere(sql`c.state in (${failedStates})`),
    active: countWhere(sql`c.state in (${activeStates})`),
    offline: countWhere(sql`t.retry_at is not null`),
    released: countWhere(sql`t.batch <= ${qualified(upgradeCampaigns.currentBatch)}`),
  },
  hooks: {
    async beforeAdd(ctx, exec, input: Input, values: ColumnValues) {
      const targets = await resolveTargets(ctx, exec, input);
      resolved.set(input, targets);
      values.total = targets.length;
      const w = { start: String(input.window_start ?? '').trim(), end: String(input.window_end ?? '').trim(), zone: String(input.window_tz ?? 'Asia/Shanghai').trim() };
      const problem = windowProblem(w);
      if (problem) throw new AppError(Code.VALIDATION, problem.message, problem.field);
      Object.assign(values, { windowStart: w.start, windowEnd: w.end, windowTz: w.zone || 'Asia/Shanghai' });
      // The organisation may require a second person's approval before a campaign can start.
      const [org] = await exec.select({ approval: organizations.campaignApproval }).from(organizations).where(eq(organizations.id, ctx.orgId()));
      values.state = org?.approval === 1 ? 'awaiting_approval' : 'draft';
      values.createdBy = ctx.user().userId;
      // A scheduled start lies ahead; one already past would just mean "at once", and is refused as a likely slip.
      if (values.startAt !== undefined && values.startAt !== null) {
        const startAt = new Date(values.startAt as string | Date);
        if (Number.isNaN(startAt.getTime()) || startAt <= ctx.services.now()) throw new AppError(Code.VALIDATION, 'validation.futureTime', 'start_at');
      }
      if (typeof values.filterModel === 'string') values.filterModel = values.filterModel.trim() || null;
      if (typeof values.filterFw === 'string') values.filterFw = values.filterFw.trim() || null;
    },
    async afterAdd(_ctx, exec, id, input) {
      const targets = resolved.get(input) ?? [];
      const [c] = await exec.select().from(upgradeCampaigns).where(eq(upgradeCampaigns.id, id));
      const per = batchSizeOf(targets.length, c!.batchSize, c!.batchPercent);
      for (let i = 0; i < targets.length; i += 1000) {
        await exec.insert(upgradeTargets).values(targets.slice(i, i + 1000).map((deviceId, k) => ({ campaignId: id, deviceId, batch: Math.floor((i + k) / per) + 1 })));
      }
    },
    /**
     * Every state action and removal locks the campaign and reads its state again, so a person's action and the
     * rollout's own step (which holds the same lock) never cross.
     */
    async guard(ctx, exec, id, operation) {
      const c = await lockCampaign(exec, id);
      if (!c) throw fail.notFound();
      // Approval is a second person's: never the creator's (platform administrators included).
      if (operation === 'approve' && c.state === 'awaiting_approval' && c.createdBy === ctx.user().userId) {
        throw new AppError(Code.FORBIDDEN, 'validation.approveOwn', 'approved_by');
      }
      // A retry hands devices commands at once: only inside the maintenance window.
      if (operation === 'retry' && !insideWindow(c, ctx.services.now())) throw new AppError(Code.CONFLICT, 'validation.outsideWindow', 'window_start');
      if (operation === 'remove') {
        if (c.state === 'running' || c.state === 'paused') throw new AppError(Code.CONFLICT, 'validation.campaignRunning', 'state');
        return;
      }
      const t = campaignResource.actions?.find((a) => a.name === operation)?.transition;
      if (t && !t.from.includes(c.state)) throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'state');
      if (operation === 'retry' && !(await failedTargets(exec, id)).length) throw new AppError(Code.CONFLICT, 'validation.campaignNoFailures', 'failed');
    },
    async afterTransition(ctx, exec, id, action) {
      const at = ctx.services.now();
      const c = await lockCampaign(exec, id);
      if (!c) return;
      const e = noEffects(at);
      if (action === 'approve') {
        await exec.update(upgradeCampaigns).set({ approvedBy: ctx.user().userId, approvedAt: at }).where(eq(upgradeCampaigns.id, id));
        e.campaign = { id, orgId: c.orgId, state: 'draft' };
      } else if (action === 'cancel') {
        await cancel(exec, c, at, e);
      } else if (action === 'pause') {
        await exec.update(upgradeCampaigns).set({ pausedReason: 'manual' }).where(eq(upgradeCampaigns.id, id));
        e.campaign = { id, orgId: c.orgId, state: 'paused' };
      } else {
        // start, resume, retry: links point at the address devices can reach now; a resume or retry counts
        // failures afresh; the rollout takes its next step.
        const base = downloadBase(ctx.config.publicUrl, ctx.req);
        const extra = action === 'start' ? { startedAt: at } : { thresholdFrom: c.currentBatch + 1, finishedAt: null };
        await exec.update(upgradeCampaigns).set({ pausedReason: null, downloadBase: base, ...extra }).where(eq(upgradeCampaigns.id, id));
        Object.assign(c, { pausedReason: null, downloadBase: base, ...extra });
        e.campaign = { id, orgId: c.orgId, state: 'running' };
        if (action === 'retry') await retryFailed(exec, c, at, e);
        await step(exec, c, at, e);
      }
      announce(ctx, e);
    },
  },
  methods: {
    /** Whether the organisation requires a second person's approval of new campaigns. */
    approval_setting: method({
      access: 'upgrade.campaign.list',
      body: closedObject({ method: methodField }),
      readOnly: true,
      async handler(ctx) {
        const [o] = await ctx.db.select({ v: organizations.campaignApproval }).from(organizations).where(eq(organizations.id, ctx.orgId()));
        return { campaign_approval: o?.v === 1 ? 1 : 0 };
      },
    }),
    /** Turns the approval requirement on or off; campaigns made before keep their state. */
    set_approval_setting: method({
      access: 'upgrade.campaign.settings',
      body: closedObject({ method: methodField, campaign_approval: z.union([z.literal(0), z.literal(1)], { error: 'validation.option' }) }),
      fieldLabels: { campaign_approval: { zh_CN: '升级任务需审批', en: 'Campaigns need approval' } },
      async handler(ctx, input) {
        const orgId = ctx.orgId();
        const [before] = await ctx.db.select({ v: organizations.campaignApproval }).from(organizations).where(eq(organizations.id, orgId));
        await ctx.db.update(organizations).set({ campaignApproval: input.campaign_approval, updatedAt: ctx.services.now() }).where(eq(organizations.id, orgId));
        await ctx.audit(ctx.db, { target: orgId, before: { campaign_approval: before?.v ?? 0 }, after: { campaign_approval: input.campaign_approval } });
        return { campaign_approval: input.campaign_approval };
      },
    }),
    /**
     * The campaign's devices with their states, progress and errors, a page at a time; the totals by state; each
     * batch's outcome (the group progress bars); and finished targets per minute (the summary chart).
     */
    targets: method({
      access: 'upgrade.campaign.list',
      body: targetsBody,
      readOnly: true,
      async handler(ctx, input): Promise<{
        list: CampaignTargetRow[]; total: number; page: number; size: number; totals: CampaignTotals; batches: CampaignBatch[]; minutes: CampaignMinute[];
      }> {
        const [c] = await ctx.db.select({ id: upgradeCampaigns.id }).from(upgradeCampaigns)
          .where(and(eq(upgradeCampaigns.id, input.id), eq(upgradeCampaigns.orgId, ctx.orgId())));
        if (!c) throw fail.notFound();
        const byState = rowsOf<{ state: TargetState; n: number }>(await ctx.db.execute(sql`
          select ${stateOfTarget} as state, count(*)::int as n
          from ${upgradeTargets} t left join ${deviceCommands} c on c.id = t.command_id
          where t.campaign_id = ${input.id} group by 1`));
        const totals: CampaignTotals = { total: 0 };
        for (const r of byState) {
          totals[r.state] = r.n;
          totals.total += r.n;
        }
        const filter = input.state ? sql`and ${stateOfTarget} = ${input.state}` : sql``;
        const rows = rowsOf<Omit<CampaignTargetRow, 'retry_at'> & { retry_at: Date | string | null }>(await ctx.db.execute(sql`
          select t.device_id, d.serial, d.name, d.model, d.fw, d.online, t.batch, ${stateOfTarget} as state, c.progress,
            t.command_id, c.result->>'code' as code, c.result->>'msg' as msg, t.retry_at, t.attempts
          from ${upgradeTargets} t
          join ${devices} d on d.id = t.device_id
          left join ${deviceCommands} c on c.id = t.command_id
          where t.campaign_id = ${input.id} ${filter}
          order by t.batch, t.device_id
          limit ${input.size} offset ${(input.page - 1) * input.size}`))
          .map((r): CampaignTargetRow => ({ ...r, retry_at: r.retry_at === null ? null : new Date(r.retry_at).toISOString() }));
        const total = input.state ? (totals[input.state] ?? 0) : totals.total;
        const batches = rowsOf<CampaignBatch>(await ctx.db.execute(sql`
          select t.batch, count(*)::int as total,
            count(*) filter (where c.state = 'succeeded')::int as succeeded,
            count(*) filter (where c.state in (${failedStates}))::int as failed,
            count(*) filter (where c.state in (${activeStates}))::int as active,
            count(*) filter (where t.command_id is null and t.skipped = 0)::int as waiting,
            count(*) filter (where t.retry_at is not null)::int as offline
          from ${upgradeTargets} t left join ${deviceCommands} c on c.id = t.command_id
          where t.campaign_id = ${input.id} group by t.batch order by t.batch`));
        const minutes = rowsOf<{ at: Date | string; succeeded: number; failed: number }>(await ctx.db.execute(sql`
          select date_trunc('minute', c.finished_at) as at,
            count(*) filter (where c.state = 'succeeded')::int as succeeded,
            count(*) filter (where c.state in (${failedStates}))::int as failed
          from ${upgradeTargets} t join ${deviceCommands} c on c.id = t.command_id
          where t.campaign_id = ${input.id} and c.finished_at is not null
          group by 1 order by 1`)).map((m) => ({ at: new Date(m.at).toISOString(), succeeded: m.succeeded, failed: m.failed }));
        return { list: rows, total, page: input.page, size: input.size, totals, batches, minutes };
      },
    }),
  },
});
