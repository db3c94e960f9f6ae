import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = process.env.GX_API_TARGET ?? 'http://127.0.0.1:8080';
// The API and the files it serves (avatars, domain logos) come from the server in development.
const proxy = {
  '/v3': { target: API_TARGET, changeOrigin: false },
  '/uploads': { target: API_TARGET, changeOrigin: false },
  '/healthz': { target: API_TARGET, changeOrigin: false },
};

/**
 * zod would add ~40 KB (gzip) to the first load; the entry and the login page never validate with it. Fails the build
 * when zod reaches the chunks loaded for /login (lazy pages may use it if they need a contract schema).
 */
const keepZodOffTheLoginRoute: Plugin = {
  name: 'gx:keep-zod-off-the-login-route',
  apply: 'build',
  generateBundle(_, bundle) {
    const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
    const roots = [...chunks.values()].filter((c) => c.isEntry || /[\\/]pages[\\/]login[\\/]index\.tsx$/.test(c.facadeModuleId ?? ''));
    const seen = new Set<string>();
    const visit = (name: string) => {
      const chunk = chunks.get(name);
      if (!chunk || seen.has(name)) return;
      seen.add(name);
      chunk.imports.forEach(visit);
    };
    roots.forEach((c) => visit(c.fileName));
    for (const name of seen) {
      const zod = Object.keys(chunks.get(name)?.modules ?? {}).find((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
      if (zod) {
        this.error(
          `zod reached the login route (${name}): a contract module the console imports builds a schema at module ` +
            `level that tree-shaking cannot drop. List its helper in treeshake.manualPureFunctions (apps/web/vite.config.ts).`,
        );
      }
    }
  },
};

export default defineConfig({
  plugins: [
    react(),
    keepZodOffTheLoginRoute,
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
        navigateFallbackDenylist: [/^\/v3\//, /^\/uploads\//, /^\/healthz/],
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
        // them) are dropped. `keepZodOffTheLoginRoute` fails the build if zod slips into the first load.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
        manualPureFunctions: ['z', 'zText', 'zRequiredText'],
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
