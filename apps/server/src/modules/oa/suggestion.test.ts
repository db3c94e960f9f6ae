import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, SUGGESTION_MAX, type Page, type SuggestionRow } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember, createOrganization } from '../../testing/members';

const PATH = '/admin/boos/warden_proposal';

describe.each(engines)('complaints and suggestions (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let orgA: number;
  let user: { id: number; token: string };
  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    orgA = await createOrganization(t, 'Suggesting Org');
    user = await createMember(t, { username: 's-user', orgs: [orgA], nickname: 'Sue' });
  });
  afterAll(async () => t.close());

  const send = (token: string, content: string) => t.post<{ id: number }>(PATH, { method: 'form', content }, { token });
  const list = async (token: string, extra: Record<string, unknown> = {}) => t.post<Page<SuggestionRow>>(PATH, { method: 'list', ...extra }, { token });

  it('takes a suggestion from any signed-in user', async () => {
    const r = await send(user.token, 'Please add a dark theme to the big screen');
    expect(r.code).toBe(200);
    expect(r.data?.id).toBeGreaterThan(0);
  });

  it('requires content, at most 99999 characters', async () => {
    expect(await send(user.token, '   ')).toMatchObject({ code: Code.VALIDATION, field: 'content' });
    expect(await send(user.token, 'x'.repeat(SUGGESTION_MAX + 1))).toMatchObject({ code: Code.VALIDATION, field: 'content' });
    expect((await send(user.token, 'y'.repeat(SUGGESTION_MAX))).code).toBe(200);
  });

  it('lands in the list platform administrators read, newest first, with who sent it', async () => {
    const r = await list(admin);
    expect(r.code).toBe(200);
    expect(r.data?.total).toBe(2);
    expect(r.data?.list[1]).toMatchObject({ content: 'Please add a dark theme to the big screen', status: 0, user_id: user.id, username: 'Sue', org_id: orgA });
  });

  it('shows holders of the list permission in an organisation only what came from it', async () => {
    const otherOrg = await createOrganization(t, 'Quiet Org');
    const reader = await createMember(t, { username: 's-reader', orgs: [otherOrg], nickname: 'R', keys: ['oa.suggestion.list', 'oa.suggestion.handle'] });
    expect((await list(reader.token)).data?.total).toBe(0);
    const id = (await list(admin)).data?.list[0]?.id;
    expect((await t.post(PATH, { method: 'handle', id }, { token: reader.token })).code).toBe(Code.NOT_FOUND);
  });

  it('is not readable without the permission', async () => {
    expect((await list(user.token)).code).toBe(Code.FORBIDDEN);
  });

  it('marks a suggestion handled once, with a note', async () => {
    const id = (await list(admin)).data?.list[0]?.id;
    const r = await t.post(PATH, { method: 'handle', id, reply: 'Planned for May' }, { token: admin });
    expect(r.code).toBe(200);
    const row = (await list(admin, { status: 1 })).data?.list[0];
    expect(row).toMatchObject({ id, status: 1, reply: 'Planned for May', handled_by: 1 });
    expect(await t.post(PATH, { method: 'handle', id }, { token: admin })).toMatchObject({ code: Code.CONFLICT });
    expect((await list(admin, { status: 0 })).data?.total).toBe(1);
  });

  it('refuses a suggestion holding a word of its organisation\'s keyword filter, naming the word', async () => {
    const keeper = await createMember(t, { username: 's-keeper', orgs: [orgA], nickname: 'K', keys: ['oa.keyword_blacklist.add'] });
    expect((await t.post('/admin/boos/keyword_blacklist', { method: 'add', word: 'Spamword' }, { token: keeper.token })).code).toBe(200);
    const before = (await list(admin)).data?.total;
    const r = await t.post(PATH, { method: 'form', content: 'Buy SPAMWORD now' }, { token: user.token, headers: { 'accept-language': 'en' } });
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'content' });
    expect(r.msg).toContain('Spamword');
    expect((await list(admin)).data?.total).toBe(before);
    // The word binds only its own organisation.
    const other = await createMember(t, { username: 's-elsewhere', orgs: [await createOrganization(t, 'Free Org')], nickname: 'E' });
    expect((await send(other.token, 'Spamword is fine here')).code).toBe(200);
  });
});
