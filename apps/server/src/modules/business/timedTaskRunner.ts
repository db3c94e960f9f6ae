import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { Code, commandParams, type CommandName, type RunOutcome, type RunReason, type TemplateKind } from '@gx/contract';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { announceCommands, insertCommands, SEND_MAX, selectCommandTargets, type CommandDelivery, type Issuer } from '../equipment/commandBinding';
import { pushTemplate } from '../equipment/templates';
import { timedTaskRuns, timedTasks } from './timedTaskTables';
import { upcomingRun, wasMissed } from './timedTaskSchedule';

type TaskRow = typeof timedTasks.$inferSelect;

export interface RunnerDeps {
  db: Db;
  now(): Date;
  /** The device channel, for publishing committed commands; null when none is running. */
  delivery(): CommandDelivery | null;
  onError(err: unknown): void;
}

/** What one run issued, to announce once its transaction has committed. */
export interface Issued {
  orgId: number;
  made: { id: number; deviceId: number }[];
  targets: { id: number; online: number }[];
  batch: string;
}

/** A refusal of the action, as the reason a run records. */
export function reasonOf(err: unknown): RunReason {
  if (!(err instanceof AppError)) return 'error';
  if (err.code === Code.NOT_FOUND) return err.field === 'id' ? 'template_missing' : 'no_targets';
  if (err.message === 'validation.tooMany') return 'too_many';
  if (err.message === 'validation.templateIncompatible') return 'template_unfit';
  if (err.message === 'validation.templateNoTargets') return 'no_targets';
  return 'invalid';
}

/** The task's devices now: enabled devices of its organisation, by id or by its filter (as `send` finds them). */
async function commandTargets(exec: Executor, t: TaskRow): Promise<{ id: number; online: number }[]> {
  const rows = await selectCommandTargets(exec, t.orgId, {
    ids: t.deviceIds, family: t.filterFamily, model: t.filterModel, online: t.filterOnline === 1 ? 1 : null,
  });
  if (!rows.length) throw new AppError(Code.NOT_FOUND, undefined, 'device_ids');
  if (rows.length > SEND_MAX) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'device_ids');
  return rows;
}

/** Issues the task's action in `exec`: its command to each target, or its template pushed. */
export async function issue(exec: Executor, t: TaskRow, who: Issuer): Promise<Issued> {
  if (t.actionKind === 'template') {
    const target = { device_ids: t.deviceIds, filter_model: t.filterModel, filter_online: t.filterOnline };
    const r = await pushTemplate(exec, who, t.templateKind as TemplateKind, t.templateId ?? 0, target);
    return { orgId: t.orgId, made: r.made, targets: r.targets, batch: r.batch };
  }
  const name = t.commandName as CommandName;
  // Checked again as `send` checks it: the contract may have moved since the task was saved.
  const params = commandParams[name]?.safeParse(JSON.parse(t.commandParams ?? '{}'));
  if (!params?.success) throw new AppError(Code.VALIDATION, 'validation.commandParams', 'command_params');
  const targets = await commandTargets(exec, t);
  const { batch, made } = await insertCommands(exec, who, targets, name, params.data as Record<string, unknown>);
  return { orgId: t.orgId, made, targets, batch };
}

/**
 * Claims one due run of a task and does it, exactly once across instances: the claim moves `next_run_at` from the
 * due time it was read at to the next one, in the transaction that creates the commands. A second claimer blocks
 * on the row, then finds `next_run_at` moved and claims nothing; a rollback leaves the run due. A run due longer
 * than the grace was missed (downtime): `skip` records it skipped, `run_once` runs it; either way the next run is
 * the first after now, so a run is made at most once however many were missed.
 */
export async function runTask(deps: RunnerDeps, id: number, due: Date, now: Date): Promise<boolean> {
  const [read] = await deps.db.select().from(timedTasks).where(eq(timedTasks.id, id));
  if (!read || read.status !== 1 || read.nextRunAt?.getTime() !== due.getTime()) return false;
  const next = upcomingRun(read, now);
  let issued: Issued | null = null;
  const claimed = await deps.db.transaction(async (tx) => {
    const [t] = await tx.update(timedTasks).set({ nextRunAt: next, lastRunAt: now }).where(and(
      eq(timedTasks.id, id), eq(timedTasks.status, 1), eq(timedTasks.nextRunAt, due),
      // The schedule `next` came from is still the task's (an edit in between recomputes instead).
      eq(timedTasks.scheduleKind, read.scheduleKind), eq(timedTasks.timeZone, read.timeZone),
      sql`${timedTasks.cron} is not distinct from ${read.cron}`, sql`${timedTasks.runAt} is not distinct from ${read.runAt}`,
    )).returning();
    if (!t) return false;
    let outcome: RunOutcome = 'done';
    let reason: RunReason | null = null;
    if (wasMissed(due, now) && t.missedPolicy === 'skip') {
      outcome = 'skipped';
      reason = 'missed';
    } else {
      try {
        // A savepoint: a refused action rolls back alone and the claim still records its failure.
        issued = await tx.transaction((sp) => issue(sp, t, { orgId: t.orgId, userId: t.createdBy, now }));
      } catch (err) {
        outcome = 'failed';
        reason = reasonOf(err);
        if (reason === 'error') deps.onError(err);
      }
    }
    await tx.insert(timedTaskRuns).values({
      orgId: t.orgId, taskId: t.id, dueAt: due, ranAt: now, outcome, reason, batch: issued?.batch ?? '', devices: issued?.made.length ?? 0,
    });
    await tx.update(timedTasks).set({ lastOutcome: outcome }).where(eq(timedTasks.id, t.id));
    return true;
  });
  const delivery = deps.delivery();
  const done = issued as Issued | null;
  if (claimed && done && delivery) announceCommands(delivery, done.orgId, done.made, done.targets, now).catch(deps.onError);
  return claimed;
}

/** Runs every task due by now (oldest first, at most `limit` a tick); answers how many runs this instance claimed. */
export async function runDueTasks(deps: RunnerDeps, limit = 50): Promise<number> {
  const now = deps.now();
  const due = await deps.db.select({ id: timedTasks.id, nextRunAt: timedTasks.nextRunAt }).from(timedTasks)
    .where(and(eq(timedTasks.status, 1), isNotNull(timedTasks.nextRunAt), lte(timedTasks.nextRunAt, now)))
    .orderBy(asc(timedTasks.nextRunAt)).limit(limit);
  let ran = 0;
  for (const d of due) if (await runTask(deps, d.id, d.nextRunAt!, now)) ran += 1;
  return ran;
}
