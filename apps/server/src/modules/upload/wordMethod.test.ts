import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { blobOf, PNG_1PX, postForm } from '../../testing/members';
import { DOCX_PICTURE, makeDocx } from '../../testing/docx';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const ARTICLE = '/admin/consult/article';
const TUTORIAL = '/admin/consult/tutorial';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Issue 14 point 2: Word import into the rich-text bodies (articles on memory uploads, tutorials on disk uploads). */
describe.each(engines)('importing a Word document into a body (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let reader: MadeUser;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    const org = await makeOrg(t, 'Word A');
    staff = await makeUser(t, org, 'all');
    reader = await makeUser(t, org, ['consult.article.list', 'consult.tutorial.list']);
  });
  afterAll(async () => t.close());

  it('turns headings, emphasis, lists and pictures into clean HTML, pictures stored as uploads', async () => {
    const docx = await makeDocx(`
      <w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Mounting</w:t></w:r></w:p>
      <w:p><w:r><w:t xml:space="preserve">Fix it </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>firmly</w:t></w:r></w:p>
      <w:p><w:r><w:t>&lt;script&gt;alert(1)&lt;/script&gt;</w:t></w:r></w:p>
      ${DOCX_PICTURE}`, PNG_1PX);
    for (const path of [ARTICLE, TUTORIAL]) {
      const r = await postForm<{ html: string; dropped: number }>(t, path, { method: 'import_word', file: blobOf(docx, DOCX) }, staff.token);
      expect(r.code, r.msg).toBe(200);
      expect(r.data!.html).toContain('<h1>Mounting</h1>');
      expect(r.data!.html).toContain('<strong>firmly</strong>');
      // Text that looks like markup stays text.
      expect(r.data!.html).toContain('&lt;script&gt;');
      expect(r.data!.html).not.toMatch(/<script/i);
      const src = /<img[^>]*\bsrc="([^"]+)"/.exec(r.data!.html)?.[1];
      expect(src).toMatch(/^\/uploads\/\d+\/[\w-]+\.png$/);
      expect((await fetch(`${t.url}${src}`)).headers.get('content-type')).toBe('image/png');
      expect(r.data!.dropped).toBe(0);
    }
    // A picture it cannot keep (here a GIF that does not decode) is left out and counted, never stored.
    const gif = await makeDocx(DOCX_PICTURE, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    const r = await postForm<{ html: string; dropped: number }>(t, ARTICLE, { method: 'import_word', file: blobOf(gif, DOCX) }, staff.token);
    expect(r.data).toMatchObject({ dropped: 1 });
    expect(r.data!.html).not.toContain('<img');
  });

  it('refuses what is not a .docx, naming the file, and keeps the import to those who may upload images', async () => {
    for (const path of [ARTICLE, TUTORIAL]) {
      expect(await postForm(t, path, { method: 'import_word', file: blobOf(Buffer.from('\xd0\xcf\x11\xe0 legacy doc', 'latin1'), 'application/msword') }, staff.token))
        .toMatchObject({ code: Code.VALIDATION, field: 'file' });
      // A zip that is no Word document.
      expect(await postForm(t, path, { method: 'import_word', file: blobOf(Buffer.from('PK\x03\x04 broken', 'latin1'), DOCX) }, staff.token))
        .toMatchObject({ code: Code.VALIDATION, field: 'file' });
      expect((await postForm(t, path, { method: 'import_word', file: blobOf(await makeDocx('<w:p/>'), DOCX) }, reader.token)).code).toBe(Code.FORBIDDEN);
    }
  });
});
