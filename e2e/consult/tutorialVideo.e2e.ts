import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { toastShown } from '../support/conditions';
import { fillField, submitForm } from '../system/support';
import { makeDocx } from '../../apps/server/src/testing/docx';

/** The smallest file a player calls MP4: an `ftyp` box, then some payload. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), Buffer.from('payload')]);

/**
 * Issue 14 point 2: a tutorial's video uploaded from its form (MP4 checked by content), previewed and served; its
 * body imported from a Word document.
 */
describe('a tutorial with an uploaded video and a body from Word (Chromium, en)', () => {
  const f = useBrowserFixture();

  it('refuses a file that is not an MP4, uploads one that is, imports the body from Word, and saves the tutorial', async () => {
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/consult/tutorial' });
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('toolbar-add').click();
    const form = page.getByTestId('resource-form');
    await fillField(page, 'title', 'Mounting the gateway');
    const input = form.getByTestId('field-video_url-input');
    await input.setInputFiles({ name: 'fake.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video at all') });
    await toastShown(page, 'Videos can only be in MP4 format');
    await input.setInputFiles({ name: 'mount.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await form.getByTestId('field-video_url-preview').waitFor();
    const url = await form.getByTestId('field-video_url-link').inputValue();
    expect(url).toMatch(/^\/uploads\/\d+\/[\w-]+\.mp4$/);

    // The body from a .docx: its first-level heading becomes the editor's H2, emphasis stays.
    const docx = await makeDocx(`<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Before you start</w:t></w:r></w:p>
      <w:p><w:r><w:t xml:space="preserve">Switch the power </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>off</w:t></w:r></w:p>`);
    await form.getByTestId('rich-text-word-input').setInputFiles({ name: 'guide.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
    const editor = form.getByTestId('field-body-editor');
    await editor.locator('h2', { hasText: 'Before you start' }).waitFor();
    await editor.locator('strong', { hasText: 'off' }).waitFor();
    await submitForm(page);
    await page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: 'Mounting the gateway' }).waitFor();
    // The file is served as a video, with ranges for seeking.
    const served = await page.request.get(`${f.url}${url}`, { headers: { range: 'bytes=4-11' } });
    expect(served.status()).toBe(206);
    expect(served.headers()['content-type']).toBe('video/mp4');
    await context.close();
  });
});
