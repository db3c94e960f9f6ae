import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Tables that are not business data: the session's sliding expiry, login failure counters and the log of failed
 * sign-ins are the product's own record of refusals; captcha and WeChat-binding challenges are single-use
 * tokens a read issues by design.
 */
const VOLATILE = new Set(['sessions', 'login_failures', 'captchas', 'wechat_states', 'operation_log', '__drizzle_migrations']);

/** A digest of every durable table's contents, to prove that refused requests wrote nothing. */
export async function databaseFingerprint(database: Database): Promise<string> {
  const tables = (await database.db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`)) as unknown as { rows: { name: string }[] };
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    if (VOLATILE.has(name)) continue;
    const r = (await database.db.execute(sql.raw(
      `select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${name}" t`,
    ))) as unknown as { rows: { n: string; h: string }[] };
    parts.push(`${name}:${r.rows[0]?.n}:${r.rows[0]?.h}`);
  }
  return parts.join(';');
}
