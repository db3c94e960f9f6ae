import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { WORK_ORDER_FLOW, canMoveWorkOrder, type WorkOrderEvent, type WorkOrderState } from '@gx/contract';
import { callApi } from '../support/api';
import { seriousViolations } from '../support/axe';
import { untilStill, clickInStillDialog, chooseOption } from '../support/conditions';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { newContext } from '../support/browser';
import { fillField, openRow, openRowMenu, submitForm } from '../system/support';
import { flowLanguages } from '../support/locales';

const WO = '/admin/business/work_order';

/** The words the walk reads, per console language. */
const TEXTS = {
  'en-US': { overdue: 'Overdue', timelineTab: 'Timeline', closed: 'Closed', assigned: 'Assigned' },
  'zh-CN': { overdue: '已超时', timelineTab: '处理记录', closed: '已关闭', assigned: '已分派' },
} as const;

/** Types a date and time into an antd date picker field of the open form and confirms it. */
async function fillDateTime(page: Page, name: string, value: string): Promise<void> {
  const input = page.getByTestId('resource-form').locator(`input[data-testid="field-${name}"], [data-testid="field-${name}"] input`).first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/** The row's offered actions: its links and the entries of its "more" menu (the menu is closed again). */
async function offered(page: Page, row: Locator): Promise<string[]> {
  const ids = await row.locator('[data-testid^="row-action-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  const names = ids.map((i) => i.slice('row-action-'.length)).filter((n) => n !== 'more');
  if (ids.includes('row-action-more')) {
    // After a step the list refetches and redraws the row for its new state, which may have no "more" button: a
    // click that finds none within 5 s gives the caller's poll a row to read again, rather than waiting a minute for
    // a button that will not come back (seen under load, after closing).
    if (!(await row.getByTestId('row-action-more').click({ timeout: 5_000 }).then(() => true, () => false))) return ['(row redrawn)'];
    const menu = await openRowMenu(page, row);
    names.push(...(await menu.locator('[data-testid^="row-action-"]').evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').slice('row-action-'.length)))));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }
  return names;
}

/**
 * Work orders in Chromium: an operator files one with a due time already past (shown overdue), then walks it through
 * the flow from the row actions — assign (picking the assignee), start, wait for the customer, resume, resolve with a
 * resolution, close, reopen — the row offering exactly the steps the contract's table allows at each state; the
 * details' timeline lists every move and takes a comment. The walk in en-US, the public page in zh-CN (support/locales.ts).
 */
/** The public page's texts, per language. */
const PUBLIC_TEXTS = {
  'en-US': { heading: /^Report a problem to /, required: 'Please fill this in', phone: 'Please enter a valid mobile phone number', follow: 'Follow this order', closed: 'Closed' },
  'zh-CN': { heading: /^向.+报修$/, required: '请填写此项', phone: '请输入正确的手机号码', follow: '查询此工单', closed: '已关闭' },
} as const;

describe('work order flow (Chromium, 1440×900)', () => {
  const f = useBrowserFixture();

  for (const locale of flowLanguages('en-US', 'zh-CN')) {
    it(`walks a work order from open to closed and back, ${locale}`, async () => {
      const text = TEXTS[locale];
      const pageErrors: string[] = [];
      const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/business/work-order' });
      const title = `Lobby gateway offline ${locale}`;
      await page.getByTestId('resource-table').waitFor();
      await page.getByTestId('toolbar-add').click();
      await fillField(page, 'title', title);
      await fillField(page, 'contact_phone', '13800138000');
      await fillDateTime(page, 'due_at', '2026-01-01 09:00:00');
      await submitForm(page);

      const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: title });
      await row.getByTestId('work-order-overdue').filter({ hasText: text.overdue }).waitFor();
      const found = await callApi<{ list: { id: number }[] }>(f.url, WO, { method: 'list', keyword: title }, f.admin);
      const id = found.data!.list[0]!.id;
      const status = async () => (await callApi<{ status: WorkOrderState }>(f.url, WO, { method: 'detail', id }, f.admin)).data!.status;
      const expectOffered = async (state: WorkOrderState) => {
        const allowed = WORK_ORDER_FLOW.filter((s) => canMoveWorkOrder(s.action, state)).map((s) => s.action).sort();
        await expect.poll(async () => (await offered(page, row)).filter((a) => WORK_ORDER_FLOW.some((s) => s.action === a)).sort()).toEqual(allowed);
      };

      await expectOffered('open');
      await openRow(page, row, 'assign');
      const form = page.getByTestId('action-form');
      // The step's small form, as a person reads it once it is still: no serious or critical axe violation.
      await untilStill(page.getByTestId('action-form-submit'));
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByTestId('field-assignee_id').first().click();
      await page.keyboard.type('admin');
      await chooseOption(page, 'admin');
      await page.getByTestId('action-form-submit').click();
      await form.waitFor({ state: 'hidden' });
      await expect.poll(status).toBe('assigned');
      await row.getByText(text.assigned).waitFor();

      const walk: { action: string; to: WorkOrderState; confirm?: boolean; resolution?: string }[] = [
        { action: 'start', to: 'in_progress' },
        { action: 'wait', to: 'waiting', confirm: true },
        { action: 'resume', to: 'in_progress' },
        { action: 'resolve', to: 'resolved', resolution: 'Replaced the power adapter' },
        { action: 'close', to: 'closed', confirm: true },
      ];
      for (const step of walk) {
        await openRow(page, row, step.action);
        if (step.confirm) {
          await clickInStillDialog(page.getByTestId('confirm-ok'));
          await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
        }
        if (step.resolution) {
          await form.getByTestId('field-resolution').fill(step.resolution);
          await clickInStillDialog(page.getByTestId('action-form-submit'));
          await form.waitFor({ state: 'hidden' });
        }
        await expect.poll(status).toBe(step.to);
        await expectOffered(step.to);
      }
      // Closed: no longer overdue, and nothing but reopening is offered.
      await row.getByText(text.closed).waitFor();
      expect(await row.getByTestId('work-order-overdue').count()).toBe(0);

      await openRow(page, row, 'detail');
      const detail = page.getByTestId('resource-detail');
      await detail.getByRole('tab', { name: text.timelineTab }).click();
      const timeline = detail.getByTestId('work-order-timeline');
      await expect.poll(() => timeline.getByTestId('timeline-transition').count()).toBe(6);
      await timeline.getByTestId('work-order-comment').fill('Customer confirmed it works');
      await timeline.getByTestId('work-order-comment-send').click();
      await timeline.getByTestId('timeline-comment').filter({ hasText: 'Customer confirmed it works' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'hidden' });

      await openRow(page, row, 'reopen');
      await clickInStillDialog(page.getByTestId('confirm-ok'));
      await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
      await expect.poll(status).toBe('assigned');

      const events = (await callApi<WorkOrderEvent[]>(f.url, WO, { method: 'timeline', id }, f.admin)).data!;
      expect(events.map((e) => e.action || e.kind)).toEqual(['created', 'assign', 'start', 'wait', 'resume', 'resolve', 'close', 'comment', 'reopen']);
      expect(pageErrors).toEqual([]);
      await context.close();
    }, 120_000);
  }

  for (const locale of flowLanguages('zh-CN', 'en-US')) {
    it(`takes a report from the public /workOrder page without an account, and lets the reporter follow it to closed, ${locale}`, async () => {
      const text = PUBLIC_TEXTS[locale];
      const context = await newContext(f.browser, { locale, width: 375, height: 812 });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await page.goto(`${f.url}/workOrder?org=1`);
      const form = page.getByTestId('work-order');
      await form.getByRole('heading', { name: text.heading }).waitFor();
      // Required fields are named before anything is sent; a bad phone is named by the server.
      await page.getByTestId('work-order-submit').click();
      await form.getByText(text.required).first().waitFor();
      await page.locator('#wo-title').fill(`Lobby Wi-Fi keeps dropping ${locale}`);
      await page.locator('#wo-description').fill('Every few minutes since noon');
      await page.locator('#wo-contact-name').fill('Han Meimei');
      await page.locator('#wo-contact-phone').fill('12345');
      await page.getByTestId('work-order-submit').click();
      await form.getByText(text.phone).first().waitFor();
      await page.locator('#wo-contact-phone').fill('13812345678');
      await page.getByTestId('work-order-submit').click();
      const no = (await page.getByTestId('work-order-number').innerText()).trim();
      expect(no).toMatch(/^WO\d{20}$/);
      expect(await seriousViolations(page)).toEqual([]);

      // The organisation works it (here through the API; the console's steps are the test above), open to closed.
      const row = (await callApi<{ list: { id: number; status: string; contact_name: string }[] }>(f.url, WO, { method: 'list', order_no: no }, f.admin)).data!.list[0]!;
      expect(row).toMatchObject({ status: 'open', contact_name: 'Han Meimei' });
      const assignee = (await callApi<{ list: { id: number }[] }>(f.url, '/admin/system/user', { method: 'list', username: 'admin' }, f.admin)).data!.list[0]!.id;
      for (const [step, extra] of [['assign', { assignee_id: assignee }], ['start', {}], ['resolve', { resolution: 'Access point replaced' }], ['close', {}]] as const) {
        expect((await callApi(f.url, WO, { method: step, id: row.id, ...extra }, f.admin)).code).toBe(200);
      }

      // The reporter follows it by its number.
      await page.getByRole('link', { name: text.follow }).click();
      await page.waitForURL(/\/workOrder\?order=WO\d{20}$/);
      await page.getByTestId('work-order-status-submit').click();
      const state = page.getByTestId('work-order-state');
      await state.getByRole('heading', { name: text.closed }).waitFor();
      await state.getByText(no).waitFor();
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
