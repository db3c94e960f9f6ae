import type { Browser, Page, Request } from 'playwright-core';
import { ADMIN_PASSWORD } from '../e2e/support/server';

export interface BundleFigures {
  loginKB: number;
  dashboardColdKB: number;
  dashboardAfterLoginKB: number;
  /** The guest's captive-portal page, a bundle of its own (issue 13: ≤ 60 KB). */
  wifiloginKB: number;
  /**
   * /login's Chinese font where the system has none (this machine, a bare Linux): its sheet and the slices the page
   * drew, fetched without holding up the first render (src/styles/cjkFont.ts) and nowhere else: apart from the figures above.
   */
  loginChineseFontKB: { sheet: number; slices: number };
}

/** The Chinese font's sheet: fetched only where the system draws no Chinese. */
const isChineseFontSheet = (req: Request) => /\/cjkFontFaces-[^/]*\.css$/.test(req.url());
const isAsset = (req: Request) => (req.resourceType() === 'script' || req.resourceType() === 'stylesheet') && !isChineseFontSheet(req);

/** A request's compressed body as Chromium received it (encoded size), once it has arrived; 0 if it never does. */
const bodyBytes = (req: Request): Promise<number> =>
  req.response().then((res) => res?.finished()).then(() => req.sizes()).then((s) => s.responseBodySize, () => 0);

const sum = async (sizes: Promise<number>[]) => (await Promise.all(sizes)).reduce((a, b) => a + b, 0);

/** Compressed bytes of JS and CSS the page downloads, and apart from them the Chinese font's sheet and slices. */
function countAssets(page: Page): () => Promise<{ assets: number; fontSheet: number; fontSlices: number }> {
  const assets: Promise<number>[] = [];
  const fontSheet: Promise<number>[] = [];
  const fontSlices: Promise<number>[] = [];
  page.on('request', (req) => {
    if (isAsset(req)) assets.push(bodyBytes(req));
    else if (isChineseFontSheet(req)) fontSheet.push(bodyBytes(req));
    else if (req.resourceType() === 'font') fontSlices.push(bodyBytes(req));
  });
  return async () => ({ assets: await sum(assets), fontSheet: await sum(fontSheet), fontSlices: await sum(fontSlices) });
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Where the page notes (on its own clock) when the dashboard's figures were first in the document. */
const FIRST_VIEW_MARK = '__gxFiguresDrawn';

/**
 * The JS and CSS the dashboard fetched before its figures were drawn. Its chart and ECharts start after that paint
 * (`AfterPaint`), the live stream never ends, and the page goes on loading: the count stops at the figures,
 * whatever the machine's speed, by comparing each file's start with the moment the figures were drawn.
 */
async function countUntilFigures(page: Page): Promise<() => Promise<number>> {
  const sizes = new Map<string, Promise<number>>();
  const noteFigures = (mark: string) => {
    const w = window as unknown as Record<string, number | undefined>;
    const seen = new MutationObserver(() => {
      if (w[mark] === undefined && document.querySelector('[data-testid="dashboard-overview"]')) {
        w[mark] = performance.now();
        seen.disconnect();
      }
    });
    seen.observe(document, { childList: true, subtree: true });
  };
  // On the next document (a cold load) and on this one (signing in moves within the page).
  await page.addInitScript(noteFigures, FIRST_VIEW_MARK);
  await page.evaluate(noteFigures, FIRST_VIEW_MARK);
  page.on('request', (req) => {
    if (isAsset(req)) sizes.set(req.url(), bodyBytes(req));
  });
  return async () => {
    await page.getByTestId('dashboard-overview').waitFor();
    // Every file asked for so far arrives first, so resource timing lists each one that started before the figures.
    for (let asked = -1; asked !== sizes.size;) {
      asked = sizes.size;
      await Promise.all(sizes.values());
    }
    const started = await page.evaluate((mark) => {
      const drawnAt = (window as unknown as Record<string, number | undefined>)[mark];
      return drawnAt === undefined ? null : performance.getEntriesByType('resource').filter((e) => e.startTime <= drawnAt).map((e) => e.name);
    }, FIRST_VIEW_MARK);
    if (!started) throw new Error('the page never noted its figures drawn');
    const before = started.filter((url) => sizes.has(url));
    return (await Promise.all(before.map((url) => sizes.get(url) ?? 0))).reduce((a, b) => a + b, 0);
  };
}

/**
 * /login cold; /dashboard cold for a signed-in user (token already in its cookie) until its figures are drawn; and
 * what signing in adds on top of /login until the same moment. Service workers are blocked: their background precache
 * is not what the first load needs.
 */
export async function measureBundle(browser: Browser, baseUrl: string): Promise<BundleFigures> {
  const ctx = await browser.newContext({ serviceWorkers: 'block', locale: 'zh-CN' });
  const page = await ctx.newPage();
  const loginBytes = countAssets(page);
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  const { assets: login, fontSheet, fontSlices } = await loginBytes();

  const afterLogin = await countUntilFigures(page);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard/);
  const added = await afterLogin();
  const cookies = await ctx.cookies();
  await ctx.close();

  const cold = await browser.newContext({ serviceWorkers: 'block', locale: 'zh-CN' });
  await cold.addCookies(cookies.filter((c) => c.name === 'gx-token'));
  const p2 = await cold.newPage();
  const coldBytes = await countUntilFigures(p2);
  await p2.goto(`${baseUrl}/dashboard`, { waitUntil: 'load' });
  const dashboard = await coldBytes();
  await cold.close();

  // A guest's phone, cold: the page and the portal it draws (an org without a portal says so; the weight is the same).
  const guest = await browser.newContext({ serviceWorkers: 'block', locale: 'zh-CN', viewport: { width: 390, height: 844 } });
  const p3 = await guest.newPage();
  const wifiBytes = countAssets(p3);
  await p3.goto(`${baseUrl}/wifilogin?org=1`, { waitUntil: 'networkidle' });
  await p3.getByTestId('wifilogin').waitFor();
  const { assets: wifilogin } = await wifiBytes();
  await guest.close();
  return {
    loginKB: kb(login),
    dashboardColdKB: kb(dashboard),
    dashboardAfterLoginKB: kb(Math.max(0, added)),
    wifiloginKB: kb(wifilogin),
    loginChineseFontKB: { sheet: kb(fontSheet), slices: kb(fontSlices) },
  };
}
