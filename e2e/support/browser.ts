import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags this closed network needs (no background calls to the internet). */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Debian's Chromium with CHROMIUM_ARGS, plus any flags a suite needs (e.g. host mapping). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export interface ContextOptions {
  width?: number;
  height?: number;
  locale?: 'zh-CN' | 'en-US';
}

export async function newContext(browser: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    locale: opts.locale ?? 'zh-CN',
  });
}

/** Fills the login form the way a person does and submits it. */
export async function loginThroughForm(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}
