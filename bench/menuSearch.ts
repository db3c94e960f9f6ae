import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { MenuNode } from '@gx/contract';
import { createMenuSearch } from '../apps/web/src/utils/menuSearch';
import { buildSearchEntries, type SearchEntry } from '../apps/web/src/utils/menuSearchEntries';
import type { FromSearchWorker, ToSearchWorker } from '../apps/web/src/utils/menuSearch.worker';

export interface MenuSearchFigures {
  entries: number;
  queries: number;
  /** Per keystroke as the console runs it: posted to the search worker, searched there, answered back. */
  meanMs: number;
  p99Ms: number;
  /** The pinyin keystrokes alone ("yonghu", "yhgl", "yong hu guan li", typed one letter at a time), same measure. */
  pinyinP99Ms: number;
  /** Whether 用户管理 is among the answers to each full pinyin query. */
  pinyinFound: Record<string, boolean>;
  /** The same keystrokes in CPU time of this process: what they cost, without the waits a shared machine adds. */
  cpuMeanMs: number;
  cpuP99Ms: number;
  buildMs: number;
}

const words = ['网关', '设备', '用户', '角色', '组织', '固件', '升级', '门户', '短信', '营销', '管理', 'gateway', 'device', 'user', 'role', 'firmware', 'portal', 'olt', 'fttr', 'screen', 'report'];

/** 5,000 menu pages under 100 sections, titles mixing Chinese and English as a bilingual tree does. */
function syntheticMenus(pages: number): MenuNode[] {
  const base = { icon: '', hidden: false, redirect: '', noCache: false, affix: false, component: '', external: false };
  const sections = 100;
  const areas = Array.from({ length: sections }, (_, s) => ({
    ...base, id: s + 1, path: `/area${s}`, name: `area${s}`, title: `${words[s % words.length]} ${s}`,
    children: Array.from({ length: pages / sections }, (_, p) => ({
      ...base, id: 1000 + s * 100 + p, path: `page${p}`, name: `area${s}-page${p}`,
      title: `${words[(s + p) % words.length]}${words[(p * 7) % words.length]} ${p}`, children: [],
    })),
  }));
  // The page the pinyin queries look for, as the console's system section holds it.
  const last = areas[sections - 1];
  if (last?.children[0]) last.children[0] = { ...last.children[0], title: '用户管理' };
  return areas;
}

/** Prefixes of `q`: what the box holds after each keystroke. */
const typing = (q: string): string[] => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)).filter((s) => s.trim() !== '');
const PINYIN = ['yonghu', 'yhgl', 'yong hu guan li'];

/** The console's worker in a thread (menuSearchWorkerHost.ts): a search is a message there and its answer back. */
async function startWorker(entries: SearchEntry[]): Promise<{ search: (query: string) => Promise<number[]>; stop: () => Promise<number> }> {
  // A worker thread does not inherit tsx's loader from this process: the thread registers it, then loads the host.
  const host = new URL('./menuSearchWorkerHost.ts', import.meta.url).href;
  const api = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(`import(${JSON.stringify(api)}).then((t) => t.tsImport(${JSON.stringify(host)}, ${JSON.stringify(host)}))`, { eval: true });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  let next = 0;
  const waiting = new Map<number, (found: number[]) => void>();
  worker.on('message', (m: FromSearchWorker) => { waiting.get(m.id)?.(m.found); waiting.delete(m.id); });
  const post = (m: ToSearchWorker) => worker.postMessage(m);
  post({ kind: 'index', entries });
  return {
    search: (query) => new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      post({ kind: 'search', id, query, limit: 20 });
    }),
    stop: () => worker.terminate(),
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const mean = (xs: number[]) => round2(xs.reduce((a, b) => a + b, 0) / xs.length);
const p99 = (xs: number[]) => round2([...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0);

/**
 * The console's search (threshold 0.4, title 0.7, path 0.3, pinyin) keystroke by keystroke over 5,000 entries, as the
 * console runs it: in its worker, each keystroke a message there and back. The same keystrokes in this process give
 * the search's own CPU time, and the index build (pinyin included) is timed once.
 */
export async function measureMenuSearch(pages = 5000): Promise<MenuSearchFigures> {
  const menus = syntheticMenus(pages);
  const t0 = performance.now();
  const entries = buildSearchEntries(menus, (k) => k);
  const inProcess = createMenuSearch(entries);
  const buildMs = performance.now() - t0;
  // Each query is what the box holds after one more keystroke.
  const typed = ['网', '网关', '网关设', 'g', 'ga', 'gat', 'gate', 'gatew', 'firm', 'firmwa', '/area4', '/area42/pa', 'user 1', '门户短', 'olt 3'];
  const pinyinTyped = PINYIN.flatMap(typing);
  const worker = await startWorker(entries);
  try {
    // The first answer waits for the index the worker builds; a person opens the box before typing.
    await worker.search('网');
    const times: number[] = [];
    const pinyinTimes: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const q of [...typed, ...pinyinTyped]) {
        const t = performance.now();
        await worker.search(q);
        const ms = performance.now() - t;
        times.push(ms);
        if (pinyinTyped.includes(q)) pinyinTimes.push(ms);
        const c = process.cpuUsage();
        inProcess.search(q, 20);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    const target = entries.findIndex((e) => e.title[e.title.length - 1] === '用户管理');
    const pinyinFound: Record<string, boolean> = {};
    for (const q of PINYIN) pinyinFound[q] = (await worker.search(q)).includes(target);
    return {
      entries: entries.length,
      queries: times.length,
      meanMs: mean(times),
      p99Ms: p99(times),
      pinyinP99Ms: p99(pinyinTimes),
      pinyinFound,
      cpuMeanMs: mean(cpu),
      cpuP99Ms: p99(cpu),
      buildMs: round2(buildMs),
    };
  } finally {
    await worker.stop();
  }
}
