import { describe, expect, it } from 'vitest';
import { quotationLineCents, type QuotationSheet } from '@gx/contract';
import { downloaded } from '../support/browser';
import { callApi } from '../support/api';
import { clickInStillDialog } from '../support/conditions';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { fillField, openRow, pickOption, submitForm } from '../system/support';
import { flowLanguages } from '../support/locales';

const QUOTE = '/admin/business/quotation';

/** The words the walk reads, per console language. */
const TEXTS = {
  'en-US': { linesTab: 'Lines', sheetTab: 'Quotation sheet', sent: 'Sent', total: 'Total' },
  'zh-CN': { linesTab: '报价明细', sheetTab: '报价单预览', sent: '已发送', total: '报价总额' },
} as const;

/**
 * Quotations in Chromium: an operator adds a device to the price list, drafts a quotation for a customer, adds a line
 * in its details (device, quantity, discount) and reads the server's total, opens the sheet, exports it as xlsx and
 * opens the print view, then sends it — after which its lines are locked. In en-US (support/locales.ts).
 */
describe('quotation (Chromium, 1440×900)', () => {
  const f = useBrowserFixture();

  for (const locale of flowLanguages('en-US', 'zh-CN')) {
    it(`builds, exports and sends a quotation, ${locale}`, async () => {
      const text = TEXTS[locale];
      const pageErrors: string[] = [];
      const model = `E2E-AP-${locale}`;
      const customer = `Harbour Hotel ${locale}`;

      // The price list: a device at ¥1,299.00.
      const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/business/quote-device' });
      await page.getByTestId('resource-table').waitFor();
      await page.getByTestId('toolbar-add').click();
      await fillField(page, 'model', model);
      await fillField(page, 'name', 'Wi-Fi 6 AP');
      await fillField(page, 'unit_price_cents', '129900');
      await submitForm(page);
      await page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: model }).waitFor();

      // A draft for the customer.
      await page.goto(`${f.url}/business/quotation`);
      await page.getByTestId('resource-table').waitFor();
      await page.getByTestId('toolbar-add').click();
      await fillField(page, 'customer', customer);
      await submitForm(page);
      const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: customer });
      await row.waitFor();
      const found = await callApi<{ list: { id: number; quote_no: string }[] }>(f.url, QUOTE, { method: 'list', keyword: customer }, f.admin);
      const { id, quote_no: quoteNo } = found.data!.list[0]!;
      expect(quoteNo).toMatch(/^Q\d{4}-\d{5}$/);

      // A line in its details: 3 × ¥1,299.00 less 10 %, priced by the server.
      const expected = quotationLineCents(3, 129_900, 10);
      const yuan = (expected / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
      await openRow(page, row, 'detail');
      const detail = page.getByTestId('resource-detail');
      await detail.getByRole('tab', { name: text.linesTab }).click();
      const lines = detail.getByTestId('quotation-lines');
      await lines.getByTestId('toolbar-add').click();
      await pickOption(page, 'quote_device_id', model);
      await fillField(page, 'quantity', '3');
      await fillField(page, 'discount_percent', '10');
      await submitForm(page);
      await lines.getByTestId('quotation-total').filter({ hasText: yuan }).waitFor();

      // The sheet: the same total; exported as xlsx under its number; the print view opens and closes.
      await detail.getByRole('tab', { name: text.sheetTab }).click();
      await detail.getByTestId('quotation-sheet-total').filter({ hasText: yuan }).waitFor();
      const download = page.waitForEvent('download');
      await detail.getByTestId('quotation-export-xlsx').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${quoteNo}.xlsx`);
      expect((await downloaded(file)).subarray(0, 2).toString()).toBe('PK');
      await detail.getByTestId('quotation-print-view').click();
      const print = page.getByTestId('quotation-print');
      await print.getByText(customer).waitFor();
      await print.getByText(text.total).first().waitFor();
      // On paper (the browser's print or "Save as PDF"): the print style leaves the sheet alone, without its buttons.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('sidebar-menu').isVisible()).toBe(false);
      expect(await print.getByTestId('quotation-print-close').isVisible()).toBe(false);
      expect(await print.getByText(customer).isVisible()).toBe(true);
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
      await page.emulateMedia({ media: 'screen' });
      await print.getByTestId('quotation-print-close').click();
      await print.waitFor({ state: 'hidden' });
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'hidden' });

      // Sent: the state shows, and the server has locked its lines.
      await openRow(page, row, 'send');
      await clickInStillDialog(page.getByTestId('confirm-ok'));
      await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
      await row.getByText(text.sent).waitFor();
      const sheet = (await callApi<QuotationSheet>(f.url, QUOTE, { method: 'sheet', id }, f.admin)).data!;
      expect(sheet).toMatchObject({ state: 'sent', total_cents: expected, customer });
      expect(pageErrors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
