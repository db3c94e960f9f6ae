import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from './rowsOf';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayName = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
const dayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * Creates the day's partition. Rows of that day already in the default partition (a device clock ahead before the
 * server bounded it, or a missed day) would make PostgreSQL refuse the partition, so they are moved into it in the
 * same transaction.
 */
async function createDay(exec: Executor, day: Date): Promise<void> {
  const name = `device_telemetry_${dayName(day)}`;
  const exists = rowsOf<{ n: number }>(await exec.execute(sql`select count(*)::int as n from pg_class where relname = ${name}`))[0];
  if (exists && exists.n > 0) return;
  const from = day.toISOString();
  const to = new Date(day.getTime() + DAY_MS).toISOString();
  await exec.transaction(async (tx) => {
    await tx.execute(sql`create temp table device_telemetry_moving on commit drop as
      select * from device_telemetry_default where ts >= ${from}::timestamptz and ts < ${to}::timestamptz`);
    await tx.execute(sql`delete from device_telemetry_default where ts >= ${from}::timestamptz and ts < ${to}::timestamptz`);
    await tx.execute(sql.raw(`create table if not exists "${name}" partition of "device_telemetry" for values from ('${from}') to ('${to}')`));
    await tx.execute(sql`insert into device_telemetry select * from device_telemetry_moving`);
  });
}

/**
 * Telemetry lives in daily partitions `device_telemetry_YYYYMMDD` (UTC days) on both engines: today's and
 * tomorrow's are created ahead, and partitions older than `days` are dropped whole — no row-by-row delete.
 * Rows that fell into the default partition (days with no partition) are trimmed by date. Each step runs even if
 * another failed, so a partition that cannot be created never stops retention; the first failure is thrown at the
 * end for the caller to log.
 */
export async function maintainTelemetry(exec: Executor, now: Date, days: number): Promise<void> {
  const failures: unknown[] = [];
  const step = async (fn: () => Promise<void>) => {
    try { await fn(); } catch (err) { failures.push(err); }
  };
  const today = dayStart(now);
  for (const day of [today, new Date(today.getTime() + DAY_MS)]) await step(() => createDay(exec, day));
  const cutoff = new Date(today.getTime() - days * DAY_MS);
  await step(async () => {
    const parts = rowsOf<{ name: string }>(await exec.execute(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'device_telemetry'::regclass and c.relname ~ '^device_telemetry_[0-9]{8}$'`));
    for (const { name } of parts) {
      if (name.slice(-8) < dayName(cutoff)) await step(async () => { await exec.execute(sql.raw(`drop table if exists "${name}"`)); });
    }
  });
  await step(async () => { await exec.execute(sql`delete from device_telemetry_default where ts < ${cutoff.toISOString()}::timestamptz`); });
  if (failures.length) throw failures[0];
}
