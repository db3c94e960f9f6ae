import { userNameOf } from '../../resources/readColumns';
import { and, eq, sql } from 'drizzle-orm';
import {
  ALARM_SEVERITIES, OFFLINE_METRIC, RANGE_OPERATORS, alarmResource, alarmRuleResource, closedObject, Code, metricDecl, methodField,
  type AlarmOperator, type AlarmSeverity, type AlarmState, type AlarmSummary, type DeviceFamily,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { alarmConditions, alarmRules, deviceAlarms } from './alarmTables';
import { announceAlarms } from './alarmEvaluation';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A rule as it will be after this add or update: a range operator needs its high end at or above the threshold; a
 * rule of one family watches a metric that family reports (`offline` fits every family). Empty family and model
 * mean every one.
 */
function checkRule(input: Input, values: ColumnValues, before: WireRow = {}): void {
  const pick = (k: string) => (k in input ? input[k] : before[k]);
  if ('family' in input) values.family = blank(input.family) ? null : input.family;
  if ('model' in input) values.model = blank(input.model) ? null : String(input.model).trim();
  const family = pick('family');
  const metric = String(pick('metric') ?? '');
  const operator = String(pick('operator') ?? 'gt') as AlarmOperator;
  if (!blank(family) && metric !== OFFLINE_METRIC && !metricDecl(family as DeviceFamily, metric)) {
    throw new AppError(Code.VALIDATION, 'validation.alarmMetric', 'metric');
  }
  if (metric !== OFFLINE_METRIC && RANGE_OPERATORS.includes(operator)) {
    const high = pick('threshold_high');
    const low = Number(pick('threshold') ?? 0);
    if (blank(high) || Number(high) < low) throw new AppError(Code.VALIDATION, 'validation.alarmRange', 'threshold_high');
  }
}

/** A rule whose condition changed, or that stopped: what was measured against the old one no longer counts. */
async function resetRule(ctx: RequestContext, exec: Executor, id: number, clearActive: boolean): Promise<void> {
  await exec.delete(alarmConditions).where(eq(alarmConditions.ruleId, id));
  if (!clearActive) return;
  const at = ctx.services.now();
  const cleared = await exec.update(deviceAlarms).set({ state: 'cleared', active: 0, clearedAt: at, clearReason: 'auto', updatedAt: at })
    .where(and(eq(deviceAlarms.ruleId, id), eq(deviceAlarms.active, 1)))
    .returning({ id: deviceAlarms.id, org_id: deviceAlarms.orgId, device_id: deviceAlarms.deviceId, severity: deviceAlarms.severity, state: deviceAlarms.state });
  const bus = ctx.req.server.liveBus;
  ctx.afterCommit(() => announceAlarms(bus, cleared.map((c) => ({ ...c, severity: c.severity as AlarmSeverity, state: c.state as AlarmState })), at));
}

const CONDITION_FIELDS = ['family', 'model', 'metric', 'operator', 'threshold', 'threshold_high', 'duration_s'];

export const alarmRuleBinding = defineResource({
  decl: alarmRuleResource,
  table: alarmRules,
  tenant: { kind: 'column', column: alarmRules.orgId },
  hooks: {
    async beforeAdd(_ctx, _exec, input, values) {
      checkRule(input, values);
    },
    async beforeUpdate(ctx, _exec, _id, input, values, before) {
      checkRule(input, values, before);
      values.updatedAt = ctx.services.now();
    },
    async afterUpdate(ctx, exec, id, input) {
      // A changed condition starts counting afresh; alarms raised under the old one clear by evaluation.
      if (CONDITION_FIELDS.some((k) => k in input)) await resetRule(ctx, exec, id, true);
    },
    async afterTransition(ctx, exec, id, action) {
      if (action === 'disable') await resetRule(ctx, exec, id, true);
    },
  },
});

export const alarmBinding = defineResource({
  decl: alarmResource,
  table: deviceAlarms,
  tenant: { kind: 'column', column: deviceAlarms.orgId },
  columns: {
    acknowledged_by: userNameOf(deviceAlarms.acknowledgedById),
    cleared_by: userNameOf(deviceAlarms.clearedById),
  },
  hooks: {
    /** The engine moved `state` along `ALARM_TRANSITIONS`; who and when go with it. */
    async afterTransition(ctx, exec, id, action) {
      const at = ctx.services.now();
      const by = ctx.user().userId;
      const set = action === 'acknowledge'
        ? { acknowledgedAt: at, acknowledgedById: by, updatedAt: at }
        : { active: 0, clearedAt: at, clearedById: by, clearReason: 'manual', updatedAt: at };
      const [a] = await exec.update(deviceAlarms).set(set).where(eq(deviceAlarms.id, id))
        .returning({ id: deviceAlarms.id, org_id: deviceAlarms.orgId, device_id: deviceAlarms.deviceId, severity: deviceAlarms.severity, state: deviceAlarms.state, ruleId: deviceAlarms.ruleId });
      if (!a) return;
      // Cleared by hand while the condition may still hold: it must hold for the rule's duration again.
      if (action === 'clear') await exec.delete(alarmConditions).where(and(eq(alarmConditions.ruleId, a.ruleId), eq(alarmConditions.deviceId, a.device_id)));
      const bus = ctx.req.server.liveBus;
      ctx.afterCommit(() => announceAlarms(bus, [{ ...a, severity: a.severity as AlarmSeverity, state: a.state as AlarmState }], at));
    },
  },
  methods: {
    /** Active alarms (raised or acknowledged) of the organisation by severity, for the dashboard. */
    summary: method({
      access: 'device.alarm.list',
      body: closedObject({ method: methodField }),
      readOnly: true,
      async handler(ctx): Promise<AlarmSummary> {
        const rows = await ctx.db.select({ severity: deviceAlarms.severity, n: sql<number>`count(*)::int` }).from(deviceAlarms)
          .where(and(eq(deviceAlarms.orgId, ctx.orgId()), eq(deviceAlarms.active, 1))).groupBy(deviceAlarms.severity);
        const out = { total: 0, ...Object.fromEntries(ALARM_SEVERITIES.map((s) => [s, 0])) } as AlarmSummary;
        for (const r of rows) {
          if ((ALARM_SEVERITIES as readonly string[]).includes(r.severity)) out[r.severity as AlarmSeverity] = r.n;
          out.total += r.n;
        }
        return out;
      },
    }),
  },
});
