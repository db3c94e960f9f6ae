import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_LIFECYCLE, Code, type Page, type PublishedArticle } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { blobOf, PNG_1PX, postForm } from '../../testing/members';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const CLASS = '/admin/consult/classification';
const ARTICLE = '/admin/consult/article';
const future = '2099-01-01T00:00:00.000Z';

interface ArticleRow { id: number; state: string; phase: string; body: string; published_at: string | null; withdrawn_at: string | null; cover: string }

describe.each(engines)('consult (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let reader: MadeUser;
  let outsider: MadeUser;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    const orgA = await makeOrg(t, 'Consult A');
    staff = await makeUser(t, orgA, 'all');
    reader = await makeUser(t, orgA, ['consult.article.list']);
    outsider = await makeUser(t, await makeOrg(t, 'Consult B'), 'all');
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = staff.token) => t.post<T>(path, body, { token });
  const newClass = async (name: string, extra: Record<string, unknown> = {}, token = staff.token) => {
    const r = await call<{ id: number }>(CLASS, { method: 'add', name, ...extra }, token);
    expect(r.code, r.msg).toBe(200);
    return r.data!.id;
  };
  const newArticle = async (extra: Record<string, unknown> = {}) => {
    const classification_id = (extra.classification_id as number | undefined) ?? await newClass(`C ${Math.random()}`);
    const r = await call<ArticleRow>(ARTICLE, { method: 'add', title: `A ${Math.random()}`, body: '<p>Hi</p>', ...extra, classification_id });
    expect(r.code, r.msg).toBe(200);
    return r.data!.id;
  };
  const detail = async (id: number) => (await call<ArticleRow>(ARTICLE, { method: 'detail', id })).data!;

  describe('classification', () => {
    it('is a tree in order, refusing a parent below itself', async () => {
      const root = await newClass('News', { sort: 2 });
      const first = await newClass('Releases', { parent_id: root, sort: 1 });
      const child = await newClass('Patches', { parent_id: first });
      const tree = await call<{ id: number; children?: { id: number }[] }[]>(CLASS, { method: 'tree' });
      expect(tree.code, tree.msg).toBe(200);
      const node = tree.data!.find((n) => n.id === root);
      expect(node?.children?.map((c) => c.id)).toEqual([first]);
      expect(await call(CLASS, { method: 'update', id: root, parent_id: child })).toMatchObject({ code: Code.VALIDATION, field: 'parent_id' });
    });

    it('refuses to remove a category holding sub-categories or articles, naming them', async () => {
      const parent = await newClass('Parent');
      const sub = await newClass('Sub', { parent_id: parent });
      const held = await call<{ names: string[] }>(CLASS, { method: 'remove', id: parent, confirm: true });
      expect(held.code).toBe(Code.IN_USE);
      await newArticle({ classification_id: sub, title: 'Holding article' });
      const byArticle = await call<{ names: string[]; onRemove: string }>(CLASS, { method: 'remove', id: sub, confirm: true });
      expect(byArticle).toMatchObject({ code: Code.IN_USE, data: { onRemove: 'refuse', names: ['Holding article'] } });
      const empty = await newClass('Empty');
      expect((await call(CLASS, { method: 'remove', id: empty })).code).toBe(200);
    });

    it('keeps categories to their organisation', async () => {
      const mine = await newClass('Mine');
      expect((await call(CLASS, { method: 'detail', id: mine }, outsider.token)).code).toBe(Code.NOT_FOUND);
      const theirs = await newClass('Theirs', {}, outsider.token);
      const r = await call(ARTICLE, { method: 'add', title: 'Borrowing', classification_id: theirs });
      expect(r).toMatchObject({ code: Code.NOT_FOUND, field: 'classification_id' });
    });
  });

  describe('articles', () => {
    it('sanitises the body on add and update: no scripts, handlers or javascript: links', async () => {
      const id = await newArticle({
        body: '<p onclick="alert(1)">Hello <b>world</b></p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">x</a><iframe src="https://evil.example"></iframe>',
      });
      const body = (await detail(id)).body;
      expect(body).toContain('<b>world</b>');
      expect(body).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
      await call(ARTICLE, { method: 'update', id, body: '<p>Safe</p><svg onload="alert(5)"></svg><style>body{}</style>' });
      expect((await detail(id)).body).toBe('<p>Safe</p>');
    });

    it('refuses a cover that is neither an upload of this server nor an http(s) link, naming cover', async () => {
      expect(await call(ARTICLE, { method: 'add', title: 'Bad cover', classification_id: await newClass('Covers'), cover: 'javascript:alert(1)' }))
        .toMatchObject({ code: Code.VALIDATION, field: 'cover' });
      expect(await call(ARTICLE, { method: 'add', title: 'Bad cover', classification_id: await newClass('Covers 2'), cover: '/uploads/../etc/passwd' }))
        .toMatchObject({ code: Code.VALIDATION, field: 'cover' });
    });

    it('uploads cover and body images checked by content, keeping the URLs it answers', async () => {
      const up = await postForm<{ url: string }>(t, ARTICLE, { method: 'upload_image', file: blobOf(PNG_1PX) }, staff.token);
      expect(up.code, up.msg).toBe(200);
      expect(up.data!.url).toMatch(/^\/uploads\/\d+\/[\w-]+\.png$/);
      const served = await fetch(`${t.url}${up.data!.url}`);
      expect(served.status).toBe(200);
      const id = await newArticle({ cover: up.data!.url, body: `<p>Look</p><img src="${up.data!.url}" alt="">` });
      expect((await detail(id)).cover).toBe(up.data!.url);
      expect((await detail(id)).body).toContain(`<img src="${up.data!.url}"`);
      const fake = await postForm(t, ARTICLE, { method: 'upload_image', file: blobOf(Buffer.from('<?php echo 1; ?>'), 'image/png') }, staff.token);
      expect(fake).toMatchObject({ code: Code.VALIDATION, field: 'file' });
      expect((await postForm(t, ARTICLE, { method: 'upload_image', file: blobOf(PNG_1PX) }, reader.token)).code).toBe(Code.FORBIDDEN);
    });

    it('refuses a disabled category for a new article, naming classification_id', async () => {
      const c = await newClass('Retired');
      await call(CLASS, { method: 'disable', id: c });
      expect(await call(ARTICLE, { method: 'add', title: 'Late', classification_id: c })).toMatchObject({ code: Code.VALIDATION, field: 'classification_id' });
    });

    it('moves draft → published → withdrawn → published as ARTICLE_LIFECYCLE says, refusing other moves', async () => {
      const id = await newArticle();
      expect(await detail(id)).toMatchObject({ state: 'draft', phase: 'draft', published_at: null });
      expect(await call(ARTICLE, { method: 'withdraw', id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
      for (const step of ARTICLE_LIFECYCLE) {
        for (const from of step.from) expect(['draft', 'published', 'withdrawn']).toContain(from);
      }
      expect((await call(ARTICLE, { method: 'publish', id })).code).toBe(200);
      const published = await detail(id);
      expect(published).toMatchObject({ state: 'published', phase: 'published' });
      expect(published.published_at).not.toBeNull();
      expect((await call(ARTICLE, { method: 'withdraw', id })).code).toBe(200);
      expect(await detail(id)).toMatchObject({ state: 'withdrawn', phase: 'withdrawn' });
      expect((await detail(id)).withdrawn_at).not.toBeNull();
      expect((await call(ARTICLE, { method: 'publish', id })).code).toBe(200);
      expect(await detail(id)).toMatchObject({ state: 'published', withdrawn_at: null });
      // Only the organisation's own, and only with the key.
      expect((await call(ARTICLE, { method: 'publish', id }, outsider.token)).code).toBe(Code.NOT_FOUND);
      expect((await call(ARTICLE, { method: 'withdraw', id }, reader.token)).code).toBe(Code.FORBIDDEN);
    });

    it('shows a scheduled article to readers only from its time', async () => {
      const classification_id = await newClass('Scheduled');
      const later = await newArticle({ classification_id, title: 'Later', publish_at: future });
      const now = await newArticle({ classification_id, title: 'Now' });
      await call(ARTICLE, { method: 'publish', ids: [later, now] });
      expect(await detail(later)).toMatchObject({ state: 'published', phase: 'scheduled', published_at: future });
      const seen = await call<Page<PublishedArticle>>(ARTICLE, { method: 'published', classification_id });
      expect(seen.code, seen.msg).toBe(200);
      expect(seen.data!.list.map((a) => a.title)).toEqual(['Now']);
      // Rescheduling into the past makes it visible at once.
      await call(ARTICLE, { method: 'update', id: later, publish_at: '2020-01-01T00:00:00.000Z' });
      expect((await detail(later)).phase).toBe('published');
      const again = await call<Page<PublishedArticle>>(ARTICLE, { method: 'published', classification_id });
      expect(again.data!.list.map((a) => a.title).sort()).toEqual(['Later', 'Now']);
      const theirs = await call<Page<PublishedArticle>>(ARTICLE, { method: 'published', classification_id }, outsider.token);
      expect(theirs.data!.list).toEqual([]);
    });

    it('refuses bad input naming the field', async () => {
      const classification_id = await newClass('Bad input');
      expect(await call(ARTICLE, { method: 'add', classification_id })).toMatchObject({ code: Code.VALIDATION, field: 'title' });
      expect(await call(ARTICLE, { method: 'add', title: 'x', classification_id, state: 'published' })).toMatchObject({ code: Code.VALIDATION, field: 'state' });
      expect(await call(ARTICLE, { method: 'add', title: 'x', classification_id, body: 'x'.repeat(200_001) })).toMatchObject({ code: Code.VALIDATION, field: 'body' });
      expect(await call(ARTICLE, { method: 'add', title: 'x', classification_id, publish_at: 'tomorrow' })).toMatchObject({ code: Code.VALIDATION, field: 'publish_at' });
    });
  });
});
