import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, TEST_BROWSER_ARGS } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket address of the Chromium every browser test file connects to (`launchBrowser`). */
    e2eBrowserEndpoint: string;
  }
}

let server: BrowserServer | undefined;

/**
 * Global setup of the browser tests: one Chromium for the whole run, which each file connects to instead of
 * launching its own (a launch cost about 2.5 s of CPU on this machine, and there are some 65 files). Files stay
 * apart as before: each works in contexts of its own (own cookies, storage and cache), and disconnecting closes
 * them. A file needing other browser flags still launches its own. (The shell's files each launched one to map the
 * branding tests' custom-domain host; every test browser maps it now: 13 launches fewer.)
 */
export async function setup(project: TestProject): Promise<void> {
  server = await chromium.launchServer({ executablePath: CHROMIUM, args: TEST_BROWSER_ARGS });
  project.provide('e2eBrowserEndpoint', server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}
