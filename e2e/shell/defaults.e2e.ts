import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserFixture } from '../support/fixture';
import { addLabPages, closeOverlay, LAB, openConsole, type Lang, type Theme } from './support';

/** Issue 3 point 10: the defaults of SPEC §9 (the favicon timestamp is checked with a domain icon in branding.e2e.ts). */
describe('defaults (Chromium)', () => {
  const shell = useBrowserFixture();
  beforeAll(async () => {
    await addLabPages(shell.url, shell.admin);
  });

  it.each([
    [1280, 'zh_CN', 'light'],
    [375, 'en', 'dark'],
  ] as const)('at %i px (%s, %s): medium components, tags view on, fixed header off, sidebar logo on, site colour #2b6583', async (width, language: Lang, theme: Theme) => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { width, height: 300, language, theme, path: LAB.pages[0] });
    await page.getByTestId('tags-view').waitFor();
    // The sidebar logo is in the sider on wide screens and in the drawer on phones.
    if (width < 992) await page.getByTestId('hamburger').click();
    await page.locator('.gx-sidebar-logo').first().waitFor();
    if (width < 992) {
      await page.keyboard.press('Escape');
      await page.locator('.gx-sidebar-drawer').waitFor({ state: 'hidden' });
    }

    // Not fixed: the header scrolls away with the page.
    await page.getByTestId('area-overview').waitFor();
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(() => (document.querySelector('[data-testid="header"]')?.getBoundingClientRect().bottom ?? 1) <= 0);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.getByTestId('suggestion-button').click();
    const submit = page.getByTestId('suggestion-submit');
    await submit.waitFor();
    // antd's "middle" size (SPEC §9 medium): 32 px controls, measured without the dialog's opening animation.
    await expect(submit.evaluate((e) => (e as HTMLElement).offsetHeight)).resolves.toBe(32);
    // The site colour is the primary colour; antd's dark algorithm derives its dark-mode shade from it.
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--gx-primary').trim())).resolves.toBe('#2b6583');
    if (theme === 'light') await expect(submit.evaluate((e) => getComputedStyle(e).backgroundColor)).resolves.toBe('rgb(43, 101, 131)');
    await closeOverlay(page);
    await expect(page.locator('meta[name="theme-color"]').getAttribute('content')).resolves.toBe('#2b6583');

    await context.close();
  });

  it.each([
    ['zh_CN', '版权所有 © 2014-2025 融合通信云平台'],
    ['en', 'Copyright © 2014-2025 Converged Communications Cloud'],
  ] as const)('the copyright reads 2014-2025 (%s)', async (language, text) => {
    const context = await shell.browser.newContext();
    await context.addCookies([{ name: 'language', value: language, url: shell.url }]);
    const page = await context.newPage();
    await page.goto(`${shell.url}/login`);
    await page.getByText(text).waitFor();
    await context.close();
  });
});
