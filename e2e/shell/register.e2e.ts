import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { newContext } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { useBrowserFixture } from '../support/fixture';

/**
 * Issue 13 point 5: a visitor registers on /register with a phone verified by the (local) SMS provider, lands in the
 * console in no organisation and creates one from the dashboard — on a phone, in English; then signs in with WeChat
 * (the local provider returns straight to /wxlogin), is sent to /wxbindpage and binds that account — in Chinese.
 */
describe('registration and WeChat sign-in (Chromium)', () => {
  const f = useBrowserFixture();
  const PHONE = '13912345678';
  const PASSWORD = 'Harbour#2026';

  /** The code the local provider "sent": it writes each message to the server's log. */
  const sentCode = async () => {
    const re = new RegExp(`to ${PHONE} .*"code":"(\\d{6})"`);
    await expect.poll(() => re.test(f.server.output())).toBe(true);
    return re.exec(f.server.output())![1]!;
  };

  it('registers with an SMS code and creates an organisation from the dashboard, on a phone, in English', async () => {
    const context = await newContext(f.browser, { locale: 'en-US', width: 390, height: 844 });
    const page = await context.newPage();
    try {
      await page.goto(`${f.url}/login`);
      await page.getByTestId('login-register').click();
      await page.waitForURL(/\/register$/);
      const form = page.getByTestId('register-form');
      await form.waitFor();
      expect(await page.title()).toMatch(/^Create an account - /);
      // Nothing sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // The rules say what is wrong before anything is sent.
      await page.getByTestId('register-submit').click();
      await form.getByText('Please enter the username').waitFor();
      await form.getByText('Please read and accept the privacy policy').waitFor();
      await page.getByTestId('register-username').fill('harbour_ops');
      await page.getByTestId('register-password').fill('harbourops');
      await page.getByTestId('register-confirm').fill('harbourops');
      await page.getByTestId('register-submit').click();
      await form.getByText(/Password: 6-18 characters/).first().waitFor();
      await page.getByTestId('register-password').fill(PASSWORD);
      await page.getByTestId('register-confirm').fill(PASSWORD);

      await page.getByTestId('register-phone').fill(PHONE);
      await page.getByTestId('register-send-code').click();
      await form.getByText('Code sent; valid for 5 minutes').waitFor();
      await page.getByTestId('register-send-code').filter({ hasText: /Resend in \d+ s/ }).waitFor();
      // A wrong code is named under its field by the server.
      const code = await sentCode();
      await page.getByTestId('register-sms-code').fill(code === '000000' ? '111111' : '000000');
      await page.getByTestId('register-accept').check();
      await page.getByTestId('register-submit').click();
      await form.getByText('Verification code verification failed').waitFor();
      expect(await page.getByTestId('register-sms-code').getAttribute('aria-invalid')).toBe('true');
      // The terms open in their own tab, so the form stays as it is.
      expect(await form.getByRole('link', { name: 'privacy policy' }).getAttribute('target')).toBe('_blank');

      await page.getByTestId('register-sms-code').fill(code);
      await page.getByTestId('register-submit').click();
      await page.waitForURL(/\/dashboard$/);
      const prompt = page.getByTestId('dashboard-no-organisation');
      await prompt.getByText('You are not in an organisation yet').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await prompt.getByTestId('dashboard-create').click();
      await page.getByTestId('create-org-name').fill('Harbour Networks');
      await page.getByTestId('create-org-submit').click();
      await page.getByTestId('dashboard').getByText('Harbour Networks').waitFor();
      expect(await page.getByTestId('dashboard-no-organisation').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('signs in with WeChat, binds the account on /wxbindpage and lands signed in, in Chinese', async () => {
    const context = await newContext(f.browser, { locale: 'zh-CN' });
    const page = await context.newPage();
    try {
      await page.goto(`${f.url}/login`);
      await page.getByTestId('login-register').waitFor();
      await page.getByTestId('login-wechat').click();
      // The local provider comes straight back to /wxlogin with a code, which belongs to no account yet.
      await page.waitForURL(/\/wxbindpage\?ticket=[0-9a-f]{32}$/);
      const bindPage = page.getByTestId('wxbindpage');
      await bindPage.getByTestId('wxbind-nickname').getByText(/微信账号：WeChat [0-9a-f]{6}/).waitFor();
      expect(await page.title()).toMatch(/^绑定微信 - /);
      expect(await seriousViolations(page)).toEqual([]);

      // A wrong password is refused as at sign-in; the right one binds and signs in.
      await page.getByTestId('wxbind-username').fill('harbour_ops');
      await page.getByTestId('wxbind-password').fill('Wrong#2026');
      await page.getByTestId('wxbind-submit').click();
      await bindPage.getByTestId('wxbind-problem').getByText('登录失败，用户名或密码错误。').waitFor();
      // An error is read as text: in the error colour, legible on the card (WCAG AA).
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('wxbind-password').fill(PASSWORD);
      const ticketUrl = page.url();
      await page.getByTestId('wxbind-submit').click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByTestId('dashboard').getByText('Harbour Networks').waitFor();

      // The account now carries that WeChat.
      const token = (await context.cookies()).find((c) => c.name === 'gx-token')?.value ?? '';
      const detail = await callApi<{ detail: { we_chart: { nickname: string } | null } }>(f.url, '/admin/system/personal_data', { method: 'detail' }, token);
      expect(detail.data?.detail.we_chart?.nickname).toMatch(/^WeChat [0-9a-f]{6}$/);

      // The ticket was used: coming back to it says so, with the way back to sign-in.
      await context.clearCookies();
      await page.goto(ticketUrl);
      await page.getByTestId('wxbind-expired').getByText('微信登录已过期或已使用，请返回登录页重新扫码。').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('wxbindpage').getByRole('link', { name: '返回登录' }).click();
      await page.waitForURL(/\/login$/);
    } finally {
      await context.close();
    }
  });
});
