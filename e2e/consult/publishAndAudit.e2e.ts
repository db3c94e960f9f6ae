import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog, chooseOption } from '../support/conditions';
import { fillField, openRow, submitForm } from '../system/support';
import { flowLanguages } from '../support/locales';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ARTICLE = '/admin/consult/article';
/** An article's states as the list shows them, per console language. */
const STATES = { 'zh-CN': { draft: '草稿', published: '已发布' }, 'en-US': { draft: 'Draft', published: 'Published' } } as const;

/**
 * Consult as people use it: write an article with a cover and a body in the rich-text
 * editor (heading, bold, list, link, an uploaded image; pasted scripts never survive, in the editor nor on the
 * server) and publish it (in en-US, support/locales.ts). The developer services' flow is e2e/dc/developerService.e2e.ts.
 */
describe('consult: articles (Chromium, 1440×900)', () => {
  const f = useBrowserFixture({
    seed: async (fx) => {
      const r = await callApi(fx.url, '/admin/consult/classification', { method: 'add', name: '产品动态', sort: 1 }, fx.admin);
      if (r.code !== 200) throw new Error(`seeding the category failed: ${r.msg}`);
    },
  });

  for (const locale of flowLanguages('en-US', 'zh-CN')) it(`writes an article with a cover and publishes it, ${locale}`, async () => {
    const text = STATES[locale];
    const title = `春季版本发布 ${locale}`;
    const pageErrors: string[] = [];
    const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/consult/article' });
    await page.getByTestId('resource-table').waitFor();
    await page.getByTestId('toolbar-add').click();
    const form = page.getByTestId('resource-form');
    await fillField(page, 'title', title);
    // A single choice closes its list itself (pickOption's Escape would close the form).
    await form.getByTestId('field-classification_id').click();
    await page.keyboard.type('产品');
    await chooseOption(page, '产品动态');

    await form.getByTestId('field-cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_1PX });
    await form.getByTestId('field-cover-preview').waitFor();

    // The body in the rich-text editor (tiptap, fetched with the form): a heading, bold text, a list, a link and an
    // uploaded image, as a person writes them with the toolbar and the keyboard.
    const editor = form.getByTestId('field-body-editor');
    // A toolbar button's effect shows in its aria-pressed and in the text: each key goes in once the editor has applied
    // the button and has the caret back (a run with the machine busier than usual typed "已" after the later text).
    const focused = () => expect.poll(() => editor.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // The editor reads typed text back from the page a moment later: a button pressed before it has read it applies
    // to that text too (a CI run saved "新版本<strong> 已上线</strong>", the space typed before bold went on). Tiptap
    // keeps its editor on the element, so each button waits until the editor's text is the text on the page.
    const caughtUp = () => expect.poll(() => editor.evaluate((el) =>
      el.textContent === (el as HTMLElement & { editor: { state: { doc: { textContent: string } } } }).editor.state.doc.textContent)).toBe(true);
    const toggle = async (key: string, on: boolean) => {
      await caughtUp();
      await form.getByTestId(`rich-text-${key}`).click();
      await form.locator(`[data-testid="rich-text-${key}"][aria-pressed="${on}"]`).waitFor();
      await focused();
    };
    await editor.click();
    await toggle('h2', true);
    await page.keyboard.type('版本亮点');
    await editor.locator('h2', { hasText: '版本亮点' }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('新版本 ');
    await editor.locator('p', { hasText: '新版本' }).waitFor();
    await toggle('bold', true);
    await page.keyboard.type('已上线');
    await editor.locator('strong', { hasText: '已上线' }).waitFor();
    await toggle('bold', false);
    await page.keyboard.press('Enter');
    await caughtUp();
    await form.getByTestId('rich-text-bullet').click();
    // Each key goes in once the editor has made the list (a clean-clone run under load typed before it had, and saved
    // no list), and leaves it once the item holds its text.
    await editor.locator('ul li').waitFor();
    await page.keyboard.type('更快的启动');
    await editor.locator('ul li', { hasText: '更快的启动' }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('文档');
    for (let i = 0; i < 2; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await caughtUp();
    await form.getByTestId('rich-text-link').click();
    await page.getByTestId('rich-text-link-input').fill('https://example.com/docs');
    await page.getByTestId('rich-text-link-apply').click();
    await editor.locator('a[href="https://example.com/docs"]', { hasText: '文档' }).waitFor();
    // The caret is back in the editor, after the link, before the next key goes there.
    await focused();
    await page.keyboard.press('End');
    await form.getByTestId('rich-text-image-input').setInputFiles({ name: 'body.png', mimeType: 'image/png', buffer: PNG_1PX });
    await editor.locator('img[src^="/uploads/"]').waitFor();
    // Pasted markup that would run keeps only what the editor knows (the server cleans again on save).
    await editor.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<p>粘贴<b onclick="window.hacked = 1">内容</b></p><script>window.hacked = 2</script>');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await editor.locator('strong', { hasText: '内容' }).waitFor();
    expect(await editor.locator('script, [onclick]').count()).toBe(0);
    await submitForm(page);

    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: title });
    await row.getByText(text.draft).waitFor();
    await openRow(page, row, 'publish');
    await clickInStillDialog(page.getByTestId('confirm-ok'));
    await row.getByText(text.published).waitFor();

    const list = await callApi<{ list: { id: number; title: string; state: string; body: string; cover: string }[] }>(
      f.url, ARTICLE, { method: 'list', keyword: '春季' }, f.admin);
    const saved = list.data!.list.find((a) => a.title === title)!;
    expect(saved).toMatchObject({ title, state: 'published' });
    expect(saved.cover).toMatch(/^\/uploads\/\d+\/[\w-]+\.png$/);
    expect(saved.body).toContain('<h2>版本亮点</h2>');
    expect(saved.body).toContain('<strong>已上线</strong>');
    expect(saved.body).toMatch(/<ul><li><p>更快的启动<\/p><\/li><\/ul>/);
    expect(saved.body).toMatch(/<a [^>]*href="https:\/\/example\.com\/docs"[^>]*>文档<\/a>/);
    expect(saved.body).not.toMatch(/script|onclick/);
    expect(saved.body).toMatch(/<img src="\/uploads\/\d+\/[\w-]+\.png"/);
    const readers = await callApi<{ list: { title: string }[] }>(f.url, ARTICLE, { method: 'published' }, f.admin);
    expect(readers.data!.list.map((a) => a.title)).toContain(title);

    await openRow(page, row, 'detail');
    const body = page.getByTestId('resource-detail').getByTestId('detail-body');
    await body.locator('strong', { hasText: '已上线' }).waitFor();
    await body.locator('h2', { hasText: '版本亮点' }).waitFor();
    await body.locator('img[src^="/uploads/"]').waitFor();
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
