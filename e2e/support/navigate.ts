import type { Page } from 'playwright-core';

/**
 * Opens a console page as a person moving through the menu does: the router changes page inside the running console
 * (no reload: on this 2-core machine ~0.3 s a page, against ~1.5 s for `page.goto`, which parses every bundle
 * again), then closes every other closable tab, so the page walked is the only one mounted besides affixed tabs. For
 * walks over many pages; a test of one page's first load keeps `page.goto`.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await moveInApp(page, path);
  const others = page.locator('[data-testid="tag"]:not(.gx-tag-active) [data-testid="tag-close"]');
  while (await others.count()) await others.first().click();
}

/** Moves the running console to a page as its menu does (no reload), keeping the tabs already open. */
export async function moveInApp(page: Page, path: string): Promise<void> {
  const pathname = path.split('?')[0];
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname === pathname);
  // The page's tab is drawn and active: the console has handled the move (the previous tab is no longer active).
  await page.locator(`[data-testid="tag"].gx-tag-active[data-path="${pathname}"]`).waitFor();
}
