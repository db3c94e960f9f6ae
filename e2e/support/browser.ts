import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, `chromiumSwitches`). Chromium reads only the last
 * `--disable-features` switch it is given, so a list of ours must repeat Playwright's; `browser.e2e.ts` checks that
 * the running browser's last list still holds every feature of the earlier ones.
 */
const PLAYWRIGHT_DISABLED_FEATURES = ['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying',
  'AimEnabled', 'PreconnectToSearch', 'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion'];

/**
 * Work a headless Chromium does for nobody:
 * - the address bar's WebUI popups (Chromium 156): every new window loads two hidden WebUI pages for them
 *   (chrome://omnibox-popup.top-chrome/), each in a renderer of its own, about 2 s of CPU per window for an address
 *   bar nobody types in. Eight contexts opened and closed here: 24.9 s of Chromium CPU with them, 6.4 s without;
 * - the spare renderer started ahead of the next navigation: with one process per site, pages join their site's
 *   process and the spare goes unused. Ten contexts: 16 renderers (3.0 s of CPU) with it, 8 (1.8 s) without.
 */
export const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

/** The flags this closed network needs (no background calls to the internet), and no unused browser UI. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES].join(',')}`];

/** A custom-domain host (the branding tests): every test browser resolves it to the loopback server. */
export const BRAND_HOST = 'brand.test';

/**
 * V8 in the test browsers without its optimising compilers (Maglev and TurboFan; the interpreter and Sparkplug
 * remain): a test page lives one test, and each console load compiled its hot functions again, optimised, on
 * background threads competing with the other worker for the two cores, for a page closed soon after. What a page
 * does is unchanged. Paired runs here (README › Tests): Chromium's CPU ~10 % lower, all processes' 6.5-8 %.
 */
export const TEST_V8_ARGS = ['--js-flags=--no-opt --no-maglev'];

/**
 * CHROMIUM_ARGS and what the tests need of every browser: the custom-domain host mapped to the test servers; one
 * renderer process per site within a context, so a test's page joins the process a kept context holds, with the
 * console's scripts compiled in it (`contextPool.ts`); and V8's brief tiers (TEST_V8_ARGS).
 */
export const TEST_BROWSER_ARGS = [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${BRAND_HOST} 127.0.0.1`, '--process-per-site', ...TEST_V8_ARGS];

/**
 * How long a locator, action or navigation waits for its condition before failing. Waits end as soon as the
 * condition holds, so this costs nothing when all goes well; it is generous because a CI machine may be far busier
 * than a developer's (Playwright's 30 s default failed tests at a load average of 20 on two cores).
 */
export const WAIT_MS = 60_000;

/**
 * Debian's Chromium with TEST_BROWSER_ARGS, plus any flags a suite needs. Without extra flags, the
 * run's shared Chromium when the browser tests' global setup started one (`sharedBrowser.ts`); closing it then only
 * disconnects, closing this file's contexts.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const shared = process.env.GX_E2E_BROWSER_ENDPOINT;
  const browser = shared && !extraArgs.length
    ? await chromium.connect(shared)
    : await chromium.launch({ executablePath: CHROMIUM, args: [...TEST_BROWSER_ARGS, ...extraArgs] });
  // Every context (newPage makes one too) gets the same patience, whichever file opens it.
  const open = browser.newContext.bind(browser);
  // Every context asks for reduced motion (the console then turns antd's zoom and slide effects off): a click is
  // computed where a dialog or menu will stay, never mid-zoom where it can land on the mask. Tests of motion itself
  // ask for it back with page.emulateMedia.
  // And every context blocks the console's service worker unless it asks for it (the update card's test): on its
  // first visit a context's worker precaches the whole console, ~360 files, in the background, which cost every
  // context a few seconds of the browser's and the server's CPU that no test looks at.
  browser.newContext = async (options) => {
    const context = await open({ reducedMotion: 'reduce', serviceWorkers: 'block', ...options });
    context.setDefaultTimeout(WAIT_MS);
    context.setDefaultNavigationTimeout(WAIT_MS);
    await context.addInitScript(recordToasts);
    return context;
  };
  return browser;
}

/**
 * Runs in every page: keeps the text of every message notice (toast) the page shows in `window.__toasts`. A toast
 * lives 3 s; a test process starved of CPU for longer can miss it on screen, but never in this record.
 */
function recordToasts(): void {
  const w = window as { __toasts?: string[] };
  w.__toasts = [];
  // antd may reuse a notice element for the next message, so what counts is each element's text changing.
  const shown = new WeakMap<Element, string>();
  new MutationObserver(() => {
    for (const n of document.querySelectorAll('.ant-message-notice')) {
      const text = n.textContent ?? '';
      if (text && shown.get(n) !== text) {
        shown.set(n, text);
        w.__toasts!.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

export interface ContextOptions {
  width?: number;
  height?: number;
  locale?: 'zh-CN' | 'en-US';
  /** The browser's time zone (IANA name); the machine's when absent. */
  timezoneId?: string;
}

export async function newContext(browser: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    locale: opts.locale ?? 'zh-CN',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
}

/** Fills the login form the way a person does and submits it. */
export async function loginThroughForm(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A download's bytes. (Its `path()` is not there on the shared Chromium, which runs outside the test's process.) */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
