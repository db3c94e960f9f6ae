import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Tables that are not business data: the session's sliding expiry, login failure counters and the log of failed
 * sign-ins are the product's own record of refusals; captcha and WeChat-binding challenges are single-use
 * tokens a read issues by design.
 */
const VOLATILE = new Set(['sessions', 'login_failures', 'captchas', 'wechat_states', 'operation_log', '__drizzle_migrations']);

/**
 * Counts the committed row changes in every durable table of a test database, to prove that refused requests wrote
 * nothing: triggers on each table add one to a counter per row inserted, deleted or changed (an update that leaves
 * the row as it was does not count) and per truncate. A rolled-back write rolls its count back with it.
 * Reading the counter is one query; a digest of every table's contents, which this replaced, was ~140 queries (or
 * one of ~140 scans) twice per fuzz round, most of the fuzz's time.
 * Installs the triggers and returns the reader. For test databases only: it adds a table and triggers.
 */
export async function countWrites(database: Database): Promise<() => Promise<number>> {
  const tables = (await database.db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`)) as unknown as { rows: { name: string }[] };
  const statements = [
    'create table gx_test_writes (n bigint not null)',
    'insert into gx_test_writes values (0)',
    `create function gx_test_count_write() returns trigger language plpgsql as $$
       begin update gx_test_writes set n = n + 1; return null; end $$`,
    // A partitioned table's row triggers reach its partitions, so partitions get none of their own.
    ...tables.rows.filter(({ name }) => !VOLATILE.has(name)).flatMap(({ name }) => [
      `create trigger gx_test_rows after insert or delete on "${name}" for each row execute function gx_test_count_write()`,
      // As text, as the rows read: a json column has no equality operator for a row comparison.
      `create trigger gx_test_changes after update on "${name}" for each row
         when (old::text is distinct from new::text) execute function gx_test_count_write()`,
      `create trigger gx_test_truncate after truncate on "${name}" for each statement execute function gx_test_count_write()`,
    ]),
  ];
  await database.db.transaction(async (tx) => {
    for (const s of statements) await tx.execute(sql.raw(s));
  });
  return async () => {
    const r = (await database.db.execute(sql.raw('select n::text as n from gx_test_writes'))) as unknown as { rows: { n: string }[] };
    return Number(r.rows[0]?.n ?? -1);
  };
}
