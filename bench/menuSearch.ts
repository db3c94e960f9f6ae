import { performance } from 'node:perf_hooks';
import type { MenuNode } from '@gx/contract';
import { buildSearchEntries, createMenuSearch } from '../apps/web/src/utils/menuSearch';

export interface MenuSearchFigures {
  entries: number;
  queries: number;
  meanMs: number;
  p99Ms: number;
  buildMs: number;
}

const words = ['网关', '设备', '用户', '角色', '组织', '固件', '升级', '门户', '短信', '营销', 'gateway', 'device', 'user', 'role', 'firmware', 'portal', 'olt', 'fttr', 'screen', 'report'];

/** 5,000 menu pages under 100 sections, titles mixing Chinese and English as a bilingual tree does. */
function syntheticMenus(pages: number): MenuNode[] {
  const base = { icon: '', hidden: false, redirect: '', noCache: false, affix: false, component: '', external: false };
  const sections = 100;
  return Array.from({ length: sections }, (_, s) => ({
    ...base, id: s + 1, path: `/area${s}`, name: `area${s}`, title: `${words[s % words.length]} ${s}`,
    children: Array.from({ length: pages / sections }, (_, p) => ({
      ...base, id: 1000 + s * 100 + p, path: `page${p}`, name: `area${s}-page${p}`,
      title: `${words[(s + p) % words.length]}${words[(p * 7) % words.length]} ${p}`, children: [],
    })),
  }));
}

/** The console's own search module (fuse.js, threshold 0.4, title 0.7, path 0.3), keystroke by keystroke. */
export function measureMenuSearch(pages = 5000): MenuSearchFigures {
  const menus = syntheticMenus(pages);
  const t0 = performance.now();
  const entries = buildSearchEntries(menus, (k) => k);
  const search = createMenuSearch(entries);
  const buildMs = performance.now() - t0;
  // Each query is what the box holds after one more keystroke.
  const typed = ['网', '网关', '网关设', 'g', 'ga', 'gat', 'gate', 'gatew', 'firm', 'firmwa', '/area4', '/area42/pa', 'user 1', '门户短', 'olt 3'];
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const q of typed) {
      const t = performance.now();
      search.search(q, 20);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    entries: entries.length,
    queries: times.length,
    meanMs: round2(times.reduce((a, b) => a + b, 0) / times.length),
    p99Ms: round2(times[Math.floor(times.length * 0.99)] ?? 0),
    buildMs: round2(buildMs),
  };
}
