import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DailySeries } from '@gx/contract';
import type { Executor } from './client';

const DAY_MS = 86_400_000;

/** The instant a calendar day starts in a time zone (the offset at noon of that day; zones move by whole days). */
function dayStart(date: string, tz: string): Date {
  const utcNoon = new Date(`${date}T12:00:00Z`);
  const local = new Date(utcNoon.toLocaleString('en-US', { timeZone: tz }));
  const utc = new Date(utcNoon.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(Date.parse(`${date}T00:00:00Z`) - (local.getTime() - utc.getTime()));
}

/** A period of whole days `from` … `to` (inclusive) in `tz`, for the per-day charts (marketing, ad revenue). */
export interface Period { from: string; to: string; tz: string }

/** Rows whose `column` falls in the period. */
export function inPeriod(column: PgColumn, p: Period): SQL {
  const end = new Date(Date.parse(`${p.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return and(gte(column, dayStart(p.from, p.tz)), lt(column, dayStart(end, p.tz)))!;
}

/** The calendar day of `column` in the period's zone, as YYYY-MM-DD. */
export function dayOf(column: PgColumn, p: Period): SQL<string> {
  return sql<string>`to_char(${column} at time zone ${p.tz}, 'YYYY-MM-DD')`;
}

/** Every day of the period, oldest first. */
export function daysOf(p: Period): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${p.from}T00:00:00Z`); t <= Date.parse(`${p.to}T00:00:00Z`); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Grouped rows `{ day, key, value }` as one zero-filled series per key, in the order of `keys`. */
export function dailySeries(p: Period, keys: readonly string[], rows: readonly { day: string; key: string; value: number | string }[]): DailySeries {
  const days = daysOf(p);
  const index = new Map(days.map((d, i) => [d, i]));
  const series = keys.map((key) => ({ key, values: days.map(() => 0) }));
  for (const r of rows) {
    const i = index.get(r.day);
    const s = series.find((x) => x.key === r.key);
    if (i !== undefined && s) s.values[i] = (s.values[i] ?? 0) + Number(r.value);
  }
  return { days, series };
}

/** What `countPerDay` counts: a table's rows of one organisation, by the day of `at` and the value of `key`. */
export interface DailyCount { table: PgTable; at: PgColumn; key: PgColumn; orgId: PgColumn }

/** The organisation's rows counted per day of the period and per key, as zero-filled series in the order of `keys`. */
export async function countPerDay(exec: Executor, c: DailyCount, orgId: number, p: Period, keys: readonly string[]): Promise<DailySeries> {
  const rows = await exec.select({ day: dayOf(c.at, p), key: sql<string>`${c.key}::text`, value: count() })
    .from(c.table).where(and(eq(c.orgId, orgId), inPeriod(c.at, p)))
    // By position: the zone is a bound parameter, so the expression written twice would not match itself.
    .groupBy(sql`1`, sql`2`);
  return dailySeries(p, keys, rows);
}
