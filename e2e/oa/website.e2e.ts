import { describe, expect, it } from 'vitest';
import type { WebsiteEntry } from '@gx/contract';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog } from '../support/conditions';
import { fillField, openRow, submitForm } from '../system/support';
import { PNG_1PX } from '../shell/support';

/**
 * Issue 14 (the website's sections) in Chromium: a news item written with a cover and a rich-text body, published,
 * previewed as the website shows it and read by the public API (zh-CN); a banner scheduled for later shows as
 * Scheduled and stays off the website until its time (en-US).
 */
describe('website sections (Chromium, 1440×900)', () => {
  const f = useBrowserFixture();

  it('writes a news item with a cover and a body, publishes it and previews it, zh-CN', async () => {
    const pageErrors: string[] = [];
    const { context, page } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, at: '/oa/information', watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)) });
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('toolbar-add').click();
    const form = page.getByTestId('resource-form');
    await fillField(page, 'title', '云 AP 6 发布');
    await form.getByText('封面建议 1920×1080').waitFor();
    await form.getByTestId('field-image-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_1PX });
    await form.getByTestId('field-image-preview').waitFor();
    const editor = form.getByTestId('field-content-editor');
    await editor.click();
    await page.keyboard.type('面向酒店的 Wi-Fi 7');
    await submitForm(page);

    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: '云 AP 6 发布' });
    await row.getByText('草稿').first().waitFor();
    await openRow(page, row, 'enable');
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await row.getByText('展示中').waitFor();

    await openRow(page, row, 'detail');
    const detail = page.getByTestId('resource-detail');
    await detail.getByRole('tab', { name: '预览' }).click();
    const preview = detail.getByTestId('website-preview');
    await preview.locator('h1', { hasText: '云 AP 6 发布' }).waitFor();
    await preview.getByText('面向酒店的 Wi-Fi 7').waitFor();
    await preview.getByTestId('website-preview-live').getByText('展示中').waitFor();
    await preview.locator('img.gx-website-cover[src^="/uploads/"]').waitFor();

    const shown = await callApi<WebsiteEntry[]>(f.url, '/admin/boos/uccn/information', { method: 'published' });
    expect(shown.data?.map((e) => e.title)).toContain('云 AP 6 发布');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps a banner scheduled for later off the website, en-US', async () => {
    const later = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const made = await callApi<{ id: number }>(f.url, '/admin/boos/uccn/banner', {
      method: 'add', title: 'Winter campaign', image: '/uploads/1/AAAAAAAAAAAAAAAAAAAAAA.png', publish_at: later,
    }, f.admin);
    expect(made.code, made.msg).toBe(200);
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/oa/banner' });
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: 'Winter campaign' });
    await openRow(page, row, 'enable');
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await row.getByText('Scheduled').waitFor();
    const shown = await callApi<WebsiteEntry[]>(f.url, '/admin/boos/uccn/banner', { method: 'published' });
    expect(shown.data?.map((e) => e.title)).not.toContain('Winter campaign');
    await context.close();
  });
});
