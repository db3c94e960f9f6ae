// `npm run bench`: prints the figures the issues name and writes bench/out/results.json.
// Every load is bounded (connections × seconds); every target is on this machine's loopback.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { md5 } from '@gx/contract';
import { ADMIN_PASSWORD, startServer } from '../e2e/support/server';
import { launchBrowser } from '../e2e/support/browser';
import { measureBundle, type BundleFigures } from './bundle';
import { load, type LoadFigures } from './load';
import { rssMiB } from './memory';
import { prepareDataset, type Engine } from './dataset';
import { measureMenuSearch, type MenuSearchFigures } from './menuSearch';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** BENCH_PARTS=bundle,menu,api runs a subset (default: all). */
const parts = new Set((process.env.BENCH_PARTS ?? 'bundle,menu,api').split(',').map((s) => s.trim()));

interface ApiFigures {
  engine: Engine;
  users: number;
  list: LoadFigures;
  bareList: LoadFigures;
  listRatio: number;
  login: LoadFigures;
  bareLogin: LoadFigures;
  loginRatio: number;
  rssIdleMiB: number;
  rssAfterLoadMiB: number;
}

async function startBare(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bareServer.ts', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      const m = /on (http:\/\/\S+)/.exec(d.toString());
      if (m?.[1]) resolve(m[1]);
    });
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function measureApi(engine: Engine): Promise<ApiFigures> {
  console.log(`[bench] ${engine}: preparing ${USERS.toLocaleString()} users…`);
  const data = await prepareDataset(engine, USERS, pgBase);
  const server = await startServer({ ...data.env, LOG_LEVEL: 'warn' }, data.env.DATA_DIR);
  const bare = await startBare();
  try {
    const loginBody = JSON.stringify({ username: 'admin', password: md5(ADMIN_PASSWORD), code: '' });
    const token = ((await (await fetch(`${server.url}/v3/admin/index/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody })).json()) as { token: string }).token;
    await new Promise((r) => setTimeout(r, 1500));
    const pid = server.process.pid ?? 0;
    const rssIdleMiB = rssMiB(pid);
    const listBody = JSON.stringify({ method: 'list', page: 1, size: 20 });
    console.log(`[bench] ${engine}: users list, ${CONNECTIONS} connections × ${SECONDS}s`);
    const list = await load({ url: `${server.url}/v3/admin/system/user`, body: listBody, headers: { authorization: `Bearer ${token}` }, connections: CONNECTIONS, seconds: SECONDS });
    const bareList = await load({ url: `${bare.url}/bare`, body: listBody, connections: CONNECTIONS, seconds: SECONDS });
    console.log(`[bench] ${engine}: login, ${CONNECTIONS} connections × ${SECONDS}s`);
    const login = await load({ url: `${server.url}/v3/admin/index/login`, body: loginBody, connections: CONNECTIONS, seconds: SECONDS });
    const bareLogin = await load({ url: `${bare.url}/bare`, body: loginBody, connections: CONNECTIONS, seconds: SECONDS });
    const rssAfterLoadMiB = rssMiB(pid);
    const ratio = (a: LoadFigures, b: LoadFigures) => Math.round((a.requestsPerSecond / Math.max(1, b.requestsPerSecond)) * 1000) / 1000;
    return { engine, users: USERS, list, bareList, listRatio: ratio(list, bareList), login, bareLogin, loginRatio: ratio(login, bareLogin), rssIdleMiB, rssAfterLoadMiB };
  } finally {
    bare.stop();
    await server.stop();
    await data.cleanup();
  }
}

async function main(): Promise<void> {
  const results: { at: string; bundle?: BundleFigures; api: ApiFigures[]; menuSearch?: MenuSearchFigures } = { at: new Date().toISOString(), api: [] };

  if (parts.has('bundle')) {
    console.log('[bench] bundle weight in Chromium…');
    const server = await startServer({ LOG_LEVEL: 'warn' });
    const browser = await launchBrowser();
    try {
      results.bundle = await measureBundle(browser, server.url);
    } finally {
      await browser.close();
      await server.stop();
    }
  }
  if (parts.has('menu')) results.menuSearch = measureMenuSearch();
  if (parts.has('api')) for (const engine of ['pglite', ...(pgBase ? ['postgres'] : [])] as Engine[]) results.api.push(await measureApi(engine));

  mkdirSync(fileURLToPath(new URL('./out', import.meta.url)), { recursive: true });
  writeFileSync(fileURLToPath(new URL('./out/results.json', import.meta.url)), `${JSON.stringify(results, null, 2)}\n`);

  const rows: [string, string, string][] = [];
  const b = results.bundle;
  if (b) {
    rows.push(['/login JS+CSS (compressed)', `${b.loginKB} KB`, '≤ 160 KB']);
    rows.push(['/dashboard JS+CSS, signed in, cold cache', `${b.dashboardColdKB} KB`, '≤ 350 KB']);
    rows.push(['added by signing in from /login', `${b.dashboardAfterLoginKB} KB`, '']);
  }
  const m = results.menuSearch;
  if (m) rows.push([`menu search, ${m.entries} entries, per keystroke (mean / p99)`, `${m.meanMs} / ${m.p99Ms} ms`, '< 16 ms']);
  for (const a of results.api) {
    const f = (x: LoadFigures) => `${x.requestsPerSecond} req/s, p50 ${x.p50ms} ms, p99 ${x.p99ms} ms, ${x.errors} errors`;
    rows.push([`[${a.engine}] users list p1×20 of ${a.users.toLocaleString()}`, f(a.list), '']);
    rows.push([`[${a.engine}] bare Fastify, same shape`, f(a.bareList), '']);
    rows.push([`[${a.engine}] list ÷ bare`, String(a.listRatio), '≥ 0.3']);
    rows.push([`[${a.engine}] login (scrypt)`, f(a.login), '']);
    rows.push([`[${a.engine}] login ÷ bare`, String(a.loginRatio), '']);
    rows.push([`[${a.engine}] server RSS idle → after load`, `${a.rssIdleMiB} → ${a.rssAfterLoadMiB} MiB`, '']);
  }
  const w = Math.max(...rows.map((r) => r[0].length));
  const w2 = Math.max(...rows.map((r) => r[1].length));
  console.log(`\n${'figure'.padEnd(w)}  ${'measured'.padEnd(w2)}  target`);
  for (const [k, v, t] of rows) console.log(`${k.padEnd(w)}  ${v.padEnd(w2)}  ${t}`);
  console.log('\nwritten: bench/out/results.json');
}

main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
