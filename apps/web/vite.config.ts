import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { cjkFontSlices } from './build/cjkFontSlices.ts';

const API_TARGET = process.env.GX_API_TARGET ?? 'http://127.0.0.1:8080';
// The API and the files it serves (avatars, domain logos) come from the server in development.
const proxy = {
  '/v3': { target: API_TARGET, changeOrigin: false },
  '/uploads': { target: API_TARGET, changeOrigin: false },
  '/healthz': { target: API_TARGET, changeOrigin: false },
};

/**
 * Packages a first load must not carry: zod would add ~40 KB (gzip), pinyin-pro (the menu search's pinyin, issue 9
 * point 7) ~100 KB and echarts (the dashboard's charts) far more, and neither /login nor the dashboard's first view
 * uses them. The lazy pages may (the dashboard's chart loads echarts after its figures).
 */
const OFF_THE_FIRST_LOADS: { name: string; module: RegExp; fix: string }[] = [
  {
    name: 'zod', module: /[\\/]node_modules[\\/]zod[\\/]/,
    fix: 'a contract module the page imports builds a schema at module level that tree-shaking cannot drop: a helper not listed in treeshake.manualPureFunctions (apps/web/vite.config.ts), a property read among its arguments, or a module mixing the schema with the constants the page needs (split them).',
  },
  { name: 'pinyin-pro', module: /[\\/]node_modules[\\/]pinyin-pro[\\/]/, fix: 'the menu search\'s pinyin belongs in its worker (src/utils/menuSearch.worker.ts), loaded after sign-in.' },
  { name: 'echarts', module: /[\\/]node_modules[\\/](echarts|zrender)[\\/]/, fix: 'charts belong to the lazy pages that draw them, loaded after the page\'s figures.' },
  { name: 'the Chinese font', module: /[\\/]node_modules[\\/]@fontsource[\\/]/, fix: 'src/styles/cjkFont.ts loads its sheet by a dynamic import, only where the system draws no Chinese.' },
];

/**
 * The first loads kept light: the entry with the page (and, signed in, the layout) a visitor lands on; `graph`, where
 * the build writes that load's static module graph for a test to read (/login's: e2e/loginBundle.e2e.ts).
 */
const FIRST_LOADS: { route: string; pages: RegExp[]; graph?: string }[] = [
  { route: '/login', pages: [/[\\/]pages[\\/]login[\\/]index\.tsx$/], graph: '.vite/login-route.json' },
  { route: '/dashboard', pages: [/[\\/]src[\\/]layout[\\/]index\.tsx$/, /[\\/]areas[\\/]dashboard[\\/]pages[\\/]index\.tsx$/] },
];

/**
 * Fails the build when a package of OFF_THE_FIRST_LOADS reaches the chunks a first load of FIRST_LOADS fetches (the
 * entry, its pages and what they import statically), and writes the graphs asked for (chunks and modules) beside the
 * Vite manifest.
 */
const keepOffTheFirstLoads: Plugin = {
  name: 'gx:keep-off-the-first-loads',
  apply: 'build',
  generateBundle(_, bundle) {
    const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
    const relativeId = (id: string) => id.replace(/^.*?[\\/](node_modules|apps|packages)[\\/]/, '$1/');
    for (const { route, pages, graph } of FIRST_LOADS) {
      const missing = pages.find((page) => ![...chunks.values()].some((c) => page.test(c.facadeModuleId ?? '')));
      if (missing) this.error(`${route}: no chunk is ${missing} (FIRST_LOADS in apps/web/vite.config.ts names a page that moved).`);
      const roots = [...chunks.values()].filter((c) => c.isEntry || pages.some((page) => page.test(c.facadeModuleId ?? '')));
      const seen = new Set<string>();
      const visit = (name: string) => {
        const chunk = chunks.get(name);
        if (!chunk || seen.has(name)) return;
        seen.add(name);
        chunk.imports.forEach(visit);
      };
      roots.forEach((c) => visit(c.fileName));
      const modules = [...seen].flatMap((name) => Object.keys(chunks.get(name)?.modules ?? {}));
      for (const rule of OFF_THE_FIRST_LOADS) {
        const found = modules.find((id) => rule.module.test(id));
        if (found) this.error(`${rule.name} reached the first load of ${route} (${found}): ${rule.fix}`);
      }
      if (!graph) continue;
      this.emitFile({
        type: 'asset',
        fileName: graph,
        source: JSON.stringify({ roots: roots.map((c) => c.fileName), chunks: [...seen], modules: modules.map(relativeId) }, null, 1),
      });
    }
  },
};

/**
 * antd's component styles made at build time (scripts/antdStyles.mjs), as one hashed stylesheet whose URL the module
 * `virtual:antd-styles` exports (undefined in `vite dev`, where antd's hashes are development ones and its runtime
 * makes every style as before). The console puts it first in <head> before antd renders (components/antdStyles.ts).
 */
const antdStaticStyles = (): Plugin => {
  const VIRTUAL = 'virtual:antd-styles';
  let href: string | undefined;
  let building = false;
  return {
    name: 'gx:antd-static-styles',
    configResolved: (config) => { building = config.command === 'build'; },
    buildStart() {
      if (!building) return;
      const script = fileURLToPath(new URL('./scripts/antdStyles.mjs', import.meta.url));
      // antd's hashes depend on NODE_ENV. Its warnings about bare components rendered without props are not ours, so
      // what it writes to stderr is shown only when the script fails.
      let css: string;
      try {
        css = execFileSync(process.execPath, [script], { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 }).toString();
      } catch (e) {
        const stderr = (e as { stderr?: Buffer }).stderr?.toString() ?? '';
        return this.error(`scripts/antdStyles.mjs failed: ${String(e)}\n${stderr.slice(-4000)}`);
      }
      const fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
      href = `/${fileName}`;
    },
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : undefined),
    load: (id) => (id === `\0${VIRTUAL}` ? `export default ${JSON.stringify(href)};` : undefined),
  };
};

/**
 * rc-util's index hands antd (tables, dialog scroll locks) src/utils/scrollBarSize.ts instead of its own scrollbar
 * measure: the same answers, without a layout of the whole page each time a table resizes or a dialog opens.
 */
const scrollBarSizeOnce = (): Plugin => {
  const replacement = fileURLToPath(new URL('./src/utils/scrollBarSize.ts', import.meta.url));
  return {
    name: 'gx:scrollbar-size-once',
    enforce: 'pre',
    resolveId: (source, importer) => (source === './getScrollBarSize' && importer && /[\\/]@rc-component[\\/]util[\\/]es[\\/]index\.js$/.test(importer)
      ? replacement : undefined),
  };
};

/** `vite dev` serves the guest's Wi-Fi page (its own entry, built by vite.wifilogin.config.ts) at its public path. */
const wifiloginInDev: Plugin = {
  name: 'gx:wifilogin-in-dev',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === '/wifilogin' || req.url?.startsWith('/wifilogin?')) req.url = req.url.replace('/wifilogin', '/wifilogin.html');
      next();
    });
  },
};

export default defineConfig({
  plugins: [
    cjkFontSlices,
    react(),
    antdStaticStyles(),
    scrollBarSizeOnce(),
    keepOffTheFirstLoads,
    wifiloginInDev,
    VitePWA({
      // The update card (src/components/UpdateCard.tsx) asks before a new version takes over (SPEC §4 App update).
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'GX Console',
        short_name: 'GX',
        theme_color: '#2b6583',
        background_color: '#ffffff',
        display: 'standalone',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        navigateFallback: '/index.html',
        // /wifilogin is a page of its own (vite.wifilogin.config.ts), never the console's index.
        navigateFallbackDenylist: [/^\/v3\//, /^\/uploads\//, /^\/healthz/, /^\/wifilogin/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // The contract builds its zod schemas at module level; the console uses only its constants, md5 and types.
        // Contract modules have no side effects, and building a schema is pure, so unused schemas (and zod with
        // them) are dropped. `keepOffTheFirstLoads` fails the build if zod slips into a first load.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
        manualPureFunctions: ['z', 'zText', 'zRequiredText', 'closedObject'],
      },
      output: {
        codeSplitting: {
          groups: [
            // React changes rarely: its own long-cached chunk. Everything else splits along the lazy pages.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
