import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DailySeries } from '@gx/contract';

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
