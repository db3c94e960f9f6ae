import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the built console loads for /login: the build writes the static import graph of the entry and the login page
 * (apps/web/vite.config.ts, keepOffTheFirstLoads). The menu search's pinyin (pinyin-pro) and the charts (echarts)
 * come after sign-in (issue 9 points 7 and 9); zod and the rich-text editor never come with the first load. No browser needed: this reads the
 * build that the browser tests run against.
 */
const GRAPH = fileURLToPath(new URL('../apps/web/dist/.vite/login-route.json', import.meta.url));

interface LoginGraph {
  roots: string[];
  chunks: string[];
  modules: string[];
}

describe('the /login route\'s bundle', () => {
  it('carries neither pinyin-pro nor echarts nor zod nor the rich-text editor in its static import graph', () => {
    expect(existsSync(GRAPH), `${GRAPH} is missing: build the console (node scripts/build.mjs)`).toBe(true);
    const graph = JSON.parse(readFileSync(GRAPH, 'utf8')) as LoginGraph;
    // The graph is the real one: it holds the login page and the app's entry.
    expect(graph.modules.some((m) => /apps\/web\/src\/pages\/login\/index\.tsx$/.test(m))).toBe(true);
    expect(graph.modules.some((m) => /apps\/web\/src\/main\.tsx$/.test(m))).toBe(true);
    // The editor (tiptap, ProseMirror) comes only with a form holding a rich-text field.
    const forbidden = graph.modules.filter((m) => /node_modules\/(pinyin-pro|echarts|zrender|zod|@tiptap|prosemirror-[a-z]+)\//.test(m));
    expect(forbidden).toEqual([]);
  });
});

/** Vite's manifest of the guest page's own build (apps/web/vite.wifilogin.config.ts). */
const WIFI_MANIFEST = fileURLToPath(new URL('../apps/web/dist/.vite/wifilogin-manifest.json', import.meta.url));
const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

interface ManifestChunk { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }

describe('the /wifilogin page\'s bundle', () => {
  it('is its own entry of at most 60 KB of compressed JS and CSS, with neither React, antd, i18next nor zod', () => {
    expect(existsSync(WIFI_MANIFEST), `${WIFI_MANIFEST} is missing: build the console (node scripts/build.mjs)`).toBe(true);
    const manifest = JSON.parse(readFileSync(WIFI_MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
    const entry = manifest['wifilogin.html'];
    expect(entry?.isEntry).toBe(true);
    // The entry and everything it imports statically, with their CSS: what a phone loads.
    const files = new Set<string>();
    const visit = (key: string) => {
      const c = manifest[key];
      if (!c || files.has(c.file)) return;
      files.add(c.file);
      c.css?.forEach((f) => files.add(f));
      c.imports?.forEach(visit);
    };
    visit('wifilogin.html');
    const texts = [...files].map((f) => readFileSync(`${DIST}${f}`));
    const gzipped = texts.reduce((sum, t) => sum + gzipSync(t, { level: 9 }).length, 0);
    console.log(`/wifilogin: ${files.size} files, ${(gzipped / 1024).toFixed(1)} KB gzip`);
    expect(gzipped).toBeLessThanOrEqual(60 * 1024);
    const js = texts.map(String).join('\n');
    // Fingerprints that survive minifying: zod's internals, antd's class prefix in JS, React DOM's own error text.
    expect(js).not.toMatch(/_zod|ant-btn|react-dom|i18next/);
    // The page is the page: its test ids and the portal call are in it.
    expect(js).toContain('wifilogin-sms');
    expect(js).toContain('/public/wifilogin');
  });
});
