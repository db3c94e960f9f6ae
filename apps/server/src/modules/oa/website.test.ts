import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Page, type WebsiteEntry } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const PATH = '/admin/boos/uccn/content';

describe.each(engines)('website content (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let tenant: MadeUser;
  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    tenant = await makeUser(t, await makeOrg(t, 'Website tenant'), 'all');
  });
  afterAll(async () => t.close());

  const add = (body: Record<string, unknown>, token = admin) => t.post<{ id: number; status: number }>(PATH, { method: 'add', ...body }, { token });
  const published = (kind: string) => t.post<WebsiteEntry[]>(PATH, { method: 'published', kind });

  it('writes entries as drafts that the public website does not see until published', async () => {
    const news = await add({ kind: 'information', title: 'Cloud AP 6 released', link: 'https://example.com/ap6', sort: 2 });
    expect(news.code, news.msg).toBe(200);
    expect(news.data?.status).toBe(0);
    const first = await add({ kind: 'information', title: 'Hotel case study', sort: 1 });
    await add({ kind: 'banner', title: 'Spring banner', image: '/uploads/1/banner.png' });
    expect((await published('information')).data).toEqual([]);

    for (const id of [news.data!.id, first.data!.id]) expect((await t.post(PATH, { method: 'enable', id }, { token: admin })).code).toBe(200);
    const shown = await published('information');
    expect(shown.code).toBe(200);
    expect(shown.data?.map((e) => e.title)).toEqual(['Hotel case study', 'Cloud AP 6 released']);
    expect((await published('banner')).data).toEqual([]);

    expect((await t.post(PATH, { method: 'disable', id: news.data!.id }, { token: admin })).code).toBe(200);
    expect((await published('information')).data?.map((e) => e.title)).toEqual(['Hotel case study']);
  });

  it('is the platform\'s: another organisation is refused whatever keys it holds', async () => {
    expect((await t.post(PATH, { method: 'list' }, { token: tenant.token })).code).toBe(Code.FORBIDDEN);
    expect((await add({ kind: 'case', title: 'Mine' }, tenant.token)).code).toBe(Code.FORBIDDEN);
    expect((await t.post<Page<unknown>>(PATH, { method: 'list', kind: 'case' }, { token: admin })).data?.total).toBe(0);
  });

  it('refuses bad input, naming the field', async () => {
    expect(await add({ kind: 'gossip', title: 'x' })).toMatchObject({ code: Code.VALIDATION, field: 'kind' });
    expect(await add({ kind: 'case', title: '' })).toMatchObject({ code: Code.VALIDATION, field: 'title' });
    expect(await add({ kind: 'case', title: 'x', link: 'javascript:alert(1)' })).toMatchObject({ code: Code.VALIDATION, field: 'link' });
    expect(await add({ kind: 'case', title: 'x', status: 1 })).toMatchObject({ code: Code.VALIDATION, field: 'status' });
    expect(await published('gossip')).toMatchObject({ code: Code.VALIDATION, field: 'kind' });
  });
});
