import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server';
import { launchBrowser, newContext, type ContextOptions } from './browser';
import { retire, reuseContexts } from './contextPool';
import { signInToken } from './api';

/**
 * The setup every browser test file shares: its own server (own data directory, so files run side by side in
 * parallel workers; on its worker's port, the same for each of the worker's files), the worker's browser (whose kept
 * contexts, reset, pass from file to file), and the administrator's token. Call it at the top of a `describe`; its
 * fields are there from the first test on, and everything stops after the last (the worker's browser stays).
 */
export interface BrowserFixture {
  readonly server: RunningServer;
  /** The server's base URL (http://127.0.0.1:<port>). */
  readonly url: string;
  readonly browser: Browser;
  /** The administrator's token, signed in through the API. */
  readonly admin: string;
}

export interface FixtureOptions {
  /** Server environment on top of the test defaults (e.g. WEB_DIST). */
  env?: Record<string, string>;
  /** Starts the server another way (e.g. on a fresh PostgreSQL database); `env` is then ignored. */
  start?: () => Promise<RunningServer>;
  /** Starts the browser; plain Debian Chromium by default. */
  launch?: () => Promise<Browser>;
  /** Test data made through the API once the server is up, before the first test. */
  seed?: (f: BrowserFixture) => Promise<void>;
  /** Runs after the browser closed and the server stopped (e.g. removing a directory the file made). */
  cleanup?: () => void | Promise<void>;
}

/**
 * The port of this worker's file servers: one per vitest worker (VITEST_POOL_ID), the same for each of its files, so
 * the console each file loads is at the same address as the last file's and the worker's kept contexts
 * (`workerBrowser`) find its files in their caches. A console load in a kept context, measured here (all processes'
 * CPU): 2.8 s at the last file's address, 4.7-5.3 s at another port, 6.9-7.7 s in a new context. A port another
 * program holds costs only that: the server starts on a free one.
 */
const WORKER_PORT = process.env.VITEST_POOL_ID ? 47600 + Number(process.env.VITEST_POOL_ID) : 0;

/** `startServer` on the worker's port, or on a free one when something else listens there. */
async function startOnWorkerPort(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!WORKER_PORT || env.PORT) return startServer(env);
  try {
    return await startServer({ PORT: String(WORKER_PORT), ...env });
  } catch (err) {
    if (!String(err).includes('EADDRINUSE')) throw err;
    return startServer(env);
  }
}

let shared: Promise<Browser> | undefined;

/**
 * The browser of this worker's files: one connection to the run's shared Chromium (`sharedBrowser.ts`) whose kept
 * contexts (`contextPool.ts`) go from one file to the next, as they go from one test to the next, reset the same way
 * (no cookie, no storage): a file's first console load then no longer starts a renderer and compiles the console
 * afresh. A file that launches its own (`launch`), or one run without a shared Chromium (outside vitest's setup), gets
 * a browser of its own.
 */
async function workerBrowser(launch?: () => Promise<Browser>): Promise<{ browser: Browser; own: boolean }> {
  if (launch || !process.env.GX_E2E_BROWSER_ENDPOINT) return { browser: reuseContexts(await (launch ?? launchBrowser)()), own: true };
  const browser = await (shared ??= launchBrowser().then(reuseContexts)).catch((err: unknown) => {
    shared = undefined;
    throw err;
  });
  if (browser.isConnected()) return { browser, own: false };
  shared = undefined;
  return workerBrowser();
}

export function useBrowserFixture(o: FixtureOptions = {}): BrowserFixture {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  /** Whether the browser is this file's alone (closed after it) or the worker's (only this file's contexts closed). */
  let own = true;
  let admin: string | undefined;
  const ready = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`the fixture's ${what} is used before beforeAll ran`);
    return v;
  };
  const fixture: BrowserFixture = {
    get server() { return ready(server, 'server'); },
    get url() { return ready(server, 'server').url; },
    get browser() { return ready(browser, 'browser'); },
    get admin() { return ready(admin, 'admin token'); },
  };
  beforeAll(async () => {
    // The browser starts while the server migrates its fresh database.
    const [s, b] = await Promise.allSettled([o.start ? o.start() : startOnWorkerPort(o.env),
      workerBrowser(o.launch)]);
    // Keep whichever started, so afterAll stops it even when the other failed.
    if (s.status === 'fulfilled') server = s.value;
    if (b.status === 'fulfilled') ({ browser, own } = b.value);
    if (s.status === 'rejected') throw s.reason;
    if (b.status === 'rejected') throw b.reason;
    admin = await signInToken(fixture.url);
    await o.seed?.(fixture);
  });
  // A failed test may have left an action waiting: the file's contexts then close for real (below).
  let failed = false;
  beforeEach(({ onTestFailed }) => onTestFailed(() => { failed = true; }));
  afterAll(async () => {
    // The worker's browser keeps its contexts for the next file: closing one resets and keeps it (contextPool.ts),
    // unless a test of this file failed.
    if (own) await browser?.close();
    else await Promise.all(browser?.contexts().map((c) => { if (failed) retire(c); return c.close(); }) ?? []);
    await server?.stop();
    await o.cleanup?.();
  });
  return fixture;
}

export interface SignedIn {
  context: BrowserContext;
  page: Page;
}

/**
 * A fresh browser context of the fixture's Chromium (viewport, language, time zone), signed in as the administrator
 * unless told, and opened on `at` (a console path; the dashboard by default). The sign-in goes through the API and
 * leaves the session cookie the login form leaves, so the console opens on the page as a bookmark opens it after a
 * sign-in: a test about a page loads one page, not the login form, the dashboard and the page (about 1.2 s of CPU
 * here against 3.2 s). The form itself is walked by the tests about signing in (`loginThroughForm`).
 */
export async function signedInPage(
  f: BrowserFixture,
  o: ContextOptions & { username?: string; password?: string; theme?: 'light' | 'dark'; watch?: (page: Page) => void; at?: string | null } = {},
): Promise<SignedIn> {
  const context = await newContext(f.browser, o);
  const cookies = [{ name: 'gx-token', value: await signInToken(f.url, o.username, o.password), url: f.url }];
  // The console keeps its theme in a cookie until the user saves one to the server.
  if (o.theme) cookies.push({ name: 'theme', value: o.theme, url: f.url });
  await context.addCookies(cookies);
  const page = await context.newPage();
  // Listeners (page errors, console) attached before the first navigation.
  o.watch?.(page);
  // The caller waits on its page's own content, as after any page.goto.
  // `at: null`: the page stays blank for a file whose every test opens its own (a console load not made, ~2 s of CPU).
  if (o.at !== null) await page.goto(`${f.url}${o.at ?? '/dashboard'}`);
  return { context, page };
}
