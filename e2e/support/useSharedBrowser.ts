import { inject } from 'vitest';

// Setup file of the browser tests: hands the shared Chromium of `sharedBrowser.ts` to `launchBrowser` in this worker,
// through the environment, since `support/browser.ts` also serves the benchmarks, which run outside vitest.
const endpoint = inject('e2eBrowserEndpoint');
if (endpoint) process.env.GX_E2E_BROWSER_ENDPOINT = endpoint;
