import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from './support/server';
import { loginThroughForm, newContext } from './support/browser';
import { useBrowserFixture } from './support/fixture';
import { seriousViolations } from './support/axe';
import { expectChineseFonts } from './support/fonts';

describe('signing in (Chromium)', () => {
  const f = useBrowserFixture();

  it('opening the site root without a session leads to the login page', async () => {
    const ctx = await newContext(f.browser);
    const page = await ctx.newPage();
    const res = await page.goto(`${f.url}/`);
    expect(res?.headers()['content-type']).toContain('text/html');
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByTestId('login-username').waitFor();
    await ctx.close();
  });

  it('draws its Chinese with a Chinese font, on a machine that has none of its own too', async () => {
    const ctx = await newContext(f.browser, { locale: 'zh-CN' });
    const page = await ctx.newPage();
    await page.goto(`${f.url}/login`);
    const title = page.locator('.gx-login-brand h1');
    await title.getByText('融合通信云平台').waitFor();
    // The semibold title: Chromium once drew it in Liberation Sans Bold's boxes with a Chinese font loaded.
    await expectChineseFonts(ctx, page, '.gx-login-brand h1');
    await ctx.close();
  });

  it('the administrator signs in and lands on /dashboard', async () => {
    const ctx = await newContext(f.browser);
    const page = await ctx.newPage();
    await loginThroughForm(page, f.url, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard').waitFor({ state: 'visible' });
    const cookies = await ctx.cookies();
    expect(cookies.some((c) => c.name === 'gx-token' && c.value.length > 20)).toBe(true);
    await ctx.close();
  });

  it('an unauthenticated visit keeps the original path as redirect and returns there after login', async () => {
    const ctx = await newContext(f.browser);
    const page = await ctx.newPage();
    await page.goto(`${f.url}/system/user?tab=2`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/system/user?tab=2');
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/system\/user\?tab=2$/);
    await ctx.close();
  });

  it('a wrong password shows the bad-credentials message and stays on /login', async () => {
    const ctx = await newContext(f.browser, { locale: 'en-US' });
    const page = await ctx.newPage();
    await loginThroughForm(page, f.url, 'admin', 'wrong-pass1');
    await expect(page.getByText('Login failed. Incorrect username or password.').waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await seriousViolations(page)).toEqual([]);
    await ctx.close();
  });

  it('a password shorter than 6 characters is refused in the form with the spec message', async () => {
    const ctx = await newContext(f.browser, { locale: 'en-US' });
    const page = await ctx.newPage();
    await loginThroughForm(page, f.url, 'admin', 'abc');
    await expect(page.getByText('Password cannot be less than 6 digits').waitFor()).resolves.toBeUndefined();
    // The message is text a person must read: legible on the card (WCAG AA contrast), as is the bad-credentials one.
    expect(await seriousViolations(page)).toEqual([]);
    await ctx.close();
  });

  it('a signed-in user opening /login is sent to /', async () => {
    const ctx = await newContext(f.browser);
    const page = await ctx.newPage();
    await loginThroughForm(page, f.url, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${f.url}/login`);
    await page.waitForURL(/\/dashboard$/);
    await ctx.close();
  });
});
