import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Browser contexts a test file's tests close are kept for its next test asking for the same options, reset to a new
 * context's state: no page of the last test, no cookie, no local or session storage, no IndexedDB. (Permissions are
 * its options', since a test granting more is closed for real.)
 * What is kept is what a person's browser keeps between visits: the HTTP cache, and the renderer process, in which
 * the console's scripts are already compiled. A context keeps one blank page (`keeper`) so that process lives, and
 * the shared Chromium runs `--process-per-site` (`TEST_BROWSER_ARGS`), so the next test's page joins it.
 * Measured on this 2-core machine, a console load in a new context against one in a kept context: 1.75-1.9 s against
 * 1.0-1.2 s, the page's main thread 1.23-1.26 s against 0.78-0.98 s.
 *
 * A context whose test changed it beyond that reset (routes, init scripts, bindings, headers, offline, geolocation,
 * permissions, credentials, a CDP session, the clock) is closed for real, as is every context when the file's
 * browser disconnects.
 */
const CHANGES_CONTEXT = ['route', 'routeFromHAR', 'routeWebSocket', 'addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders',
  'setOffline', 'setGeolocation', 'grantPermissions', 'setHTTPCredentials', 'newCDPSession'] as const;

/** What a reset clears per origin the context visited (cookies are cleared for all at once). The HTTP cache is kept. */
const STORAGE = 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets';

/** Options as one string, whatever order their keys came in (the helpers that make contexts list them differently). */
const keyOf = (options: object): string => JSON.stringify(options, (_, v: unknown) =>
  (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/** Replaces each named method of `target` with one that first calls `touched`. */
function onCall(target: object, names: readonly string[], touched: () => void): void {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const real = methods[name];
    if (typeof real !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      touched();
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
  const kept = new Map<string, { context: BrowserContext; take: () => void }[]>();
  const open = browser.newContext.bind(browser);

  browser.newContext = async (options = {}) => {
    const key = keyOf(options);
    const reused = kept.get(key)?.pop();
    if (reused) {
      reused.take();
      return reused.context;
    }

    const context = await open(options);
    const realClose = context.close.bind(context);
    const cdpFor = context.newCDPSession.bind(context);
    const origins = new Set<string>();
    let changed = false;
    let state: 'in use' | 'kept' | 'closed' = 'in use';
    let keeper: { page: Page; cdp: CDPSession } | undefined;

    onCall(context, CHANGES_CONTEXT, () => { changed = true; });
    onCall(context.clock, methodNames(context.clock), () => { changed = true; });
    context.on('page', (page) => page.on('framenavigated', (frame) => {
      const origin = URL.canParse(frame.url()) ? new URL(frame.url()).origin : 'null';
      if (origin.startsWith('http')) origins.add(origin);
    }));
    context.on('close', () => { state = 'closed'; });

    const reset = async () => {
      // The keeper is the first test's page that is on the site (so in the site's renderer process), else a new one.
      keeper ??= await (async () => {
        const page = context.pages().find((p) => p.url().startsWith('http')) ?? await context.newPage();
        return { page, cdp: await cdpFor(page) };
      })();
      // The last test's other pages go; the keeper waits on a blank page, which keeps its renderer process.
      await Promise.all(context.pages().filter((p) => p !== keeper?.page).map((p) => p.close()));
      await keeper.page.goto('about:blank');
      for (const origin of origins) await keeper.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE });
      origins.clear();
      await context.clearCookies();
    };

    context.close = async (closeOptions) => {
      if (state === 'kept') return;
      if (state === 'closed' || changed) return realClose(closeOptions);
      state = 'kept';
      try {
        await reset();
      } catch {
        // A context that cannot be reset (the browser went away, a page hung) is not handed out again.
        state = 'closed';
        return realClose(closeOptions).catch(() => undefined);
      }
      (kept.get(key) ?? kept.set(key, []).get(key)!).push({ context, take: () => { state = 'in use'; } });
    };
    return context;
  };
  return browser;
}
