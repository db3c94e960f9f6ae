import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './server';
import { launchBrowser, newContext, type ContextOptions } from './browser';
import { reuseContexts } from './contextPool';
import { signInToken } from './api';

/**
 * The setup every browser test file shares: its own server (own port, own data directory, so files run side by
 * side in parallel workers), one Chromium (its own temporary profile), and the administrator's token. Call it
 * at the top of a `describe`; its fields are there from the first test on, and everything stops after the last.
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

export function useBrowserFixture(o: FixtureOptions = {}): BrowserFixture {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
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
    const [s, b] = await Promise.allSettled([o.start ? o.start() : startServer(o.env), (o.launch ?? launchBrowser)().then(reuseContexts)]);
    // Keep whichever started, so afterAll stops it even when the other failed.
    if (s.status === 'fulfilled') server = s.value;
    if (b.status === 'fulfilled') browser = b.value;
    if (s.status === 'rejected') throw s.reason;
    if (b.status === 'rejected') throw b.reason;
    admin = await signInToken(fixture.url);
    await o.seed?.(fixture);
  });
  afterAll(async () => {
    await browser?.close();
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
  o: ContextOptions & { username?: string; password?: string; theme?: 'light' | 'dark'; watch?: (page: Page) => void; at?: string } = {},
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
  await page.goto(`${f.url}${o.at ?? '/dashboard'}`);
  return { context, page };
}
