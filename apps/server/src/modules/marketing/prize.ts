import { randomInt } from 'node:crypto';
import { and, asc, count, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  closedObject, Code, methodField, PRIZE_KIND_PRIZE, prizeSettingsResource, savePrizesBody, STATUS_ENABLED, WEIGHT_TOTAL_BP,
  weightBp, zRowId, type DrawOutcome, type PrizeRow,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { prizeActivities, prizeDraws, prizes, prizeWins } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { assertEndsAfterStart } from '../../resources/window';

const weightTotalBp = (activity: SQL) => sql`(select coalesce(sum(p.weight_bp), 0) from ${prizes} p where p.activity_id = ${activity})`;

/**
 * The activity row of the caller's organisation, locked for the rest of the transaction: draws and prize edits of
 * one activity run one after another, so stock, weights and per-participant limits are read and written as one.
 */
async function lockActivity(exec: Executor, ctx: RequestContext, id: number) {
  const [row] = await exec.select().from(prizeActivities)
    .where(and(eq(prizeActivities.id, id), eq(prizeActivities.orgId, ctx.orgId()))).for('update');
  if (!row) throw fail.notFound();
  return row;
}

async function prizeRows(exec: Executor, activityId: number): Promise<PrizeRow[]> {
  const won = sql<number>`(select count(*)::int from ${prizeWins} w where w.prize_id = ${qualified(prizes.id)})`;
  const rows = await exec.select({
    id: prizes.id, name: prizes.name, kind: prizes.kind, stock: prizes.stock, weightBp: prizes.weightBp, perUserLimit: prizes.perUserLimit, won,
  }).from(prizes).where(eq(prizes.activityId, activityId)).orderBy(asc(prizes.sort), asc(prizes.id));
  return rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind, stock: r.stock, weight: r.weightBp / 100, per_user_limit: r.perUserLimit, won: Number(r.won) }));
}

const checkWindow = (input: Input, before?: WireRow) => assertEndsAfterStart(input, before, 'starts_at', 'ends_at');

/** One draw: the weights pick a prize; a prize out of stock or over the participant's limit is a miss. */
async function draw(ctx: RequestContext, exec: Executor, id: number, participant: string): Promise<DrawOutcome> {
  const activity = await lockActivity(exec, ctx, id);
  const now = ctx.services.now();
  if (activity.status !== STATUS_ENABLED || now < activity.startsAt || now >= activity.endsAt) {
    throw new AppError(Code.CONFLICT, 'validation.drawClosed');
  }
  if (activity.drawLimit > 0) {
    const [drawn] = await exec.select({ n: count() }).from(prizeDraws)
      .where(and(eq(prizeDraws.activityId, id), eq(prizeDraws.participant, participant)));
    if ((drawn?.n ?? 0) >= activity.drawLimit) throw new AppError(Code.CONFLICT, 'validation.drawLimit', 'participant');
  }
  const list = await exec.select().from(prizes).where(eq(prizes.activityId, id)).orderBy(asc(prizes.sort), asc(prizes.id));
  const roll = randomInt(WEIGHT_TOTAL_BP);
  let acc = 0;
  const picked = list.find((p) => (acc += p.weightBp) > roll);
  let outcome: DrawOutcome = { participant, won: false, prize_id: null, prize_name: '', win_id: null };
  if (picked && picked.kind === PRIZE_KIND_PRIZE && picked.stock > 0) {
    let allowed = true;
    if (picked.perUserLimit > 0) {
      const [wins] = await exec.select({ n: count() }).from(prizeWins)
        .where(and(eq(prizeWins.prizeId, picked.id), eq(prizeWins.participant, participant)));
      allowed = (wins?.n ?? 0) < picked.perUserLimit;
    }
    // The stock only ever goes down by a guarded decrement: no row is updated once it reached zero.
    const taken = allowed
      ? await exec.update(prizes).set({ stock: sql`${prizes.stock} - 1` }).where(and(eq(prizes.id, picked.id), sql`${prizes.stock} > 0`)).returning({ id: prizes.id })
      : [];
    if (taken.length) {
      const [win] = await exec.insert(prizeWins).values({
        orgId: activity.orgId, activityId: id, prizeId: picked.id, prizeName: picked.name, participant, createdAt: now, updatedAt: now,
      }).returning({ id: prizeWins.id });
      outcome = { participant, won: true, prize_id: picked.id, prize_name: picked.name, win_id: win!.id };
    }
  } else if (picked) {
    outcome = { participant, won: false, prize_id: picked.id, prize_name: picked.name, win_id: null };
  }
  await exec.insert(prizeDraws).values({ activityId: id, participant, prizeId: outcome.won ? outcome.prize_id : null, createdAt: now });
  return outcome;
}

export const prizeSettingsBinding = defineResource({
  decl: prizeSettingsResource,
  table: prizeActivities,
  tenant: { kind: 'column', column: prizeActivities.orgId },
  columns: {
    prize_count: sql<number>`(select count(*)::int from ${prizes} p where p.activity_id = ${qualified(prizeActivities.id)})`,
    weight_total: sql<number>`(${weightTotalBp(qualified(prizeActivities.id))} / 100.0)::float8`,
  },
  hooks: {
    async beforeAdd(_ctx, _exec, input: Input, _values: ColumnValues) {
      checkWindow(input);
    },
    async beforeUpdate(_ctx, _exec, _id, input, _values, before) {
      checkWindow(input, before);
    },
    /** A draw goes live only with a complete prize set. */
    async guard(_ctx, exec, id, operation) {
      if (operation !== 'enable') return;
      const [row] = await exec.select({ total: sql<number>`coalesce(sum(${prizes.weightBp}), 0)` }).from(prizes).where(eq(prizes.activityId, id));
      if (Number(row?.total ?? 0) !== WEIGHT_TOTAL_BP) throw new AppError(Code.VALIDATION, 'validation.weightsSum', 'weight_total');
    },
  },
  actions: {
    async draw(ctx, exec, id, input) {
      const participant = typeof input.participant === 'string' ? input.participant : '';
      if (!participant) throw new AppError(Code.VALIDATION, 'validation.required', 'participant');
      const outcome = await draw(ctx, exec, id, participant);
      return { answer: { draw: outcome } };
    },
  },
  methods: {
    /** The prizes of one draw, with how many of each were won. */
    prizes: method({
      access: 'marketing.prize_settings.list',
      body: closedObject({ method: methodField, id: zRowId }),
      readOnly: true,
      async handler(ctx, input): Promise<PrizeRow[]> {
        const [row] = await ctx.db.select({ id: prizeActivities.id }).from(prizeActivities)
          .where(and(eq(prizeActivities.id, input.id), eq(prizeActivities.orgId, ctx.orgId())));
        if (!row) throw fail.notFound();
        return prizeRows(ctx.db, input.id);
      },
    }),
    /**
     * Replaces a draw's prizes with the given set, whose weights sum to 100 % (else 1001 on `prizes`, nothing
     * saved). Prizes named by id are kept (their wins stay linked), others are added, missing ones removed (their
     * wins keep the prize's name).
     */
    save_prizes: method({
      access: 'marketing.prize_settings.prizes',
      body: savePrizesBody,
      fieldLabels: { prizes: { zh_CN: '奖品', en: 'Prizes' } },
      async handler(ctx, input): Promise<PrizeRow[]> {
        const exec = ctx.db;
        await lockActivity(exec, ctx, input.id);
        const before = await prizeRows(exec, input.id);
        const own = new Set(before.map((p) => p.id));
        if (input.prizes.some((p) => p.id !== undefined && !own.has(p.id))) throw new AppError(Code.VALIDATION, 'validation.invalid', 'prizes');
        const keep = input.prizes.flatMap((p) => (p.id === undefined ? [] : [p.id]));
        await exec.delete(prizes).where(and(eq(prizes.activityId, input.id), keep.length ? notInArray(prizes.id, keep) : sql`true`));
        for (const [sort, p] of input.prizes.entries()) {
          const values = {
            name: p.name, kind: p.kind, stock: p.kind === PRIZE_KIND_PRIZE ? p.stock : 0, weightBp: weightBp(p.weight), perUserLimit: p.per_user_limit, sort,
          };
          if (p.id !== undefined) await exec.update(prizes).set(values).where(eq(prizes.id, p.id));
          else await exec.insert(prizes).values({ activityId: input.id, ...values });
        }
        await exec.update(prizeActivities).set({ updatedAt: ctx.services.now() }).where(eq(prizeActivities.id, input.id));
        const after = await prizeRows(exec, input.id);
        await ctx.audit(exec, { target: input.id, before: { prizes: before }, after: { prizes: after } });
        return after;
      },
    }),
  },
});
