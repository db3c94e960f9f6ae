// The `dashboard` bench part (issue 16 §2): the dashboard's one summary call at 100,000 devices in one organisation,
// with a day of presence events, commands, campaigns, work orders, suggestions and SMS beside them. In-process server
// on in-memory PGlite (the embedded engine), real HTTP on loopback; the call's p50 / p99 over a bounded number of calls.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { DASHBOARD_SUMMARY_PATH, type DashboardSummary } from '@gx/contract';
import { startTestApp } from '../apps/server/src/testing/testApp';
import { makeOrg, makeUser } from '../apps/server/src/resources/testing/fixtures';

export interface DashboardFigures {
  devices: number;
  events: number;
  seedSeconds: number;
  calls: number;
  p50ms: number;
  p99ms: number;
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0) * 10) / 10;
}

export async function measureDashboard(o: { devices: number; calls: number }): Promise<DashboardFigures> {
  const t = await startTestApp({ engine: 'pglite' });
  try {
    const started = performance.now();
    console.log(`[bench] dashboard: seeding ${o.devices.toLocaleString()} devices…`);
    const orgId = await makeOrg(t, 'Dashboard bench');
    const user = await makeUser(t, orgId, 'all');
    const db = t.database.db;
    const families = sql.raw(`(array['ig','olt','onu','fttn','fttr','nmc','ap','ac','switch','pbx','uc','ag','vcgw','screen'])`);
    // 100,000 devices across every family, about 80 % online.
    await db.execute(sql`insert into devices (org_id, serial, family, secret_hash, online)
      select ${orgId}, 'B' || lpad(g::text, 8, '0'), ${families}[1 + g % 14], 'x', case when g % 5 = 0 then 0 else 1 end
      from generate_series(1, ${o.devices}) g`);
    // A day of presence: every device came online once, one in five went offline since, spread over 24 hours.
    await db.execute(sql`insert into device_events (org_id, device_id, level, code, created_at)
      select d.org_id, d.id, 'info', 'online', now() - ((d.id % 1440) || ' minutes')::interval from devices d where d.org_id = ${orgId}`);
    await db.execute(sql`insert into device_events (org_id, device_id, level, code, created_at)
      select d.org_id, d.id, 'warn', 'offline', now() - ((d.id % 600) || ' minutes')::interval from devices d where d.org_id = ${orgId} and d.online = 0`);
    const [ev] = (await db.execute(sql`select count(*)::int as n from device_events where org_id = ${orgId}`) as unknown as { rows: { n: number }[] }).rows;
    // A week of hourly presence samples, as the sampler writes them every minute.
    await db.execute(sql`insert into device_presence_hourly (org_id, hour, online, total)
      select ${orgId}, date_trunc('hour', now()) - (g || ' hours')::interval, 70000 + g * 10, ${o.devices} from generate_series(0, 167) g`);
    // 20,000 commands in every state, 50 campaigns, 2,000 work orders, 2,000 suggestions, 5,000 SMS.
    await db.execute(sql`insert into device_commands (org_id, device_id, name, state, expires_at)
      select ${orgId}, d.id, 'restart', (array['queued','sent','delivered','succeeded','failed','timed_out','expired','canceled'])[1 + d.id % 8], now() + interval '1 hour'
      from devices d where d.org_id = ${orgId} and d.id % 5 = 1`);
    const [fw] = (await db.execute(sql`insert into firmware_packages (org_id, version, family, file_key, size, sha256)
      values (${orgId}, '9.9.9', 'ig', 'k', 1, 'x') returning id`) as unknown as { rows: { id: number }[] }).rows;
    await db.execute(sql`insert into upgrade_campaigns (org_id, name, firmware_id, state)
      select ${orgId}, 'C' || g, ${fw!.id}, (array['draft','running','paused','completed','canceled'])[1 + g % 5] from generate_series(1, 50) g`);
    await db.execute(sql`insert into work_orders (org_id, order_no, title, status)
      select ${orgId}, 'WO-B-' || g, 'Order', (array['open','assigned','in_progress','waiting','resolved','closed','rejected'])[1 + g % 7] from generate_series(1, 2000) g`);
    await db.execute(sql`insert into suggestions (org_id, content, status) select ${orgId}, 'Idea', g % 2 from generate_series(1, 2000) g`);
    await db.execute(sql`insert into portal_settings (org_id, place, sms_quota) values (${orgId}, '', 100000)`);
    await db.execute(sql`insert into sms_messages (org_id, phone, template_code, provider, status, created_at)
      select ${orgId}, '13800000000', 'T', 'local', 'sent', now() - ((g % 600) || ' minutes')::interval from generate_series(1, 5000) g`);
    // What autovacuum does on PostgreSQL: statistics and the visibility map, so counts stay in the indexes.
    await db.execute(sql`vacuum analyze`);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;

    const call = async () => {
      const res = await fetch(`${t.url}/v3${DASHBOARD_SUMMARY_PATH}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` }, body: JSON.stringify({ method: 'summary' }),
      });
      const body = (await res.json()) as { code: number; data: DashboardSummary };
      if (body.code !== 200 || body.data.devices?.total !== o.devices) throw new Error(`dashboard summary: ${body.code} ${JSON.stringify(body.data?.devices?.total)}`);
    };
    for (let i = 0; i < 10; i++) await call();
    console.log(`[bench] dashboard: ${o.calls} summary calls, one at a time…`);
    const times: number[] = [];
    for (let i = 0; i < o.calls; i++) {
      const at = performance.now();
      await call();
      times.push(performance.now() - at);
    }
    return { devices: o.devices, events: ev!.n, seedSeconds, calls: o.calls, p50ms: percentile(times, 50), p99ms: percentile(times, 99) };
  } finally {
    await t.close();
  }
}
