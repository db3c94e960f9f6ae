import { describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { useBrowserFixture } from '../support/fixture';
import { rendered } from '../support/conditions';
import { openConsole } from './support';

const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/**
 * Issue 3 point 8: the app update card (SPEC §4 App update). The server serves a copy of the built console; a new
 * deployment is made by changing that copy's service worker, as the next build would.
 */
describe('app update card (Chromium)', () => {
  // The file's own copy of the console, so parallel files never see its deployments.
  const web = mkdtempSync(join(tmpdir(), 'gx-web-'));
  cpSync(dist, web, { recursive: true });
  const shell = useBrowserFixture({
    env: { WEB_DIST: web },
    cleanup: () => rmSync(web, { recursive: true, force: true }),
  });

  let deployments = 0;
  /** A new version of the console: its service worker differs, so the browser installs it and lets it wait. */
  const deploy = () => {
    deployments += 1;
    rmSync(join(web, 'sw.js.br'), { force: true });
    rmSync(join(web, 'sw.js.gz'), { force: true });
    appendFileSync(join(web, 'sw.js'), `\n// deployment ${deployments}\n`);
  };
  const checkForUpdate = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  /** The first visit installs the worker; from the next load on it controls the page, so a newer one has to wait. */
  const controlledByWorker = async (page: Page) => {
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state))
      .toBe('activated');
    await page.reload();
    await page.getByTestId('layout').waitFor();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  };

  it('when a new version waits, the card offers Close and Update; Update activates it, clears storage and reloads', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en', serviceWorkers: 'allow' });
    await controlledByWorker(page);
    await expect(page.getByTestId('update-card').count()).resolves.toBe(0);

    deploy();
    await checkForUpdate(page);
    const card = page.getByTestId('update-card');
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('New version found, click Update');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed');
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });

    // The version still waits, so the next load offers it again.
    await page.reload();
    await card.waitFor();
    await page.evaluate(() => {
      localStorage.setItem('probe', 'old version');
      sessionStorage.setItem('probe', 'old version');
    });
    const reloaded = page.waitForEvent('load');
    await card.getByRole('button', { name: 'Update' }).click();
    await reloaded;
    await page.getByTestId('layout').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('probe'), sessionStorage.getItem('probe')])).toEqual([null, null]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    // Nothing newer is deployed: a finished update check leaves the card away.
    await checkForUpdate(page);
    await rendered(page);
    await expect(card.count()).resolves.toBe(0);
    await context.close();
  });

  it('in Chinese the card reads 发现新版本，请点击更新', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'zh_CN', theme: 'dark', width: 375, height: 740, serviceWorkers: 'allow' });
    await controlledByWorker(page);
    deploy();
    await checkForUpdate(page);
    const card = page.getByTestId('update-card');
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('发现新版本，请点击更新');
    await card.getByRole('button', { name: /关\s?闭/ }).waitFor();
    await card.getByRole('button', { name: /更\s?新/ }).waitFor();
    await context.close();
  });
});
