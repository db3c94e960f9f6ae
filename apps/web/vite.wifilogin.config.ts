import { defineConfig } from 'vite';
import { cjkFontSlices } from './build/cjkFontSlices.ts';

/**
 * The guest's Wi-Fi page (/wifilogin) as a bundle of its own, built after the console into the same dist: a phone
 * behind a captive portal loads only this (≤ 60 KB compressed JS+CSS, e2e/loginBundle.e2e.ts). The page is written
 * against the React API and runs on Preact here (preact/compat, ~5 KB instead of React's ~58 KB); in `vite dev` the
 * console's config serves it with React.
 */
export default defineConfig({
  plugins: [cjkFontSlices],
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  publicDir: false,
  build: {
    outDir: 'dist',
    // The console's build is already there.
    emptyOutDir: false,
    // Read by e2e/loginBundle.e2e.ts to weigh what /wifilogin loads.
    manifest: '.vite/wifilogin-manifest.json',
    target: 'es2022',
    rolldownOptions: {
      input: 'wifilogin.html',
      // Contract modules are side-effect free, so only what the page uses comes (PortalApi lives apart from the
      // schemas, so zod stays out). No manualPureFunctions as in the console's build: they match callees by name,
      // and Preact's minified build calls its own style setter `z`.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]/.test(id) },
    },
  },
});
