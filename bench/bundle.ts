import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD } from '../e2e/support/server';

export interface BundleFigures {
  loginKB: number;
  dashboardColdKB: number;
  dashboardAfterLoginKB: number;
  /** The guest's captive-portal page, a bundle of its own (issue 13: ≤ 60 KB). */
  wifiloginKB: number;
}

/** Compressed bytes of JS and CSS the page downloads, as Chromium received them (encoded body sizes). */
function countAssets(page: Page): () => Promise<number> {
  const pending: Promise<number>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(res.finished().then(() => res.request().sizes()).then((s) => s.responseBodySize, () => 0));
  });
  return async () => (await Promise.all(pending)).reduce((a, b) => a + b, 0);
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * /login cold; /dashboard cold for a signed-in user (token already in its cookie); and what signing in adds on top
 * of /login. Service workers are blocked: their background precache is not what the first load needs.
 */
export async function measureBundle(browser: Browser, baseUrl: string): Promise<BundleFigures> {
  const ctx = await browser.newContext({ serviceWorkers: 'block', locale: 'zh-CN' });
  const page = await ctx.newPage();
  const loginBytes = countAssets(page);
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  const login = await loginBytes();

  const afterLogin = countAssets(page);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard/);
  // The layout holds the live stream open, so the network never idles: the dashboard drawn is the end.
  await page.getByTestId('dashboard').waitFor();
  const added = await afterLogin();
  const cookies = await ctx.cookies();
  await ctx.close();

  const cold = await browser.newContext({ serviceWorkers: 'block', locale: 'zh-CN' });
  await cold.addCookies(cookies.filter((c) => c.name === 'gx-token'));
  const p2 = await cold.newPage();
  const coldBytes = countAssets(p2);
  await p2.goto(`${baseUrl}/dashboard`, { waitUntil: 'load' });
  await p2.getByTestId('dashboard').waitFor();
  const dashboard = await coldBytes();
  await cold.close();

  // A guest's phone, cold: the page and the portal it draws (an org without a portal says so; the weight is the same).
  const guest = await browser.newContext({ serviceWorkers: 'block', locale: 'zh-CN', viewport: { width: 390, height: 844 } });
  const p3 = await guest.newPage();
  const wifiBytes = countAssets(p3);
  await p3.goto(`${baseUrl}/wifilogin?org=1`, { waitUntil: 'networkidle' });
  await p3.getByTestId('wifilogin').waitFor();
  const wifilogin = await wifiBytes();
  await guest.close();
  return { loginKB: kb(login), dashboardColdKB: kb(dashboard), dashboardAfterLoginKB: kb(Math.max(0, added)), wifiloginKB: kb(wifilogin) };
}
