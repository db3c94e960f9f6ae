import { and, eq } from 'drizzle-orm';
import {
  Code, STATUS_ENABLED, timedTaskDefinitionSchema, timedTaskResource, type RunOutcome, type RunReason, type TimedTaskDefinition,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { TEMPLATE_TABLES } from '../equipment/templateTables';
import { timedTaskRuns, timedTasks } from './timedTaskTables';
import { issue, reasonOf, type Issued } from './timedTaskRunner';
import { announceAfterCommit } from '../equipment/commandBinding';
import { upcomingRun } from './timedTaskSchedule';

const DEFINITION_FIELDS = Object.keys(timedTaskDefinitionSchema.shape) as (keyof TimedTaskDefinition)[];

/** The task as it will be (an update merged onto its row), checked whole; the first fault names its field. */
function definitionOf(row: Record<string, unknown>): TimedTaskDefinition {
  const picked: Record<string, unknown> = {};
  for (const k of DEFINITION_FIELDS) {
    const v = row[k];
    picked[k] = v instanceof Date ? v.toISOString() : v === '' ? null : v;
  }
  const r = timedTaskDefinitionSchema.safeParse(picked);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new AppError(Code.VALIDATION, issue.message.startsWith('validation.') ? issue.message : 'validation.invalid', issue.path.map(String).join('.'));
}

/** The schedule columns of a definition and its next run from `now`; a schedule with nothing ahead is refused. */
function scheduleOf(d: TimedTaskDefinition, now: Date): { runAt: Date | null; nextRunAt: Date } {
  const runAt = d.schedule_kind === 'once' && d.run_at ? new Date(d.run_at) : null;
  const next = upcomingRun({ scheduleKind: d.schedule_kind, cron: d.cron ?? null, runAt, timeZone: d.time_zone }, now);
  if (!next) throw new AppError(Code.VALIDATION, d.schedule_kind === 'once' ? 'validation.runAtPast' : 'validation.cronNever', d.schedule_kind === 'once' ? 'run_at' : 'cron');
  return { runAt, nextRunAt: next };
}

/** A template task names a template of the caller's organisation. */
async function checkTemplate(ctx: RequestContext, exec: Executor, d: TimedTaskDefinition): Promise<void> {
  if (d.action_kind !== 'template' || !d.template_kind || !d.template_id) return;
  const table = TEMPLATE_TABLES[d.template_kind];
  const [t] = await exec.select({ id: table.id }).from(table).where(and(eq(table.id, d.template_id), eq(table.orgId, ctx.orgId())));
  if (!t) throw new AppError(Code.NOT_FOUND, undefined, 'template_id');
}

/** Stored values: parameters in a canonical JSON text, the fields of the other action kind emptied. */
function normalise(d: TimedTaskDefinition, values: ColumnValues): void {
  if (d.action_kind === 'command') {
    values.commandParams = JSON.stringify(d.command_params?.trim() ? JSON.parse(d.command_params) : {});
    values.templateKind = null;
    values.templateId = null;
  } else {
    values.commandName = null;
    values.commandParams = null;
  }
  if (typeof values.filterModel === 'string') values.filterModel = values.filterModel.trim() || null;
  if (d.schedule_kind === 'cron') values.cron = d.cron!.trim().replace(/\s+/g, ' ');
  else values.cron = null;
}

/** Fields that move the next run when changed. */
const SCHEDULE_FIELDS = ['schedule_kind', 'cron', 'run_at', 'time_zone'];

export const timedTaskBinding = defineResource({
  decl: timedTaskResource,
  table: timedTasks,
  tenant: { kind: 'column', column: timedTasks.orgId },
  hooks: {
    async beforeAdd(ctx, exec, input: Input, values: ColumnValues) {
      const defaults = Object.fromEntries(Object.entries(timedTaskResource.fields).map(([k, f]) => [k, 'default' in f ? f.default : undefined]));
      const d = definitionOf({ ...defaults, ...input });
      await checkTemplate(ctx, exec, d);
      normalise(d, values);
      const now = ctx.services.now();
      Object.assign(values, scheduleOf(d, now), { createdBy: ctx.user().userId, createdAt: now, updatedAt: now });
    },
    async beforeUpdate(ctx, exec, _id, input: Input, values: ColumnValues, before: WireRow) {
      const d = definitionOf({ ...before, ...input });
      await checkTemplate(ctx, exec, d);
      normalise(d, values);
      const now = ctx.services.now();
      if (SCHEDULE_FIELDS.some((f) => f in input)) {
        const s = scheduleOf(d, now);
        values.runAt = s.runAt;
        // A disabled task keeps no next run; enabling it computes one.
        values.nextRunAt = before.status === STATUS_ENABLED ? s.nextRunAt : null;
      }
      values.updatedAt = now;
    },
    /** Enabling counts from now (runs while disabled are not "missed"); a disabled task shows no next run. */
    async afterTransition(ctx, exec, id, action) {
      const [t] = await exec.select().from(timedTasks).where(eq(timedTasks.id, id));
      if (!t) return;
      const next = action === 'enable' ? upcomingRun(t, ctx.services.now()) : null;
      await exec.update(timedTasks).set({ nextRunAt: next }).where(eq(timedTasks.id, id));
    },
  },
  actions: {
    /**
     * Runs the task once now, as its schedule would (a refused action is recorded as a failed run, not an error),
     * recorded as run by hand; the next scheduled run stays where it was. Answers the run.
     */
    async run_now(ctx, exec, id) {
      const [t] = await exec.select().from(timedTasks).where(eq(timedTasks.id, id));
      if (!t) throw new AppError(Code.NOT_FOUND);
      const now = ctx.services.now();
      const who = { orgId: t.orgId, userId: ctx.user().userId, now };
      let issued: Issued | null = null;
      let reason: RunReason | null = null;
      try {
        // A savepoint: a refused action rolls back alone and the run still records why.
        issued = await exec.transaction((sp) => issue(sp, t, who));
      } catch (err) {
        reason = reasonOf(err);
        if (reason === 'error') throw err;
      }
      const outcome: RunOutcome = issued ? 'done' : 'failed';
      const [run] = await exec.insert(timedTaskRuns).values({
        orgId: t.orgId, taskId: t.id, dueAt: now, ranAt: now, trigger: 'manual', outcome, reason,
        batch: issued?.batch ?? '', devices: issued?.made.length ?? 0,
      }).returning({ id: timedTaskRuns.id });
      await exec.update(timedTasks).set({ lastRunAt: now, lastOutcome: outcome }).where(eq(timedTasks.id, t.id));
      if (issued) announceAfterCommit(ctx, who, issued.made, issued.targets);
      return { answer: { run_id: run!.id, outcome, reason, devices: issued?.made.length ?? 0 } };
    },
  },
});
