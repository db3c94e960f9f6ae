import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the built console loads for /login: the build writes the static import graph of the entry and the login page
 * (apps/web/vite.config.ts, keepOffTheLoginRoute). The menu search's pinyin (pinyin-pro) and the charts (echarts)
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
