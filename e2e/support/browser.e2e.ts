import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, UNUSED_FEATURES } from './browser';
import { retire, reuseContexts } from './contextPool';

/** The test Chromium's flags do what `browser.ts` says of them, in the browser the run shares. */
describe('test browser flags (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser.close(); });

  it('keeps every feature Playwright turns off, and turns off the address bar\'s WebUI popups', async () => {
    // The command line as chrome://version shows it (CDP gives it only to a browser started with --enable-automation).
    const version = await browser.newContext();
    const page = await version.newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent() ?? '').split(/\s+/);
    await version.close();
    const lists = commandLine.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
    // Chromium reads the last list only: Playwright's (the first) must be inside it, with ours.
    expect(lists.length).toBeGreaterThanOrEqual(1);
    const last = lists[lists.length - 1] ?? [];
    expect(lists.flat().filter((f) => !last.includes(f))).toEqual([]);
    expect(UNUSED_FEATURES.filter((f) => !last.includes(f))).toEqual([]);

    // A new window loads no WebUI page of its own beside the test's.
    const context = await browser.newContext();
    await (await context.newPage()).goto('about:blank');
    const { targetInfos } = await (await browser.newBrowserCDPSession()).send('Target.getTargets');
    expect(targetInfos.filter((t) => t.url.startsWith('chrome://')).map((t) => t.url)).toEqual([]);
    await context.close();
  });
});

/** Kept contexts (contextPool.ts): handed on when closed, unless retired after a failure. */
describe('kept browser contexts (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => { browser = reuseContexts(await launchBrowser()); });
  afterAll(async () => { await browser.close(); });

  it('a closed context serves the next one asked for with its options; a retired one closes, and what waited on it ends', async () => {
    const first = await browser.newContext({ locale: 'en-US' });
    await first.close();
    const again = await browser.newContext({ locale: 'en-US' });
    expect(again).toBe(first);
    const page = await again.newPage();
    await page.setContent('<p>nothing to click</p>');
    // An action still waiting when its test ends, as a timed-out test leaves one.
    const waiting = page.locator('#never').click().then(() => 'clicked', (e: Error) => e.message);
    retire(again);
    await again.close();
    expect(await waiting).toMatch(/closed/i);
    const fresh = await browser.newContext({ locale: 'en-US' });
    expect(fresh).not.toBe(first);
    await fresh.close();
  });
});
