import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { newContext } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { untilStill, chooseOption } from '../support/conditions';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { fillField, submitForm } from '../system/support';
import { flowLanguages } from '../support/locales';
import { expectChineseFonts } from '../support/fonts';

/** What the WeChat menu editor says, per console language, and a link of each run's own (so each run's menu differs from the one published before). */
const MENU_TEXTS = {
  'zh-CN': { site: 'https://example.com/zh', click: '点击事件', tooLong: '内容过长', unpublished: '有未发布的修改', published: /上次发布：/ },
  'en-US': { site: 'https://example.com/en', click: 'Click event', tooLong: 'The content is too long', unpublished: 'There are unpublished changes', published: /Last published:/ },
} as const;

/** The platform organisation the administrator works in on a fresh server. */
const ORG = 1;

/**
 * The portal area: an operator edits and publishes the WeChat menu; a guest on a phone signs in on /wifilogin driven
 * by the portal settings (with the place's ad), and a visitor checks a device serial and an agent — no session.
 */
describe('portal (Chromium)', () => {
  const f = useBrowserFixture({
    async seed(fx) {
      const ok = async (path: string, body: Record<string, unknown>) => {
        const r = await callApi<{ id?: number }>(fx.url, path, body, fx.admin);
        if (r.code !== 200) throw new Error(`${path} ${String(body.method)}: ${r.code} ${r.msg}`);
        return r.data?.id ?? 0;
      };
      await ok('/admin/device/portal', {
        method: 'add', place: '', mode: 'auth', auth_sms: true, auth_one_click: true, terms: 'Be kind to the network.', session_minutes: 120,
      });
      await ok('/admin/device/portal', { method: 'add', place: 'bar', mode: 'auth', auth_sms: false, auth_wechat: true, session_minutes: 30 });
      await ok('/admin/device/portal', { method: 'add', place: 'hall', mode: 'auth', auth_sms: false, auth_voucher: true, session_minutes: 60 });
      await ok('/admin/device/portal', {
        method: 'add', place: 'terrace', mode: 'auth', auth_one_click: true, brand_name: 'Harbour Wi-Fi', logo: `${fx.url}/favicon.svg`,
        background: `${fx.url}/favicon.svg`, terms: '请文明上网。', terms_en: 'Please be kind to the network.',
      });
      await ok('/admin/device/portal/auth_code', {
        method: 'add', batch: 'Hall e2e', count: 3, uses: 1, session_minutes: 45, valid_from: '2020-01-01T00:00:00Z', valid_until: '2099-01-01T00:00:00Z',
      });
      const banner = await ok('/admin/other_business/adv_code', { method: 'add', name: 'Sign-in banner', placement: 'login', cpm_cents: 2000, cpc_cents: 50 });
      const strip = await ok('/admin/other_business/adv_code', { method: 'add', name: 'Online strip', placement: 'success', cpm_cents: 1000 });
      await ok('/admin/other_business/adv_list', {
        method: 'add', title: 'Lobby coffee', slot_id: banner, image: `${fx.url}/favicon.svg`, link: 'https://example.com/coffee', place: 'lobby',
        starts_at: '2020-01-01T00:00:00Z', ends_at: '2099-01-01T00:00:00Z',
      });
      await ok('/admin/other_business/adv_list', {
        method: 'add', title: 'Welcome tea', slot_id: strip, image: `${fx.url}/favicon.svg`, link: 'https://example.com/tea',
        starts_at: '2020-01-01T00:00:00Z', ends_at: '2099-01-01T00:00:00Z',
      });
      await ok('/admin/portal/agent', {
        method: 'add', name: 'East Agent', phone: '13700000001', certificate_no: 'GXAG20260001', region: 'Shanghai',
        valid_from: '2020-01-01T00:00:00Z', valid_to: '2099-01-01T00:00:00Z',
      });
    },
  });

  for (const locale of flowLanguages('zh-CN', 'en-US')) it(`builds and publishes a WeChat menu, ${locale}`, async () => {
    const text = MENU_TEXTS[locale];
    // Each language starts from an empty menu.
    expect((await callApi(f.url, '/admin/other_business/wechat_menu', { method: 'save', button: [] }, f.admin)).code).toBe(200);
    const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, at: '/portal/wechat-menu' });
    const editor = page.getByTestId('wechat-menu');
    await editor.waitFor();
    await page.getByTestId('menu-add-top').click();
    await page.getByTestId('menu-name').fill('官网');
    await page.getByTestId('menu-url').fill(text.site);
    await page.getByTestId('menu-add-top').click();
    await page.getByTestId('menu-name').fill('服务');
    await page.getByTestId('menu-add-sub-1').click();
    await page.getByTestId('menu-name').fill('联系我们');
    await page.getByTestId('menu-type').click();
    await chooseOption(page, text.click);
    await page.getByTestId('menu-key').fill('CONTACT');

    // Too long for WeChat: the server names the field and the editor shows it on that item.
    await page.getByTestId('menu-top-0').click();
    await page.getByTestId('menu-name').fill('一二三四五六');
    await page.getByTestId('menu-save').click();
    await editor.getByText(text.tooLong).waitFor();
    await page.getByTestId('menu-name').fill('官网');

    const saved = page.waitForResponse((r) => r.url().endsWith('/v3/admin/other_business/wechat_menu') && r.request().postData()?.includes('"save"') === true);
    await page.getByTestId('menu-save').click();
    const savedAnswer = await (await saved).json();
    expect(savedAnswer.code, JSON.stringify(savedAnswer)).toBe(200);
    await editor.getByText(text.unpublished).waitFor();
    await page.getByTestId('menu-publish').click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await untilStill(confirm);
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await editor.getByText(text.published).waitFor();
    await expect.poll(() => editor.getByText(text.unpublished).count()).toBe(0);

    const stored = await callApi<{ button: unknown[]; unpublished: boolean }>(f.url, '/admin/other_business/wechat_menu', { method: 'detail' }, f.admin);
    expect(stored.data).toMatchObject({
      unpublished: false,
      button: [{ name: '官网', type: 'view', url: text.site }, { name: '服务', sub_button: [{ name: '联系我们', type: 'click', key: 'CONTACT' }] }],
    });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('draws the guest page\'s Chinese with a Chinese font, on a phone that has none of its own too, zh-CN', async () => {
    const context = await newContext(f.browser, { locale: 'zh-CN', width: 375, height: 812 });
    const page = await context.newPage();
    await page.goto(`${f.url}/wifilogin?org=${ORG}&place=lobby`);
    await page.getByTestId('wifilogin').getByRole('heading', { level: 1, name: /欢迎使用/ }).waitFor();
    await expectChineseFonts(context, page, '[data-testid="wifilogin"] h1');
    await context.close();
  });

  it('lets a guest on a phone sign in on /wifilogin, and anyone check a serial and an agent, en-US, without a session', async () => {
    const context = await newContext(f.browser, { locale: 'en-US', width: 375, height: 812 });
    const page = await context.newPage();
    await page.goto(`${f.url}/wifilogin?org=${ORG}&place=lobby&mac=AA:BB:CC:DD:EE:01&url=${encodeURIComponent('https://example.com/news')}`);
    const portal = page.getByTestId('wifilogin');
    await portal.getByRole('heading', { name: 'Welcome to the Platform Wi-Fi' }).waitFor();
    await portal.getByRole('img', { name: 'Lobby coffee' }).waitFor();
    await page.getByTestId('wifi-phone').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Drawn with the console's base look (its own bundle once came without it: a browser's default serif font, a
    // transparent card and bare buttons).
    expect(await page.evaluate(() => ({
      font: getComputedStyle(document.body).fontFamily,
      card: getComputedStyle(document.querySelector('.gx-public-card')!).backgroundColor,
      button: getComputedStyle(document.querySelector('[data-testid="wifi-login"]')!).backgroundColor,
    }))).toEqual({ font: expect.stringContaining('Segoe UI'), card: 'rgb(255, 255, 255)', button: 'rgb(43, 101, 131)' });

    // The ad opens its link in a new tab and is counted as a click (the advertiser's site answered locally).
    await context.route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Coffee</title>' }));
    const clicks = async () => (await callApi<{ list: { title: string; clicks: number }[] }>(f.url, '/admin/other_business/adv_list', { method: 'list', size: 50 }, f.admin))
      .data?.list.find((r) => r.title === 'Lobby coffee')?.clicks;
    const popup = context.waitForEvent('page');
    await portal.getByRole('link').filter({ has: page.getByRole('img', { name: 'Lobby coffee' }) }).click();
    await (await popup).close();
    await expect.poll(clicks).toBe(1);

    // SMS code: the terms first, then the code the (local) provider sent — it writes it to the server's log.
    const phone = '13800000009';
    await page.getByTestId('wifi-phone').fill(phone);
    await page.getByTestId('wifi-send-code').click();
    await portal.getByText('Code sent; valid for 5 minutes').waitFor();
    await page.getByTestId('wifi-send-code').filter({ hasText: /Resend in \d+ s/ }).waitFor();
    const codeRe = new RegExp(`to ${phone} .*"code":"(\\d{6})"`);
    await expect.poll(() => codeRe.test(f.server.output())).toBe(true);
    const code = codeRe.exec(f.server.output())![1]!;
    await page.getByTestId('wifi-code').fill(code);
    await page.getByTestId('wifi-login').click();
    await portal.getByRole('alert').filter({ hasText: 'Please accept the terms of use first' }).waitFor();
    await page.getByTestId('wifi-accept').check();
    await page.getByTestId('wifi-login').click();
    const success = page.getByTestId('wifilogin-success');
    await success.getByText("You're connected").waitFor();
    await success.getByText('This session lasts 120 minutes').waitFor();
    await page.getByTestId('wifilogin-success-ads').getByRole('img', { name: 'Welcome tea' }).waitFor();
    expect(await success.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('https://example.com/news');

    // One click, elsewhere in the organisation.
    await page.goto(`${f.url}/wifilogin?org=${ORG}`);
    await page.getByTestId('wifi-accept').check();
    await page.getByTestId('wifi-one-click').click();
    await success.getByText("You're connected").waitFor();

    // WeChat through the provider (the local one comes straight back with a code): the page finishes the sign-in.
    await page.goto(`${f.url}/wifilogin?org=${ORG}&place=bar`);
    await page.getByTestId('wifi-wechat').click();
    await page.waitForURL(/\/wifilogin\?code=/);
    await page.getByTestId('wifilogin-success').getByText('This session lasts 30 minutes').waitFor();

    // A voucher printed for the hall, typed in small letters with its dash; a wrong one is named under the field.
    const vouchers = await callApi<{ list: { code: string }[] }>(f.url, '/admin/device/portal/auth_code', { method: 'list', batch: 'Hall e2e' }, f.admin);
    const voucher = vouchers.data!.list[0]!.code;
    await page.goto(`${f.url}/wifilogin?org=${ORG}&place=hall`);
    await page.getByTestId('wifi-voucher').fill('ZZZZZ-ZZZZZ');
    await page.getByTestId('wifi-voucher-login').click();
    await portal.getByText('This voucher code is not valid').waitFor();
    await page.getByTestId('wifi-voucher').fill(`${voucher.slice(0, 5)}-${voucher.slice(5)}`.toLowerCase());
    await page.getByTestId('wifi-voucher-login').click();
    await page.getByTestId('wifilogin-success').getByText('This session lasts 45 minutes').waitFor();

    // A branded place: its headline and logo over its background, and its terms in the guest's language.
    await page.goto(`${f.url}/wifilogin?org=${ORG}&place=terrace`);
    await portal.getByRole('heading', { name: 'Harbour Wi-Fi' }).waitFor();
    expect(await page.getByTestId('wifilogin-logo').getAttribute('src')).toBe(`${f.url}/favicon.svg`);
    expect(await portal.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('/favicon.svg');
    await portal.locator('summary').click();
    await page.getByTestId('wifilogin-terms').getByText('Please be kind to the network.').waitFor();

    // An organisation without a portal says nothing about itself.
    await page.goto(`${f.url}/wifilogin?org=999`);
    await page.getByTestId('wifilogin-unavailable').waitFor();

    await page.goto(`${f.url}/inquiry?serial=NOTOURS001`);
    await page.getByTestId('inquiry-submit').click();
    await page.getByTestId('inquiry-result').getByText('Not an officially certified device').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${f.url}/agents`);
    await page.getByTestId('agents-input').fill('GXAG20260001');
    await page.getByTestId('agents-submit').click();
    const agent = page.getByTestId('agents-result');
    await agent.getByText('Authorised agent').waitFor();
    await agent.getByText('Shanghai').waitFor();
    expect(await agent.textContent()).not.toContain('13700000001');
    expect(await page.title()).toContain('Authorised agent check');

    // The privacy policy, public, in the visitor's language and after a switch.
    await page.goto(`${f.url}/privacypolicy`);
    const policy = page.getByTestId('privacy-policy');
    await policy.getByRole('heading', { name: 'Privacy policy', level: 1 }).waitFor();
    await page.getByTestId('privacy-keep').getByText(/Device telemetry: 30 days/).waitFor();
    expect(await policy.locator('section h2').count()).toBe(6);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.title()).toContain('Privacy policy');

    // The navbar's app-download QR leads here: the console installs from the browser; the address to open.
    await page.goto(`${f.url}/appDownload`);
    await page.getByTestId('app-download').getByRole('heading', { name: 'The console on your phone' }).waitFor();
    expect(await page.getByTestId('app-address').innerText()).toBe(`${f.url}/`);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('prices ad slots and reads their revenue per day as a chart, en-US', async () => {
    // Guests open the lobby's sign-in page: each opening is a view of the banner's ad at ¥20 a thousand.
    for (let i = 0; i < 3; i += 1) expect((await callApi(f.url, '/public/wifilogin', { method: 'config', org: ORG, place: 'lobby' })).code).toBe(200);
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/portal/ad-slots' });
    await page.getByTestId('ad-revenue-chart-card').getByText('Ad revenue').waitFor();
    await page.getByTestId('ad-revenue-chart').locator('canvas').waitFor();
    const list = page.locator('.ant-table-tbody');
    await list.getByText('Sign-in banner').waitFor();
    await list.getByText('Online strip').waitFor();

    // A new slot priced in fen, shown in yuan as it is typed, is saved and listed.
    await page.getByTestId('toolbar-add').click();
    await fillField(page, 'name', 'Footer');
    await fillField(page, 'cpc_cents', '30');
    await page.getByTestId('resource-form').getByText('≈ ¥0.30').waitFor();
    await submitForm(page);
    await list.getByText('Footer').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('prints a batch of vouchers as cards, zh-CN', async () => {
    const { context, page } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, at: '/portal/voucher' });
    await page.getByTestId('voucher-print-batch').fill('Hall e2e');
    await page.getByTestId('voucher-print-open').click();
    const sheet = page.getByTestId('voucher-print');
    // Every usable code of the batch: the e2e guest above may have spent one of the three.
    await expect.poll(() => sheet.getByTestId('voucher-card').count()).toBeGreaterThanOrEqual(2);
    await sheet.getByText('Wi-Fi 上网认证码').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await sheet.getByRole('button', { name: /关\s*闭/ }).click();
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);
});
