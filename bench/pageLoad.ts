import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { signInToken } from '../e2e/support/api';
import { newContext } from '../e2e/support/browser';

/**
 * What one console page load costs the machine: a fresh browser context signed in (as every browser test opens one),
 * the page opened until its list is drawn. The browser tests are made of such loads, so this is the figure to move
 * when the suite outgrows its time (issue 9 point 9). CPU comes from /proc, by process: Chromium's renderer (all its
 * threads), its browser, GPU and network processes, and the server; where there is no /proc, only the wall time.
 */
export interface PageLoadFigures {
  path: string;
  loads: number;
  /** Medians over the loads but the first (which warms the server's caches). */
  wallMs: number;
  cpuS: Record<string, number>;
  /** The renderer's main thread, as Chromium counts it (Performance.getMetrics): all tasks, and script within them. */
  mainThreadS: number;
  scriptS: number;
  requests: number;
  scripts: number;
}

type Snapshot = Map<string, { kind: string; seconds: number }>;

/** CPU seconds so far of Chromium's and the server's processes, by pid. */
function snapshot(): Snapshot {
  const out: Snapshot = new Map();
  if (!existsSync('/proc/self/stat')) return out;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const kind = cmd.includes('chromium')
        ? cmd.includes('NetworkService') ? 'network' : (cmd.match(/--type=(renderer|gpu-process)/)?.[1]?.replace('-process', '') ?? (cmd.includes('--type=') ? 'other' : 'browser'))
        : cmd.includes('apps/server/dist/main.js') ? 'server' : '';
      if (!kind) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // utime and stime, fields 14 and 15, counted after the command name (which may hold spaces).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, { kind, seconds: (Number(f[11]) + Number(f[12])) / 100 });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return out;
}

/** CPU spent between two snapshots, by kind; a process new in `after` counts whole. */
function spent(before: Snapshot, after: Snapshot): Record<string, number> {
  const by: Record<string, number> = {};
  for (const [pid, { kind, seconds }] of after) by[kind] = (by[kind] ?? 0) + seconds - (before.get(pid)?.seconds ?? 0);
  return by;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits;

export async function measurePageLoad(browser: Browser, baseUrl: string, path = '/system/user', loads = 9): Promise<PageLoadFigures> {
  const token = await signInToken(baseUrl);
  const rows: { wall: number; cpu: Record<string, number>; main: number; script: number; requests: number; scripts: number }[] = [];
  for (let i = 0; i < loads; i++) {
    const before = snapshot();
    const started = performance.now();
    // The browser tests' own context and browser: 1280×800, zh-CN, reduced motion, no service worker, V8 without its
    // optimising tiers (`launchBrowser`, `TEST_V8_ARGS`).
    const context = await newContext(browser);
    await context.addCookies([{ name: 'gx-token', value: token, url: baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    let requests = 0;
    let scripts = 0;
    page.on('request', (r) => {
      requests++;
      if (r.resourceType() === 'script') scripts++;
    });
    await page.goto(`${baseUrl}${path}`);
    await page.locator('[data-testid="resource-table"]:visible').first().waitFor();
    await page.locator('.ant-spin-spinning:visible').first().waitFor({ state: 'detached' });
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const wall = performance.now() - started;
    // Before closing: a closed context's renderer leaves /proc, and its CPU with it.
    const cpu = spent(before, snapshot());
    await context.close();
    rows.push({ wall, cpu, main: metrics.TaskDuration ?? 0, script: metrics.ScriptDuration ?? 0, requests, scripts });
  }
  const measured = rows.slice(1);
  const kinds = [...new Set(measured.flatMap((r) => Object.keys(r.cpu)))];
  return {
    path,
    loads: measured.length,
    wallMs: Math.round(median(measured.map((r) => r.wall))),
    cpuS: Object.fromEntries(kinds.map((k) => [k, round(median(measured.map((r) => r.cpu[k] ?? 0)))])),
    mainThreadS: round(median(measured.map((r) => r.main))),
    scriptS: round(median(measured.map((r) => r.script))),
    requests: median(measured.map((r) => r.requests)),
    scripts: median(measured.map((r) => r.scripts)),
  };
}
