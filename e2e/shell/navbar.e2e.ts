import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxInform } from '@gx/contract';
import { useBrowserFixture } from '../support/fixture';
import { clickWhenIdle, fetched, untilStill } from '../support/conditions';
import { CONSOLE_CONFIG } from './consoleConfig';
import { createUser, ok, openConsole, pick, publish, toastWith, type Lang } from './support';
import { flowLanguages } from '../support/locales';

/** Issue 3 point 4: the navbar's widgets, each against the real server (SPEC §2 Navbar). */
describe('navbar (Chromium)', () => {
  const shell = useBrowserFixture();
  /** An ordinary user with a hundred unread notifications addressed to them alone. */
  let busy: { id: number; token: string };
  beforeAll(async () => {
    await publish(shell.url, shell.admin, { kind: 'notice', title: 'Maintenance on Saturday 22:00', content: '<p>Planned <b>maintenance</b></p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>' });
    await publish(shell.url, shell.admin, { kind: 'inform', title: 'Gateway GW-1 went offline', content: '<p>GW-1 offline</p>' });
    await publish(shell.url, shell.admin, { kind: 'inform', title: 'Upgrade campaign finished', content: '<p>All devices upgraded</p>' });
    busy = await createUser(shell.url, shell.admin, { username: 'busy', nickname: 'Busy Bee' });
    // Twenty at a time: one after the other, the hundred round trips were most of this file's setup. Their order
    // does not matter (only the count is shown).
    const alarms = Array.from({ length: 100 }, (_, i) => i + 1);
    for (let i = 0; i < alarms.length; i += 20) {
      await Promise.all(alarms.slice(i, i + 20).map((n) => publish(shell.url, shell.admin, { kind: 'inform', title: `Alarm ${n}`, audience: 'users', targets: [busy.id] })));
    }
  });

  describe.each(flowLanguages<Lang>('zh_CN', 'en'))('in %s', (language: Lang) => {
    it('the breadcrumb starts at the dashboard and follows the route', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language, path: '/system/user' });
      const crumbs = page.getByTestId('breadcrumb').locator('.ant-breadcrumb-link, li > span:not(.ant-breadcrumb-separator)');
      await page.getByTestId('breadcrumb').getByText(pick(language, '用户管理', 'Users')).waitFor();
      const text = (await page.getByTestId('breadcrumb').innerText()).replace(/\s+/g, '');
      expect(text).toBe(pick(language, '首页/系统管理/用户管理', 'Dashboard/System/Users'));
      expect(await crumbs.count()).toBeGreaterThan(0);
      await page.getByTestId('breadcrumb').getByText(pick(language, '首页', 'Dashboard')).click();
      await page.waitForURL(/\/dashboard$/);
      await context.close();
    });

    it('menu search finds pages by title or path and opens the choice', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language });
      const search = async (query: string, choice: string) => {
        await page.getByTestId('header-search').click();
        // The box loads on first use; type once it has focus.
        await page.locator('.gx-header-search input').waitFor();
        await page.keyboard.type(query);
        await page.locator(`.ant-select-item-option[title="${choice}"]`).click();
      };
      await search(pick(language, '角色', 'Roles'), pick(language, '系统管理 > 角色管理', 'System > Roles'));
      await page.waitForURL(/\/system\/role$/);
      await search('operation-log', pick(language, '系统管理 > 操作日志', 'System > Operation log'));
      await page.waitForURL(/\/system\/operation-log$/);
      await context.close();
    });

    it('the complaints dialog requires content, counts characters and sends it', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language });
      await page.getByTestId('suggestion-button').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('suggestion-form') });
      await dialog.getByText('0 / 99999').waitFor();
      // Clicked once the dialog has stopped zooming in: a click computed mid-motion lands beside the moving button.
      await untilStill(dialog);
      await page.getByTestId('suggestion-submit').click();
      await dialog.getByText(pick(language, '请输入内容', 'Please enter the content')).waitFor();
      const content = `The map page is slow (${language})`;
      await page.getByTestId('suggestion-content').fill(content);
      await dialog.getByText(`${content.length} / 99999`).waitFor();
      // Submit buttons are debounced (SPEC §9, 800 ms): a second click sooner would count as the same click.
      await clickWhenIdle(page.getByTestId('suggestion-submit'));
      await toastWith(page, pick(language, '操作成功', 'Operation succeeded')).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const list = await ok<{ list: { content: string }[] }>(shell.url, '/admin/boos/warden_proposal', { method: 'list' }, shell.admin);
      expect(list.list.map((s) => s.content)).toContain(content);
      await context.close();
    });
  });

  it('the large-screen dropdown links the big-data and TV dashboards, each in a new tab', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en' });
    await page.getByTestId('large-screen-menu').click();
    const bigData = page.getByTestId('large-screen-bigData');
    await bigData.waitFor();
    await expect(bigData.textContent()).resolves.toBe('Big data dashboard');
    await expect(bigData.getAttribute('href')).resolves.toBe('/screenhome');
    await expect(bigData.getAttribute('target')).resolves.toBe('_blank');
    await expect(page.getByTestId('large-screen-tvScreen').getAttribute('href')).resolves.toBe('/tvscreenhome');
    await context.close();
  });

  it('the app-download and technical-support QR codes are drawn in the browser for the default brand', async () => {
    const { context, page, origin } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'zh_CN', theme: 'dark' });
    await page.getByTestId('qr-appDownload-button').hover();
    const app = page.getByTestId('qr-appDownload');
    await app.locator('canvas').waitFor();
    await expect(app.getAttribute('data-url')).resolves.toBe(`${origin}/appDownload`);
    await expect(app.textContent()).resolves.toContain('扫码下载 APP');
    await page.getByTestId('qr-support-button').hover();
    const support = page.getByTestId('qr-support');
    await support.locator('canvas').waitFor();
    await expect(support.getAttribute('data-url')).resolves.toBe(`${origin}/workOrder`);
    await context.close();
  });

  it('announcements scroll by, and a title opens its details with the HTML sanitised', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en' });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const item = page.getByTestId('notice-item').filter({ hasText: 'Maintenance on Saturday 22:00' });
    await item.waitFor();
    await expect(page.locator('.gx-notice-track').evaluate((e) => getComputedStyle(e).animationName)).resolves.toBe('gx-marquee');
    // The strip stops under the pointer, so a moving title can be clicked.
    await page.getByTestId('notice-scroller').hover();
    await expect(page.locator('.gx-notice-track').evaluate((e) => getComputedStyle(e).animationPlayState)).resolves.toBe('paused');
    // A title is clicked where it stands: with reduced motion the strip holds still, titles from its left edge (a
    // moving title may be clipped by the strip when the pointer arrives, and a click there lands beside it).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => page.locator('.gx-notice-track').evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
    await item.click();
    const detail = page.getByTestId('notification-detail');
    await detail.getByText('maintenance', { exact: true }).waitFor();
    await expect(detail.locator('script, [onerror]').count()).resolves.toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await detail.getByRole('button', { name: 'Close' }).last().click();
    await detail.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('at 375 px the notifications carousel moves up every 5 s and a title opens its details', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en', theme: 'dark', width: 375, height: 740, clock: true });
    const carousel = page.getByTestId('inform-carousel');
    await carousel.waitFor();
    // Counted on the page's clock, which the test stops and moves, not on the machine's: a busy machine delays the
    // test, never the page's time. React draws after the timer fires; a message through a channel lands after it.
    // (Pausing jumps ahead to a moment of the page's time; one already past by then is asked again, a moment later.)
    for (let tries = 1; ; tries++) {
      try {
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
        break;
      } catch (e) {
        if (tries >= 5 || !String(e).includes('to the past')) throw e;
      }
    }
    const drawn = () => page.evaluate(() => new Promise<void>((resolve) => {
      const c = new MessageChannel();
      c.port1.onmessage = () => resolve();
      c.port2.postMessage(0);
    }));
    const index = async () => {
      await drawn();
      return carousel.getAttribute('data-index');
    };
    const first = await index();
    // The step, found to within 250 ms of the page's time (it comes within 5 s).
    for (let waited = 0; (await index()) === first; waited += 250) {
      expect(waited, 'a step within 5 s').toBeLessThanOrEqual(5_000);
      await page.clock.runFor(250);
    }
    const second = await index();
    expect(second).not.toBe(first);
    // The next comes 5 s after it: not within 4.5 s, and by 5.25 s.
    await page.clock.runFor(4_500);
    expect(await index()).toBe(second);
    await page.clock.runFor(750);
    expect(await index()).not.toBe(second);
    // Time flows again for the details dialog's animation.
    await page.clock.resume();
    await expect(carousel.locator('.gx-inform-track').evaluate((e) => getComputedStyle(e).transform)).resolves.not.toBe('none');
    const current = carousel.locator('li[aria-hidden="false"] [data-testid="inform-item"]');
    const title = (await current.textContent()) ?? '';
    await current.click();
    await page.getByTestId('notification-detail').getByText(title, { exact: true }).first().waitFor();
    await context.close();
  });

  it('at 375 px the bell shows the unread count, capped at 99+', async () => {
    const mine = await openConsole(shell.browser, shell.url, busy.token, { language: 'zh_CN', theme: 'dark', width: 375, height: 740 });
    await mine.page.getByTestId('notification-badge').getByText('99+').waitFor();
    await mine.context.close();
    // Below the cap the badge shows the count itself (the administrator has read some already in other tests).
    const unread = (await ok<InboxInform>(shell.url, '/admin/notification/inbox', { method: 'inform' }, shell.admin)).unread;
    expect(unread).toBeGreaterThan(0);
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'zh_CN', width: 375, height: 740 });
    await page.locator(`[data-testid="notification-badge"] .ant-badge-count[title="${unread}"]`).getByText(String(unread)).first().waitFor();
    await context.close();
  });

  it('the user menu: dashboard, personal data, clear cache with a tip, change password, leave inheritance for administrators, log out', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en', path: '/system/user' });
    await page.evaluate(() => {
      localStorage.setItem('probe', '1');
      sessionStorage.setItem('probe', '1');
    });
    await page.getByTestId('user-menu').click();
    const items = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(['Dashboard', 'Personal data', 'Clear cache', 'Change password', 'Leave inheritance', 'Log out']);
    await page.getByRole('menuitem', { name: 'Clear cache' }).click();
    await toastWith(page, 'Cache cleared').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('probe'), sessionStorage.getItem('probe')])).toEqual([null, null]);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();

    // An ordinary user has no leave inheritance, and no page configuration off a custom domain.
    const user = await openConsole(shell.browser, shell.url, busy.token, { language: 'en' });
    await user.page.getByTestId('user-menu').click();
    const theirs = user.page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
    await theirs.first().waitFor();
    expect(await theirs.allTextContents()).toEqual(['Dashboard', 'Personal data', 'Clear cache', 'Change password', 'Log out']);
    await user.context.close();
  });

  it('the version banner shows for the default brand when a newer console is configured, and stays closed once closed', async () => {
    const plain = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en' });
    await plain.page.getByTestId('navbar').waitFor();
    await fetched(plain.page, 'console-config.json');
    await expect(plain.page.getByTestId('version-banner').count()).resolves.toBe(0);
    await plain.context.close();

    const context = await shell.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.route('**/console-config.json', (route) => route.fulfill({ json: { ...CONSOLE_CONFIG, newVersionUrl: 'https://v2.console.invalid/' } }));
    await context.addCookies([{ name: 'gx-token', value: shell.admin, url: shell.url }, { name: 'language', value: 'en', url: shell.url }]);
    const page = await context.newPage();
    await page.goto(`${shell.url}/dashboard`);
    const banner = page.getByTestId('version-banner');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain('A new version of the console is available.');
    await expect(page.getByTestId('version-banner-link').getAttribute('href')).resolves.toBe('https://v2.console.invalid/');
    await expect(page.getByTestId('version-banner-link').getAttribute('target')).resolves.toBe('_blank');
    await page.getByTestId('version-banner-close').click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('navbar').waitFor();
    await fetched(page, 'console-config.json');
    await expect(banner.count()).resolves.toBe(0);
    await context.close();
  });
});
