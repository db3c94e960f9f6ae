// The `fleet` bench part (issue 11 §7): the device list of one organisation holding 100,000 devices against one
// holding 100 — every declared filter and the sorts, one call at a time — then the list under load beside bare
// Fastify (the same yardstick as the api part), and an export with the process's peak RSS. In-process server on
// in-memory PGlite (the embedded engine), real HTTP on loopback.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { deviceResource } from '@gx/contract';
import { startTestApp } from '../apps/server/src/testing/testApp';
import { makeOrg, makeUser } from '../apps/server/src/resources/testing/fixtures';
import { load, type LoadFigures } from './load';
import { rssMiB } from './memory';

export interface FleetShape { name: string; bigP50ms: number; bigP99ms: number; smallP50ms: number; smallP99ms: number; total: number }

export interface FleetFigures {
  devices: number;
  seedSeconds: number;
  calls: number;
  shapes: FleetShape[];
  list: LoadFigures;
  bare: LoadFigures;
  ratio: number;
  exportRows: number;
  exportSeconds: number;
  rss: { beforeMiB: number; peakMiB: number };
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0) * 10) / 10;
}

/** The list shapes an operator uses: first page, sorted, and each declared filter (values that match a share). */
const SHAPES: { name: string; body: Record<string, unknown> }[] = [
  { name: 'first page', body: {} },
  { name: 'sort by serial desc', body: { sort: 'serial', order: 'desc' } },
  { name: 'sort by last seen', body: { sort: 'last_seen_at', order: 'desc' } },
  { name: 'page 200', body: { page: 200 } },
  { name: 'family', body: { family: 'ap' } },
  { name: 'online', body: { online: 0 } },
  { name: 'group', body: { group_id: 'GROUP' } },
  { name: 'tag', body: { tags: 'floor-3' } },
  { name: 'serial prefix', body: { serial: 'F0001' } },
  { name: 'keyword', body: { keyword: 'F00012' } },
];

export async function measureFleet(o: { devices: number; calls: number; seconds: number; bareUrl: string }): Promise<FleetFigures> {
  const t = await startTestApp({ engine: 'pglite' });
  try {
    const started = performance.now();
    console.log(`[bench] fleet: seeding ${o.devices.toLocaleString()} devices in one organisation, 100 in another…`);
    const db = t.database.db;
    const big = await makeOrg(t, 'Fleet bench');
    const small = await makeOrg(t, 'Fleet bench, small');
    const bigUser = await makeUser(t, big, 'all');
    const smallUser = await makeUser(t, small, 'all');
    const groups: Record<number, number> = {};
    for (const org of [big, small]) {
      const rows = (await db.execute(sql`insert into device_groups (org_id, name) select ${org}, 'G' || g from generate_series(1, 20) g returning id`) as unknown as { rows: { id: number }[] }).rows;
      groups[org] = rows[0]!.id;
    }
    const families = sql.raw(`(array['ig','olt','fttr','ap','pbx','ag','private_screen','ac'])`);
    for (const [org, n, prefix] of [[big, o.devices, 'F'], [small, 100, 'S']] as const) {
      // Heard within the last minute at an hourly heartbeat, so the presence sweep leaves them as seeded while the bench runs.
      await db.execute(sql`insert into devices (org_id, serial, name, family, model, fw, mac, secret_hash, online, last_seen_at, heartbeat_s, group_id, tags)
        select ${org}, ${prefix} || lpad(g::text, 8, '0'), 'Device ' || g, ${families}[1 + g % 8], 'GX-' || (g % 12), '1.' || (g % 5) || '.0',
          '00:11:' || lpad(to_hex(g % 256), 2, '0') || ':00:00:00', 'x', case when g % 5 = 0 then 0 else 1 end,
          now() - ((g % 60) || ' seconds')::interval, 3600,
          (select id from device_groups where org_id = ${org} order by id offset (g % 20) limit 1),
          case when g % 7 = 0 then 'floor-3,pilot' when g % 3 = 0 then 'lobby' else '' end
        from generate_series(1, ${n}) g`);
    }
    await db.execute(sql`vacuum analyze`);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;

    const call = async (token: string, body: Record<string, unknown>): Promise<number> => {
      const res = await fetch(`${t.url}/v3${deviceResource.path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ method: 'list', size: 20, ...body }),
      });
      const answer = (await res.json()) as { code: number; msg: string; data?: { total: number } };
      if (answer.code !== 200) throw new Error(`device list ${JSON.stringify(body)}: ${answer.code} ${answer.msg}`);
      return answer.data!.total;
    };
    const timed = async (token: string, body: Record<string, unknown>) => {
      for (let i = 0; i < 3; i++) await call(token, body);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < o.calls; i++) {
        const at = performance.now();
        total = await call(token, body);
        times.push(performance.now() - at);
      }
      return { p50: percentile(times, 50), p99: percentile(times, 99), total };
    };
    const shapes: FleetShape[] = [];
    for (const shape of SHAPES) {
      const bodyFor = (org: number) => Object.fromEntries(Object.entries(shape.body).map(([k, v]) => [k, v === 'GROUP' ? groups[org] : v]));
      console.log(`[bench] fleet: ${shape.name}, ${o.calls} calls each at ${o.devices.toLocaleString()} and 100 devices…`);
      const b = await timed(bigUser.token, bodyFor(big));
      const s = await timed(smallUser.token, shape.name === 'page 200' ? {} : bodyFor(small));
      shapes.push({ name: shape.name, bigP50ms: b.p50, bigP99ms: b.p99, smallP50ms: s.p50, smallP99ms: s.p99, total: b.total });
    }

    console.log(`[bench] fleet: device list under load, 20 connections × ${o.seconds}s, and bare Fastify`);
    const listBody = JSON.stringify({ method: 'list', page: 1, size: 20 });
    const list = await load({ url: `${t.url}/v3${deviceResource.path}`, body: listBody, headers: { authorization: `Bearer ${bigUser.token}` }, connections: 20, seconds: o.seconds, expectCode200: true });
    const bare = await load({ url: `${o.bareUrl}/bare`, body: listBody, connections: 20, seconds: o.seconds });

    console.log('[bench] fleet: export of every device (csv, streamed), peak RSS sampled every 50 ms');
    const beforeMiB = rssMiB(process.pid);
    let peakMiB = beforeMiB;
    const sampler = setInterval(() => { peakMiB = Math.max(peakMiB, rssMiB(process.pid)); }, 50);
    const at = performance.now();
    const exported = await fetch(`${t.url}/v3${deviceResource.path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bigUser.token}` },
      // The whole fleet, past one answer's limit (EXPORT_MAX_ROWS): the file streams as the answer itself.
      body: JSON.stringify({ method: 'export', format: 'csv', stream: true }),
    });
    if (!(exported.headers.get('content-disposition') ?? '').startsWith('attachment')) throw new Error(`export: ${await exported.text()}`);
    // Read as it comes, counting line ends, so the bench holds no more of the file than the server does.
    let lines = 0;
    for await (const chunk of exported.body as unknown as AsyncIterable<Uint8Array>) {
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const exportSeconds = Math.round((performance.now() - at) / 100) / 10;
    clearInterval(sampler);
    const ratio = Math.round((list.requestsPerSecond / Math.max(1, bare.requestsPerSecond)) * 1000) / 1000;
    return {
      devices: o.devices, seedSeconds, calls: o.calls, shapes, list, bare, ratio,
      exportRows: lines - 1, exportSeconds, rss: { beforeMiB, peakMiB },
    };
  } finally {
    await t.close();
  }
}
