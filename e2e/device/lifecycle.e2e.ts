import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { downloaded } from '../support/browser';
import { callApi } from '../support/api';
import { openRow } from '../system/support';
import { untilStill, clickInStillDialog } from '../support/conditions';

const SERIAL = 'E2E-UNIT-0001';
const NUMBER = 'E2EAUTH00001';

/**
 * Issue 11 (lifecycle slice) in Chromium: a unit imported into the warehouse from the factory's file, its
 * provisioning CSV exported, claimed from a photo of its label's QR code (serial and authorization number), agreed
 * in review, and listed among the organisation's devices.
 */
describe('device lifecycle: import → claim → review → listed (Chromium)', () => {
  const shell = useBrowserFixture({
    seed: async (f) => {
      const model = await callApi(f.url, '/admin/device/model', { method: 'add', family: 'ig', code: 'GX-E2E-IG', name: 'E2E gateway', lan_ports: 4, radios: '2.4G+5G' }, f.admin);
      if (model.code !== 200) throw new Error(`model: ${model.code} ${model.msg}`);
    },
  });
  let page: Page;

  beforeAll(async () => {
    ({ page } = await signedInPage(shell, { locale: 'en-US', at: null }));
  });

  it('imports a unit, exports its provisioning CSV, claims it, agrees to the claim and lists the device', async () => {
    await page.goto(`${shell.url}/equipment/warehouse`);
    await page.getByTestId('resource-list-device.warehouse').waitFor();
    await page.getByTestId('toolbar-import').click();
    const dialog = page.getByTestId('import-dialog');
    const file = Buffer.from(`Serial,Model,Authorization number,Batch\r\n${SERIAL},GX-E2E-IG,${NUMBER},E2E-B1\r\n`, 'utf8');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'units.csv', mimeType: 'text/csv', buffer: file });
    await dialog.getByTestId('import-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const unit = page.getByTestId('resource-table').locator('tr', { hasText: SERIAL });
    await unit.getByText('In stock', { exact: true }).waitFor();

    await page.getByTestId('warehouse-provisioning').click();
    await untilStill(page.locator('.ant-modal-wrap:visible').last());
    await page.getByTestId('provisioning-batch').fill('E2E-B1');
    const download = page.waitForEvent('download');
    await page.getByTestId('provisioning-dialog').getByRole('button', { name: 'OK' }).click();
    const lines = (await downloaded(await download)).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('serial,secret,family,model');
    expect(lines[1]).toMatch(new RegExp(`^${SERIAL},[A-Za-z0-9_-]{22},ig,GX-E2E-IG$`));

    // The unit's claim label, as printed: a QR code of its serial and authorization number.
    await openRow(page, unit, 'detail');
    const detail = page.getByTestId('resource-detail');
    await detail.getByRole('tab', { name: 'Provisioning' }).click();
    const label = detail.getByTestId('unit-claim-label');
    await label.getByText(`${SERIAL} · ${NUMBER}`).waitFor();
    const photo = await label.locator('canvas').screenshot();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // The organisation claims it from a photo of the label: both fields are read from the QR code.
    await page.goto(`${shell.url}/equipment/device`);
    await page.getByTestId('device-claim').click();
    await untilStill(page.locator('.ant-modal-wrap:visible').last());
    await page.getByTestId('claim-dialog').locator('input[type=file]').setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: photo });
    await page.getByTestId('claim-read').waitFor();
    expect(await page.getByTestId('claim-serial').inputValue()).toBe(SERIAL);
    expect(await page.getByTestId('claim-number').inputValue()).toBe(NUMBER);
    // A picture without a label's code is refused, and leaves the fields as they were.
    await page.getByTestId('claim-dialog').locator('input[type=file]').setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: await page.getByTestId('claim-serial').screenshot() });
    await page.locator('.ant-message').getByText('No claim label QR code found in it').waitFor();
    expect(await page.getByTestId('claim-serial').inputValue()).toBe(SERIAL);
    await page.getByTestId('claim-dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('claim-dialog').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('resource-table').locator('tr', { hasText: SERIAL }).count()).toBe(0);

    await page.goto(`${shell.url}/equipment/audit`);
    const claim = page.getByTestId('resource-table').locator('tr', { hasText: SERIAL });
    await claim.getByText('Pending', { exact: true }).waitFor();
    await openRow(page, claim, 'agree');
    await untilStill(page.locator('.ant-modal-wrap:visible').last());
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await claim.getByText('Agreed', { exact: true }).waitFor();

    await page.goto(`${shell.url}/equipment/device`);
    const device = page.getByTestId('resource-table').locator('tr', { hasText: SERIAL });
    await device.getByText('Offline', { exact: true }).waitFor();
    await device.getByText('GX-E2E-IG').waitFor();

    // The transfer page tells this organisation's number, which a sender enters to offer it a device.
    await page.goto(`${shell.url}/equipment/transfer`);
    await page.getByTestId('org-number').getByText(/^\d+$/).waitFor();
  });

  it('shows the claim dialog in Chinese, its required-field messages naming the fields', async () => {
    const { page: zh } = await signedInPage(shell, { locale: 'zh-CN', at: '/equipment/device' });
    await zh.getByTestId('device-claim').click();
    await untilStill(zh.locator('.ant-modal-wrap:visible').last());
    await zh.getByTestId('claim-dialog').getByText('从仓库认领设备').waitFor();
    await zh.getByTestId('claim-dialog').getByRole('button', { name: /确\s*定/ }).click();
    await zh.getByTestId('claim-dialog').getByText('请填写序列号').waitFor();
    await zh.getByTestId('claim-dialog').getByText('请填写授权码').waitFor();
  });
});
