import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { openInApp } from '../support/navigate';
import { seriousViolations } from '../support/axe';
import { clickInStillDialog, chooseOption } from '../support/conditions';
import { fillField, openRow, submitForm } from '../system/support';
import { flowLanguages } from '../support/locales';

/** The words the flow reads, per console language. */
const TEXTS = {
  'zh-CN': { prizesTab: '奖品', refused: '奖品概率之和必须正好为 100%', none: '谢谢参与', won: '抽中了', lost: '未中奖' },
  'en-US': { prizesTab: 'Prizes', refused: "The prizes' probabilities must add up to exactly 100%", none: 'Thanks for taking part', won: 'won "', lost: 'won nothing' },
} as const;

/** Types a date and time into an antd date picker field of the open form and confirms it. */
async function fillDateTime(page: Page, name: string, value: string): Promise<void> {
  const input = page.getByTestId('resource-form').locator(`input[data-testid="field-${name}"], [data-testid="field-${name}"] input`).first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/**
 * Marketing: configure a prize draw as an operator does (zh-CN; both languages with E2E_LOCALES=all,
 * support/locales.ts) — create the draw, give it prizes whose probabilities are refused until they add up to 100 %,
 * enable it and draw once.
 */
describe('prize draw (Chromium, 1440×900)', () => {
  const f = useBrowserFixture();

  for (const locale of flowLanguages('zh-CN', 'en-US')) {
    it(`configures, enables and draws, ${locale}`, async () => {
      const text = TEXTS[locale];
      const pageErrors: string[] = [];
      const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/oa/prize' });

      const name = `Blind box ${locale}`;
      await page.getByTestId('resource-table').waitFor();
      await page.getByTestId('toolbar-add').click();
      await fillField(page, 'name', name);
      await fillDateTime(page, 'starts_at', '2026-01-01 00:00:00');
      await fillDateTime(page, 'ends_at', '2099-12-31 00:00:00');
      await fillField(page, 'draw_limit', '5');
      await submitForm(page);

      const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: name });
      await openRow(page, row, 'detail');
      const detail = page.getByTestId('resource-detail');
      await detail.getByRole('tab', { name: text.prizesTab }).click();
      const editor = detail.getByTestId('prize-editor');
      await editor.waitFor();

      await editor.getByTestId('prize-add').click();
      await editor.getByTestId('prize-add').click();
      await editor.getByTestId('prize-name-0').fill('Mug');
      await editor.getByTestId('prize-stock-0').fill('10');
      await editor.getByTestId('prize-weight-0').fill('30');
      await editor.getByTestId('prize-name-1').fill(text.none);
      await editor.getByTestId('prize-kind-1').click();
      await chooseOption(page, text.none);
      await editor.getByTestId('prize-weight-1').fill('60');
      await editor.getByTestId('prize-total').filter({ hasText: '90.00%' }).waitFor();

      // 30 % + 60 %: refused, naming the prizes, and nothing saved.
      await editor.getByTestId('prize-save').click();
      await editor.getByTestId('prize-refusal').filter({ hasText: text.refused }).waitFor();
      const id = (await callApi<{ list: { id: number; name: string; prize_count: number }[] }>(f.url, '/admin/boos/marketing/prize_settings',
        { method: 'list', name }, f.admin)).data!.list[0]!;
      expect(id.prize_count).toBe(0);

      await editor.getByTestId('prize-weight-0').fill('40');
      await editor.getByTestId('prize-total').filter({ hasText: '100.00%' }).waitFor();
      await editor.getByTestId('prize-save').click();
      await editor.getByTestId('prize-refusal').waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'hidden' });
      const saved = await callApi<{ prize_count: number; weight_total: number }>(f.url, '/admin/boos/marketing/prize_settings', { method: 'detail', id: id.id }, f.admin);
      expect(saved.data).toMatchObject({ prize_count: 2, weight_total: 100 });
      // The list shows the completed set: its probabilities add up to 100.
      await row.locator('td', { hasText: /^100$/ }).waitFor();

      await openRow(page, row, 'enable');
      await clickInStillDialog(page.getByTestId('confirm-ok'));
      await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
      await openRow(page, row, 'draw');
      const action = page.getByTestId('action-form');
      await action.getByTestId('field-participant').fill('13800000000');
      // The dialog zooms in: a click computed mid-zoom can land on the mask, which closes it (onCancel).
      await clickInStillDialog(page.getByTestId('action-form-submit'));
      const result = page.getByTestId('draw-result');
      await result.getByText('13800000000').waitFor();
      const said = await result.innerText();
      expect(said.includes(text.won) || said.includes(text.lost), said).toBe(true);

      const prizes = await callApi<{ name: string; weight: number }[]>(f.url, '/admin/boos/marketing/prize_settings', { method: 'prizes', id: id.id }, f.admin);
      expect(prizes.data?.map((p) => [p.name, p.weight])).toEqual([['Mug', 40], [text.none, 60]]);
      expect(pageErrors).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it('draws the invitation chart from one statistics call, loading ECharts only there, in both themes; the orders chart too', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const invitee of ['Guest one', 'Guest two']) {
      const r = await callApi(f.url, '/admin/boos/marketing/invitation_statistics',
        { method: 'add', inviter_id: 1, invitee, invited_at: `${today}T06:00:00Z` }, f.admin);
      expect(r.code).toBe(200);
    }
    const scripts: string[] = [];
    const statsCalls: string[] = [];
    // Pages after the first are opened in the running console, as the menu does, so every chart script the walk
    // loads is one the console fetched on the way.
    const { context, page } = await signedInPage(f, {
      locale: 'en-US', width: 1440, height: 900, at: '/oa/prize',
      watch: (p) => p.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
        if ((r.postData() ?? '').includes('"statistics"')) statsCalls.push(r.url());
      }),
    });
    await page.getByTestId('resource-table').waitFor();
    expect(scripts.filter((u) => /InvitationChart|DailyChart|EChart/.test(u))).toEqual([]);

    await openInApp(page, '/oa/invitation');
    await page.getByTestId('invitation-chart-days').locator('canvas').first().waitFor();
    await page.getByTestId('invitation-total').filter({ hasText: '2' }).waitFor();
    expect(scripts.filter((u) => u.includes('InvitationChart')).length).toBe(1);
    expect(statsCalls.length).toBe(1);
    await page.getByTestId('theme-switch').click();
    await page.locator('[data-testid="invitation-chart-days"][data-theme="dark"] canvas').first().waitFor();
    await page.locator('[data-testid="invitation-chart-inviters"][data-theme="dark"] canvas').first().waitFor();
    await page.getByTestId('theme-switch').click();
    await page.locator('[data-testid="invitation-chart-days"][data-theme="light"] canvas').first().waitFor();

    // The orders page charts orders and their amounts the same way.
    const pkg = await callApi<{ id: number }>(f.url, '/admin/marketing/package', { method: 'add', name: 'Chart package', price_cents: 9990, term_months: 12 }, f.admin);
    expect((await callApi(f.url, '/admin/marketing/order', { method: 'add', package_id: pkg.data!.id, quantity: 2 }, f.admin)).code).toBe(200);
    await openInApp(page, '/marketing/order');
    await page.getByTestId('orders-chart').locator('canvas').first().waitFor();
    await page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: '¥199.80' }).waitFor();
    await context.close();
  }, 120_000);

  it('has no serious accessibility violation on any marketing page with the draw in it, in en-US (the sweep reads them in zh-CN)', async () => {
    const found: Record<string, unknown> = {};
    for (const locale of flowLanguages('en-US', 'zh-CN')) {
      const paths = ['/oa/prize', '/oa/prize-win', '/oa/invitation', '/marketing/package', '/marketing/unit-price', '/marketing/order'];
      const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, at: paths[0] });
      for (const path of paths) {
        if (path !== paths[0]) await openInApp(page, path);
        await page.getByTestId('resource-table').waitFor();
        await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
        const v = await seriousViolations(page);
        if (v.length) found[`${locale} ${path}`] = v;
      }
      await context.close();
    }
    expect(found).toEqual({});
  }, 240_000);
});
