import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageNames, resourceByKey, systemArea } from '@gx/contract';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { untilStill } from '../support/conditions';
import { openInApp } from '../support/navigate';

/** The system area's pages that offer an add form, from the manifest and the declarations (never a hand list). */
const ADD_FORMS = systemArea.pages.flatMap((p) => {
  const decl = p.resource ? resourceByKey(p.resource) : undefined;
  return decl?.form && decl.operations.includes('add') ? [pageNames(systemArea, p).path] : [];
});

/**
 * Issue 18 point 1: submitting a form empty is a normal outcome. On every add form of the system area: no uncaught
 * error (page or console), the focus in the first invalid field, and its message naming the field.
 */
describe('the system area\'s add forms submitted empty (Chromium, 1440×900)', () => {
  const f = useBrowserFixture();
  let page: Page;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    ({ page } = await signedInPage(f, {
      locale: 'zh-CN', width: 1440, height: 900,
      watch: (p) => {
        p.on('pageerror', (e) => pageErrors.push(e.message));
        p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
      },
    }));
  });

  it('every add form of the system area submitted empty: no uncaught error, the first invalid field focused, its message names it', async () => {
    expect(ADD_FORMS.length).toBeGreaterThanOrEqual(10);
    for (const path of ADD_FORMS) {
      pageErrors.length = 0;
      consoleErrors.length = 0;
      // From form to form as the menu moves (no reload: ~1.2 s of CPU each), the page walked the only one open.
      await openInApp(page, path);
      await page.locator('[data-testid="toolbar-add"]:visible').click();
      const form = page.locator('[data-testid="resource-form"]:visible');
      await untilStill(page.locator('.ant-drawer').filter({ has: form }));
      await page.getByTestId('resource-form-submit').click();
      const firstInvalid = form.locator('.ant-form-item-has-error').first();
      await firstInvalid.locator('.ant-form-item-explain-error').first().waitFor();
      // The focus is in the first invalid field, whatever control it is (text, select, picker).
      await expect.poll(() => page.evaluate(() => {
        const first = document.querySelector('[data-testid="resource-form"] .ant-form-item-has-error');
        return Boolean(first && document.activeElement && first.contains(document.activeElement));
      }), { message: `${path}: focus in the first invalid field` }).toBe(true);
      const label = (await firstInvalid.locator('.ant-form-item-label label').innerText()).trim();
      const message = await firstInvalid.locator('.ant-form-item-explain-error').first().innerText();
      expect(label, path).not.toBe('');
      expect(message, path).toContain(label);
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'hidden' });
      expect(pageErrors, path).toEqual([]);
      expect(consoleErrors, path).toEqual([]);
    }
  });
});
