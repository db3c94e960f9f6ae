import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage, useBrowserFixture } from '../support/fixture';

/**
 * The shared list and form on a phone (issue 18 point 3), 375×812: rows are cards with their name and actions,
 * filters fold into a drawer, forms fill the screen with Save in view, and nothing scrolls sideways.
 */
describe('resource pages at 375×812 (Chromium)', () => {
  const f = useBrowserFixture();
  let page: Page;

  beforeAll(async () => {
    ({ page } = await signedInPage(f, { locale: 'en-US', width: 375, height: 812, at: null }));
  });

  const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('every system list is a card list that fits the screen', async () => {
    for (const p of ['user', 'role', 'organization', 'operation-log', 'visit-log', 'button', 'permission']) {
      await page.goto(`${f.url}/system/${p}`);
      await page.getByTestId('resource-cards').waitFor();
      if (p !== 'role') await page.getByTestId('resource-card').first().waitFor();
      expect(await noSideways(), p).toBe(true);
      // Cards are named as the list names rows: a menu by its title, never by its translation key.
      expect((await page.locator('.gx-row-card-title').allInnerTexts()).filter((t) => /^(route|perm)\./.test(t)), p).toEqual([]);
    }
    // A log entry's card says what happened to what.
    await page.goto(`${f.url}/system/operation-log`);
    await page.getByTestId('resource-card').first().getByText('Administrator (admin)').waitFor();
    await page.getByTestId('resource-card').first().getByText('Signed in').waitFor();
    // The header stays one row.
    expect(await page.getByTestId('navbar').evaluate((e) => e.getBoundingClientRect().height)).toBeLessThanOrEqual(51);
  });

  it('a card names its row; the filters open in a drawer and still fit', async () => {
    await page.goto(`${f.url}/system/user`);
    const card = page.getByTestId('resource-card').first();
    await card.getByText('Administrator (admin)').waitFor();
    await page.getByTestId('filter-open').click();
    await page.getByTestId('filter-drawer').getByTestId('filter-username').fill('adm');
    await page.getByTestId('filter-drawer').getByTestId('filter-search').click();
    await page.waitForURL(/user\.username=adm/);
    expect(await noSideways()).toBe(true);
  });

  it('the add form fills the screen with Save in view', async () => {
    await page.goto(`${f.url}/system/user`);
    await page.getByTestId('toolbar-add').click();
    await page.getByTestId('resource-form-submit').waitFor();
    // Once the drawer has slid in, Save sits inside the screen.
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid="resource-form-submit"]')?.getBoundingClientRect();
      return Boolean(r && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.left >= 0);
    });
    expect(await noSideways()).toBe(true);
  });
});
