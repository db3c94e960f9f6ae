import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Browser contexts the tests close are kept for the next test asking for the same options, reset to a new context's
 * state: no cookie, no local, session or IndexedDB storage, one blank page. (Permissions are its options', since a
 * test granting more is closed for real.) The next test may be the next file's: a worker's files share its browser
 * and serve the console at the same address (`fixture.ts`). The viewport is no option of a kept context: its pages
 * are sized as the test asks.
 * What is kept is what a person's browser keeps between visits: the HTTP cache, and the renderer process, in which
 * the console's scripts are already compiled and its files held in Blink's memory cache. Measured on this 2-core
 * machine, a console load in a new context against one in a kept context: 1.75-1.9 s against 1.0-1.2 s, the page's
 * main thread 1.23-1.26 s against 0.78-0.98 s.
 *
 * The page is kept too: the last test's page, navigated to a blank page, is the next test's `newPage()`. Closing a
 * page emptied its renderer's memory cache, so each next load fetched every file again through the network service
 * and compiled it again: `/system/user` in a kept context, loads 3 to 7 (all processes' CPU), 3.3-4.1 s with a new
 * page each time, 1.7-2.4 s on the kept page (README › Tests). A page handed on has none of the last test's
 * listeners and no session storage; its history holds the pages before the blank one, which no test goes back to.
 * So a test must not leave a Playwright action waiting when it closes its context: the action would go on, on the
 * next test's page.
 *
 * A context whose test changed it beyond that reset (routes, init scripts, bindings, headers, offline, geolocation,
 * permissions, credentials, a CDP session, the clock) is closed for real, as is every context when its browser
 * disconnects; a page so changed (or one that visited more than one site) is closed rather than handed on.
 */
const CHANGES_CONTEXT = ['route', 'routeFromHAR', 'routeWebSocket', 'addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders',
  'setOffline', 'setGeolocation', 'grantPermissions', 'setHTTPCredentials', 'newCDPSession'] as const;

/** Page methods whose effect outlives a navigation: a page they were called on is not handed to another test. */
const CHANGES_PAGE = ['route', 'routeFromHAR', 'routeWebSocket', 'addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders',
  'setViewportSize', 'emulateMedia', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'addLocatorHandler'] as const;

/** The ways a test listens to a page; what it added is removed before the page is handed on. */
const LISTENS = ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener'] as const;

/** What a reset clears per origin the context visited (cookies are cleared for all at once). The HTTP cache is kept. */
const STORAGE = 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets';

/** Contexts to close for real when next closed, whatever their state (`retire`). */
const retired = new WeakSet<BrowserContext>();

/**
 * Marks a context to be closed for real, not kept, when it is next closed: the fixture retires a file's contexts when
 * one of its tests failed, since a failed test may have left an action waiting (one timed out, or a sibling of a
 * rejected `Promise.all`) that would go on, on the next test's page.
 */
export function retire(context: BrowserContext): void {
  retired.add(context);
}

/** Playwright's viewport for a context that names none. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

type Size = { width: number; height: number };

/** Options as one string, whatever order their keys came in (the helpers that make contexts list them differently). */
const keyOf = (options: object): string => JSON.stringify(options, (_, v: unknown) =>
  (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/** Replaces each named method of `target` with one that first calls `touched` with the call's arguments. */
function onCall(target: object, names: readonly string[], touched: (args: unknown[]) => void): void {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const real = methods[name];
    if (typeof real !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      touched(args);
      return (real as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

/** The names of an object's methods, its own and its class's. */
function methodNames(target: object): string[] {
  const proto = Object.getPrototypeOf(target) as object | null;
  return [...new Set([...Object.getOwnPropertyNames(target), ...(proto ? Object.getOwnPropertyNames(proto) : [])])]
    .filter((n) => n !== 'constructor' && typeof (target as Record<string, unknown>)[n] === 'function');
}

/** Makes `browser.newContext` hand out kept contexts (see above); returns the same browser. */
export function reuseContexts(browser: Browser): Browser {
  /** Kept contexts by their options, each with what marks it in use again. */
  const kept = new Map<string, { context: BrowserContext; take: (size: Size | null) => void }[]>();
  const open = browser.newContext.bind(browser);

  browser.newContext = async (options = {}) => {
    // The viewport is not the context's: a kept context of any size serves, its pages sized as asked (below). Contexts
    // differed mostly by it (the shell's files opened 25 contexts, and 13 once their pages were sized).
    const { viewport, ...rest } = options;
    const size = viewport === undefined ? DEFAULT_VIEWPORT : viewport;
    const key = keyOf(size ? rest : options);
    const reused = kept.get(key)?.pop();
    if (reused) {
      reused.take(size);
      return reused.context;
    }

    const context = await open(options);
    const realClose = context.close.bind(context);
    const realNewPage = context.newPage.bind(context);
    const cdpFor = context.newCDPSession.bind(context);
    let changed = false;
    let state: 'in use' | 'kept' | 'closed' = 'in use';
    /** Per page: the http origins it visited, whether a test changed it, what the tests listen to, its CDP session. */
    const pages = new Map<Page, { origins: Set<string>; changed: boolean; listeners: unknown[][]; cdp?: CDPSession }>();
    /** The page the next `newPage()` hands out: the last test's, blank. */
    let spare: Page | undefined;
    /** The viewport the context's test asked for, which its pages get (null: the window's own, as asked). */
    let wanted: Size | null = size;
    /** Per page, its viewport being set to `wanted`. */
    const sizing = new WeakMap<Page, Promise<void>>();
    // A page's own setViewportSize, which a test calling marks the page changed (CHANGES_PAGE).
    const sizeTo = (page: Page) => {
      const now = page.viewportSize();
      if (wanted && (now?.width !== wanted.width || now.height !== wanted.height)) {
        sizing.set(page, (Object.getPrototypeOf(page) as Page).setViewportSize.call(page, wanted).catch(() => undefined));
      }
      return sizing.get(page);
    };
    /** Every http origin the context's pages visited since the last reset, pages since closed included. */
    const visited = new Set<string>();

    onCall(context, CHANGES_CONTEXT, () => { changed = true; });
    onCall(context.clock, methodNames(context.clock), () => { changed = true; });
    context.on('page', (page) => {
      const kept = { origins: new Set<string>(), changed: false, listeners: [] as unknown[][], cdp: undefined as CDPSession | undefined };
      pages.set(page, kept);
      // Every page, a popup too, at the asked size; before the test acts on it, since this listener comes first.
      void sizeTo(page);
      page.on('framenavigated', (frame) => {
        const origin = URL.canParse(frame.url()) ? new URL(frame.url()).origin : 'null';
        if (!origin.startsWith('http')) return;
        kept.origins.add(origin);
        visited.add(origin);
      });
      page.on('close', () => pages.delete(page));
      onCall(page, CHANGES_PAGE, () => { kept.changed = true; });
      onCall(page, LISTENS, (args) => { kept.listeners.push(args); });
    });
    context.on('close', () => { state = 'closed'; });
    context.newPage = async () => {
      const page = spare && !spare.isClosed() ? spare : await realNewPage();
      spare = undefined;
      await sizeTo(page);
      return page;
    };

    const reset = async () => {
      spare = undefined;
      const open = context.pages();
      // The page handed on: the last test's first page that is unchanged and saw at most one site (whose session
      // storage is cleared below); every other page closes.
      const next = open.find((p) => { const k = pages.get(p); return k && !k.changed && k.origins.size <= 1; });
      await Promise.all(open.filter((p) => p !== next).map((p) => p.close()));
      if (next) {
        const emitter = next as unknown as { off(...eventAndListener: unknown[]): void };
        for (const [event, fn] of pages.get(next)!.listeners.splice(0)) emitter.off(event, fn);
        // Session storage belongs to the page: emptied once the console has written to it on leaving (beforeunload).
        // A page that cannot answer (a dialog left open) fails the reset, and the context closes for real.
        if (next.url().startsWith('http')) {
          await Promise.race([
            next.evaluate(() => addEventListener('pagehide', () => sessionStorage.clear())),
            new Promise((_, reject) => setTimeout(() => reject(new Error('the page did not answer')), 10_000).unref()),
          ]);
        }
        await next.goto('about:blank');
      }
      // Local storage, IndexedDB and the rest of every site the context's pages visited, and every cookie; through the
      // page handed on, or a new blank one when none could be.
      const keep = next ?? await realNewPage();
      const kept = pages.get(keep);
      const cdp = kept?.cdp ?? await cdpFor(keep);
      for (const origin of visited) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE });
      visited.clear();
      if (kept) {
        kept.cdp = cdp;
        kept.origins.clear();
      }
      await context.clearCookies();
      spare = keep;
    };

    context.close = async (closeOptions) => {
      if (state === 'kept') return;
      if (state === 'closed' || changed || retired.has(context)) return realClose(closeOptions);
      state = 'kept';
      try {
        await reset();
      } catch {
        // A context that cannot be reset (the browser went away, a page hung) is not handed out again.
        state = 'closed';
        return realClose(closeOptions).catch(() => undefined);
      }
      (kept.get(key) ?? kept.set(key, []).get(key)!).push({ context, take: (next) => { state = 'in use'; wanted = next; } });
    };
    return context;
  };
  return browser;
}
