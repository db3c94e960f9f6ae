import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog, toastShown } from '../support/conditions';
import { fillField, openRow, submitForm } from '../system/support';
import { GIF_1PX, PNG_1PX } from '../shell/support';

/**
 * Issue 14 (media library) in Chromium: a website banner gets its picture from the form's upload button (the
 * recommended size beside it), the picture shows up in the media library with its thumbnail, deleting it is refused
 * naming the banner; files uploaded in the library itself (several at once, a disguised file refused before it is
 * sent) are listed and, unused, deleted — in both languages.
 */
describe('media library (Chromium, 1440×900)', () => {
  const f = useBrowserFixture();

  it('uploads a banner picture from the form; the library lists it and refuses to delete it while used, en-US', async () => {
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/oa/banner' });
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('toolbar-add').click();
    const form = page.getByTestId('resource-form');
    await fillField(page, 'title', 'Autumn banner');
    await form.getByText('banners: 1920×1080 recommended').waitFor();
    await form.getByTestId('field-image-input').setInputFiles({ name: 'autumn.png', mimeType: 'image/png', buffer: PNG_1PX });
    await form.getByTestId('field-image-preview').waitFor();
    expect(await form.getByTestId('field-image-preview').getAttribute('src')).toMatch(/^\/uploads\/\d+\/[\w-]+\.png$/);
    await submitForm(page);
    await page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: 'Autumn banner' }).waitFor();

    await page.goto(`${f.url}/oa/media`);
    await page.getByTestId('media-rules').getByText('logo 317×85').waitFor();
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: 'autumn.png' });
    await row.locator('img.gx-cell-image').waitFor();
    await openRow(page, row, 'remove');
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await toastShown(page, 'Banners · Autumn banner');
    await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
    await row.waitFor();
    await context.close();
  });

  it('uploads several files in the library, refuses a disguised one, deletes an unused one, zh-CN', async () => {
    const { context, page } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, at: '/oa/media' });
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('media-upload-input').setInputFiles([
      { name: 'dot.gif', mimeType: 'image/gif', buffer: GIF_1PX },
      { name: 'script.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') },
    ]);
    await toastShown(page, 'script.png: 只能上传 JPG、PNG、GIF 图片或 MP4 视频');
    const table = page.getByTestId('resource-table');
    const gif = table.locator('tr.ant-table-row', { hasText: 'dot.gif' });
    await gif.getByText('图片').waitFor();
    expect(await table.locator('tr.ant-table-row', { hasText: 'script.png' }).count()).toBe(0);

    await openRow(page, gif, 'remove');
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await gif.waitFor({ state: 'detached' });
    await context.close();
  });
});
