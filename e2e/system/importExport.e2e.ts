import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { downloaded } from '../support/browser';
import { toastShown } from '../support/conditions';

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

/** Issue 4 point 4 in the browser: import reports every bad row and column and imports all or nothing; export downloads. */
describe('importing and exporting users (Chromium)', () => {
  const shell = useBrowserFixture();
  let page: Page;

  beforeAll(async () => {
    ({ page } = await signedInPage(shell, { locale: 'en-US', at: '/system/user' }));
    await page.getByTestId('resource-table').getByText('admin', { exact: true }).waitFor();
  });

  const upload = async (name: string, buffer: Buffer) => {
    const dialog = page.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer });
    await dialog.getByTestId('import-submit').click();
  };

  it('a file with bad rows is refused as a whole, each problem listed by row and column', async () => {
    await page.getByTestId('toolbar-import').click();
    await upload('users.csv', csv([
      'Username,Name,Password,Mobile phone',
      'good_one,Good One,Good@1234,13800138001',
      'x,Bad,123,12345',
      'admin,Taken,Good@1234,13800138003',
    ]));
    const errors = page.getByTestId('import-errors');
    await errors.waitFor();
    const rows = await errors.locator('tbody tr').allInnerTexts();
    const problems = rows.map((r) => r.split('\t').slice(0, 2).join(' '));
    // The taken username is named in the same, first answer as the other rows' mistakes.
    expect(problems).toEqual(expect.arrayContaining(['3 Username', '3 Password', '3 Mobile phone', '4 Username']));
    expect(problems.some((p) => p.startsWith('2 '))).toBe(false);
    await page.getByTestId('import-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('toolbar-refresh').click();
    await page.getByTestId('resource-table').getByText('admin', { exact: true }).waitFor();
    expect(await page.getByTestId('resource-table').getByText('good_one').count()).toBe(0);
  });

  it('a valid file imports every row', async () => {
    await page.getByTestId('toolbar-import').click();
    const template = page.waitForEvent('download');
    await page.getByTestId('import-template').click();
    const header = (await downloaded(await template)).toString('utf8').replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header?.split(',')).toEqual(expect.arrayContaining(['Username', 'Password', 'Gender', 'Roles']));
    await upload('users.csv', csv([
      'Username,Name,Password,Mobile phone,Gender',
      'good_one,Good One,Good@1234,13800138001,Male',
      'good_two,Good Two,Good@1234,13800138002,Female',
    ]));
    // The toast lives 3 s; the page's record of it outlasts a busy machine.
    await toastShown(page, '2 rows imported');
    await page.getByTestId('import-dialog').waitFor({ state: 'hidden' });
    const table = page.getByTestId('resource-table');
    await table.getByText('good_one', { exact: true }).waitFor();
    await table.getByText('good_two', { exact: true }).waitFor();
  });

  it('export downloads the list as an xlsx file and as CSV', async () => {
    const exportAs = async (format: 'xlsx' | 'csv') => {
      await page.getByTestId('toolbar-export').click();
      const download = page.waitForEvent('download');
      await page.getByTestId(`export-${format}`).click();
      return download;
    };
    const xlsx = await exportAs('xlsx');
    expect(xlsx.suggestedFilename()).toMatch(/^system-user-\d{14}\.xlsx$/);
    const xlsxBytes = await downloaded(xlsx);
    expect(xlsxBytes.subarray(0, 2).toString()).toBe('PK');

    const csvFile = await exportAs('csv');
    expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
    const text = (await downloaded(csvFile)).toString('utf8');
    expect(text).toContain('good_two');
    expect(text).toContain('Username');
  });
});
