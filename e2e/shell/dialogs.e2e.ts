import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Code, type PersonalDataDetailAnswer, type PersonnelSelectAnswer } from '@gx/contract';
import { useBrowserFixture } from '../support/fixture';
import { clickInStillDialog, clickWhenIdle, staysOpen, trackRequests, untilStill } from '../support/conditions';
import { api, createUser, GIF_1PX, ok, openConsole, PNG_1PX, signIn, toastWith, USER_PASSWORD } from './support';

/** Issue 3 point 6: the shell's dialogs against the real server (SPEC §2 Dialogs, §4, §5). */
describe('shell dialogs (Chromium)', () => {
  const shell = useBrowserFixture();

  const openFromUserMenu = async (page: Page, item: string) => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: item }).click();
    // Used once it has stopped zooming in: a click computed mid-motion lands beside the moving button.
    await untilStill(page.locator('.ant-modal-wrap:visible, .ant-drawer-open').last());
  };
  const modal = (page: Page, testId: string) => page.locator('.ant-modal').filter({ has: page.getByTestId(testId) });
  const detailOf = (token: string) => ok<PersonalDataDetailAnswer>(shell.url, '/admin/system/personal_data', { method: 'detail' }, token);
  /** Resolves when the profile is read again (SPEC §4: after a refused join, create, handover or branding save). */
  const profileReload = (page: Page) =>
    page.waitForRequest((r) => r.url().endsWith('/v3/admin/system/personal_data') && (r.postData() ?? '').includes('"detail"'));

  describe('personal data', () => {
    it('shows the previous sign-in\'s time and IP read-only, edits name, gender and company, and uploads an avatar', async () => {
      const pat = await createUser(shell.url, shell.admin, { username: 'pat', nickname: 'Pat', cellphone: '13800138000' });
      const first = await detailOf(pat.token);
      expect([first.detail.mtime, first.detail.loginip]).toEqual([null, '']);
      // Signed in again: "last sign-in" is the first session, not the one in use (as on the dashboard).
      const again = await signIn(shell.url, 'pat', USER_PASSWORD);
      const { context, page } = await openConsole(shell.browser, shell.url, again, { language: 'en' });
      await openFromUserMenu(page, 'Personal data');
      const dialog = modal(page, 'profile-form');
      const previous = (await detailOf(again)).detail.mtime;
      expect(previous).not.toBeNull();
      await expect(dialog.getByTestId('profile-last-login').textContent()).resolves.toMatch(/^20\d\d-\d\d-\d\d \d\d:\d\d:\d\d$/);
      await expect(dialog.getByTestId('profile-last-ip').textContent()).resolves.toBe('127.0.0.1');
      await expect(dialog.getByTestId('profile-phone').inputValue()).resolves.toBe('13800138000');
      await expect(dialog.getByTestId('profile-phone').isDisabled()).resolves.toBe(true);
      await dialog.getByTestId('profile-name').fill('Pat Lee');
      await dialog.getByLabel('Female').check();
      await dialog.getByTestId('profile-company').fill('ACME Networks');
      await dialog.getByTestId('profile-avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
      await dialog.getByTestId('profile-avatar-preview').waitFor();
      await page.getByTestId('profile-submit').click();
      await toastWith(page, 'Operation succeeded').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('user-menu').getByText('Pat Lee').waitFor();
      await expect(page.getByTestId('user-menu').locator('img').getAttribute('src')).resolves.toMatch(/^\/uploads\/\d+\/[\w-]+\.png$/);
      const { detail } = await detailOf(pat.token);
      expect([detail.nickname, detail.sex, detail.company_name, detail.cellphone]).toEqual(['Pat Lee', 0, 'ACME Networks', '13800138000']);
      const avatar = await fetch(`${shell.url}${detail.photo}`);
      expect([avatar.status, avatar.headers.get('content-type')]).toEqual([200, 'image/png']);
      await context.close();
    });

    it('refuses images that are not JPEG/PNG, or of 10 MB and more, before sending them', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'zh_CN' });
      let uploads = 0;
      page.on('request', (r) => (r.postData() ?? '').includes('name="photo"') && (uploads += 1));
      await openFromUserMenu(page, '个人资料');
      const input = modal(page, 'profile-form').getByTestId('profile-avatar-input');
      await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: GIF_1PX });
      await toastWith(page, '图片只能是 JPG 或 PNG 格式').waitFor();
      const big = Buffer.concat([PNG_1PX, Buffer.alloc(10 * 1024 * 1024)]);
      await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
      await page.locator('.ant-message-notice', { hasText: '图片大小不能超过 10MB' }).waitFor();
      await expect(modal(page, 'profile-form').getByTestId('profile-avatar-preview').count()).resolves.toBe(0);
      expect(uploads).toBe(0);
      await context.close();
    });

    it('binds WeChat through the authorisation page and /wxlogin, shows the nickname, then unbinds it', async () => {
      const wei = await createUser(shell.url, shell.admin, { username: 'wei', nickname: 'Wei' });
      const { context, page } = await openConsole(shell.browser, shell.url, wei.token, { language: 'en' });
      await openFromUserMenu(page, 'Personal data');
      const dialog = modal(page, 'profile-form');
      await expect(dialog.getByTestId('wechat-nickname').textContent()).resolves.toBe('Not bound');
      await dialog.getByTestId('wechat-bind').click();
      // The local provider's authorisation page sends the browser straight back with a code.
      await page.waitForURL(/\/dashboard$/);
      await toastWith(page, /^WeChat bound: WeChat [0-9a-f]{6}$/).waitFor();
      const bound = (await detailOf(wei.token)).detail.we_chart?.nickname ?? '';
      expect(bound).toMatch(/^WeChat [0-9a-f]{6}$/);
      await openFromUserMenu(page, 'Personal data');
      await expect(dialog.getByTestId('wechat-nickname').textContent()).resolves.toBe(bound);
      await expect(dialog.getByTestId('wechat-bind').textContent()).resolves.toBe('Replace');
      await clickInStillDialog(dialog.getByTestId('wechat-unbind'));
      const confirm = page.locator('.ant-popconfirm:visible');
      await untilStill(confirm);
      await confirm.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => dialog.getByTestId('wechat-nickname').textContent()).toBe('Not bound');
      expect((await detailOf(wei.token)).detail.we_chart).toBeNull();
      await context.close();
    });

    it('opens by itself and cannot be closed while the profile is incomplete, until a name is saved', async () => {
      const blank = await createUser(shell.url, shell.admin, { username: 'blank' });
      const { context, page } = await openConsole(shell.browser, shell.url, blank.token, { language: 'zh_CN' });
      const dialog = modal(page, 'profile-form');
      await dialog.getByTestId('profile-incomplete').getByText('请完善用户信息').waitFor();
      await page.locator('.ant-message-notice', { hasText: '请完善用户信息' }).waitFor();
      await expect(dialog.locator('.ant-modal-close').count()).resolves.toBe(0);
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 400);
      await staysOpen(dialog);
      await page.getByTestId('profile-submit').click();
      await dialog.getByText('请输入姓名').waitFor();
      await dialog.getByTestId('profile-name').fill('Blank No More');
      await clickWhenIdle(page.getByTestId('profile-submit'));
      await dialog.waitFor({ state: 'hidden' });
      expect((await detailOf(blank.token)).complete).toBe(0);
      const requests = trackRequests(page);
      await page.reload();
      await page.getByTestId('navbar').waitFor();
      await requests.settled();
      await expect(page.getByTestId('profile-form').count()).resolves.toBe(0);
      await context.close();
    });
  });

  it('a dialog zooms in only for people who have not asked their system for reduced motion', async () => {
    const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en' });
    // Records the animating classes antd puts on a dialog while it opens (rc-motion's -start and -active steps; its
    // -prepare step runs either way, for one frame, to place the dialog).
    const motionWhileOpening = async () => {
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as { __motion?: string[] }).__motion = seen;
        new MutationObserver((changes) => {
          const motion = (el: Element) => [...el.classList].filter((k) => /-(appear|enter)-(start|active)$/.test(k));
          for (const c of changes) {
            const els = [c.target, ...c.addedNodes].filter((n): n is Element => n instanceof Element);
            for (const el of els.flatMap((e) => [e, ...e.querySelectorAll('*')])) {
              if (el.closest('.ant-modal-root')) seen.push(...motion(el));
            }
          }
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
      });
      await openFromUserMenu(page, 'Change password');
      const seen = await page.evaluate(() => (window as { __motion?: string[] }).__motion ?? []);
      await page.keyboard.press('Escape');
      await page.locator('.ant-modal-wrap:visible').waitFor({ state: 'hidden' });
      return seen;
    };
    // The browser of every test asks for reduced motion: the dialog appears where it will stay, at once.
    expect(await motionWhileOpening()).toEqual([]);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect((await motionWhileOpening()).length).toBeGreaterThan(0);
    await context.close();
  });

  it('change password: SPEC §5 rules, a wrong original, hashed passwords, and success signing the other sessions out', async () => {
    await createUser(shell.url, shell.admin, { username: 'carol', nickname: 'Carol' });
    const mine = await signIn(shell.url, 'carol', USER_PASSWORD);
    const elsewhere = await signIn(shell.url, 'carol', USER_PASSWORD);
    const other = await openConsole(shell.browser, shell.url, await signIn(shell.url, 'carol', USER_PASSWORD), { language: 'en' });
    const { context, page } = await openConsole(shell.browser, shell.url, mine, { language: 'en' });
    await openFromUserMenu(page, 'Change password');
    const dialog = modal(page, 'password-form');
    const submit = () => clickWhenIdle(page.getByTestId('password-submit'));
    await page.getByTestId('password-submit').click();
    await dialog.getByText('Please enter the original password').waitFor();
    await dialog.getByText('Please enter the new password', { exact: true }).waitFor();
    await dialog.getByText('Please enter the new password again').waitFor();
    await dialog.getByTestId('password-new').fill('abc');
    await dialog.getByText('Password cannot be less than 6 digits').waitFor();
    await dialog.getByTestId('password-new').fill('abcdefgh');
    await dialog.locator('.ant-form-item-explain-error', { hasText: 'Password: 6-18 characters' }).waitFor();
    await dialog.getByTestId('password-new').fill('NewPass#2024');
    await dialog.getByTestId('password-confirm').fill('NewPass#2025');
    await dialog.getByText('The two passwords entered are inconsistent').waitFor();
    await dialog.getByTestId('password-confirm').fill('NewPass#2024');
    await dialog.getByTestId('password-old').fill('wrong-old-1');
    await submit();
    await dialog.locator('.ant-form-item-explain-error', { hasText: /original password is incorrect|Incorrect username or password/ }).waitFor();

    const sent = page.waitForRequest((r) => (r.postData() ?? '').includes('change_password'));
    await dialog.getByTestId('password-old').fill(USER_PASSWORD);
    await submit();
    const body = JSON.parse((await sent).postData() ?? '{}') as Record<string, string>;
    expect(body['password']).toMatch(/^[0-9a-f]{32}$/);
    expect(body['new_password']).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(body)).not.toContain('NewPass');
    await toastWith(page, 'Operation succeeded').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // This session goes on; every other one is signed out (1005), and an open console there returns to login.
    expect((await api(shell.url, '/admin/index/info', {}, mine)).code).toBe(Code.OK);
    expect((await api(shell.url, '/admin/index/info', {}, elsewhere)).code).toBe(Code.SESSION_REVOKED);
    await other.page.reload();
    await other.page.waitForURL(/\/login/);
    await expect(signIn(shell.url, 'carol', 'NewPass#2024')).resolves.toMatch(/^[\w-]{20,}$/);
    await other.context.close();
    await context.close();
  });

  describe('leave inheritance', () => {
    beforeAll(async () => {
      for (let i = 1; i <= 52; i += 1) await createUser(shell.url, shell.admin, { username: `staff${i}`, nickname: `Staff ${String(i).padStart(2, '0')}` });
      await createUser(shell.url, shell.admin, { username: 'leaver', nickname: 'Leaver Lee' });
      await createUser(shell.url, shell.admin, { username: 'heir', nickname: 'Heir Han' });
    });

    it('pickers show the first 50 with a hint, filter by name, and hand the leaver over', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en' });
      await openFromUserMenu(page, 'Leave inheritance');
      const dialog = modal(page, 'succession-form');
      await page.getByTestId('succession-submit').click();
      await dialog.getByText('Please choose the leaving employee').waitFor();
      await dialog.getByText('Please choose the inheritor').waitFor();

      await dialog.getByTestId('succession-quit').click();
      const hint = page.getByTestId('succession-quit-more');
      await expect(hint.textContent()).resolves.toBe('Only the first 50 are shown; type a name to refine');
      // Chosen once the server's filtered answer has replaced the first 50 (a click on the list being replaced can
      // miss and leave the dropdown open over the submit button), and the dropdown has closed.
      const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
      await page.keyboard.type('Leaver');
      await expect.poll(() => options.allTextContents()).toEqual(['Leaver Lee']);
      await page.keyboard.press('Enter');
      await expect.poll(() => options.count()).toBe(0);
      await dialog.getByTestId('succession-inherit').click();
      await page.keyboard.type('heir');
      await expect.poll(() => options.allTextContents()).toEqual(['Heir Han']);
      await page.keyboard.press('Enter');
      await expect.poll(() => options.count()).toBe(0);
      await clickWhenIdle(page.getByTestId('succession-submit'));
      await toastWith(page, 'Operation succeeded').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const left = await ok<PersonnelSelectAnswer>(shell.url, '/admin/system/webmaster', { method: 'form_select', keyword: 'Leaver' }, shell.admin);
      expect(left.warden).toEqual([]);
      await context.close();
    });

    it('a refused handover closes the dialog and reloads the profile', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en' });
      await openFromUserMenu(page, 'Leave inheritance');
      const dialog = modal(page, 'succession-form');
      for (const picker of ['succession-quit', 'succession-inherit']) {
        await dialog.getByTestId(picker).click();
        await page.keyboard.type('Staff 07');
        // Wait for the server's filtered answer to replace the unfiltered list before choosing.
        const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
        await expect.poll(() => options.allTextContents()).toEqual(['Staff 07']);
        await page.keyboard.press('Enter');
      }
      const reloaded = profileReload(page);
      await clickWhenIdle(page.getByTestId('succession-submit'));
      await toastWith(page, /^The leaving employee and the inheritor must be different people/).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await reloaded;
      await context.close();
    });
  });

  describe('organisations', () => {
    it('the drawer creates an organisation (reload into it), another user joins it by code and switches to it (reload)', async () => {
      const olive = await createUser(shell.url, shell.admin, { username: 'olive', nickname: 'Olive' });
      const { context, page } = await openConsole(shell.browser, shell.url, olive.token, { language: 'zh_CN' });
      await page.getByTestId('organization-button').click();
      const drawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('organization-create') });
      await drawer.getByTestId('organization-item').filter({ hasText: 'Platform' }).getByText('当前').waitFor();
      await page.getByTestId('organization-create').click();
      await page.getByTestId('create-org-name').fill('Olive Networks');
      let reloaded = page.waitForEvent('load');
      await page.getByTestId('create-org-submit').click();
      await reloaded;
      await page.getByTestId('organization-button').getByText('Olive Networks').waitFor();
      await page.getByTestId('organization-button').click();
      const code = (await drawer.getByTestId('organization-item').filter({ hasText: 'Olive Networks' }).getByTestId('organization-invite-code').textContent()) ?? '';
      expect(code).toMatch(/^\w{6,}$/);
      await context.close();

      const joe = await createUser(shell.url, shell.admin, { username: 'joe', nickname: 'Joe' });
      const second = await openConsole(shell.browser, shell.url, joe.token, { language: 'en' });
      const p2 = second.page;
      await p2.getByTestId('organization-button').click();
      await p2.getByTestId('organization-join').click();
      await p2.getByTestId('join-code').fill(code.toLowerCase());
      await p2.getByTestId('join-submit').click();
      await toastWith(p2, 'Operation succeeded').waitFor();
      const item = p2.getByTestId('organization-item').filter({ hasText: 'Olive Networks' });
      await item.waitFor();
      reloaded = p2.waitForEvent('load');
      await item.getByTestId('organization-switch').click();
      await reloaded;
      await p2.getByTestId('organization-button').getByText('Olive Networks').waitFor();
      expect((await detailOf(joe.token)).or?.name).toBe('Olive Networks');
      await second.context.close();
    });

    it('a refused join, or a create that fails, closes the dialog and reloads the profile', async () => {
      const { context, page } = await openConsole(shell.browser, shell.url, shell.admin, { language: 'en' });
      await page.getByTestId('organization-button').click();
      await page.getByTestId('organization-join').click();
      await page.getByTestId('join-code').fill('NO-SUCH-CODE');
      let reloaded = profileReload(page);
      await page.getByTestId('join-submit').click();
      await toastWith(page, 'The invitation code is invalid').waitFor();
      await modal(page, 'join-code').waitFor({ state: 'hidden' });
      await reloaded;

      // The create call never reaches the server: a network failure is a failure too.
      await page.route('**/v3/admin/system/organization', (route) => ((route.request().postData() ?? '').includes('"form"') ? route.abort() : route.continue()));
      await page.getByTestId('organization-create').click();
      await page.getByTestId('create-org-name').fill('Never made');
      reloaded = profileReload(page);
      await page.getByTestId('create-org-submit').click();
      await modal(page, 'create-org-name').waitFor({ state: 'hidden' });
      await reloaded;
      await context.close();
    });
  });
});
