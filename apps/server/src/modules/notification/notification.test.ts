import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type InboxInform, type InboxNotice, type NotificationRow, type NotificationStats, type Page } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember, createOrganization } from '../../testing/members';

const CONTENT = '/admin/notification/content';
const OPERATION = '/admin/notification/operation';
const INBOX = '/admin/notification/inbox';
const AUTHOR_KEYS = ['notification.content.list', 'notification.content.add', 'notification.content.update', 'notification.content.remove', 'notification.operation.publish', 'notification.operation.withdraw', 'notification.operation.stats'];

describe.each(engines)('announcements and notifications (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let orgA: number;
  let orgB: number;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let carol: { id: number; token: string };
  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    orgA = await createOrganization(t, 'Org A');
    orgB = await createOrganization(t, 'Org B');
    alice = await createMember(t, { username: 'n-alice', orgs: [orgA], nickname: 'Alice' });
    bob = await createMember(t, { username: 'n-bob', orgs: [orgB], nickname: 'Bob' });
    // Carol works in B but also belongs to A: what A sends reaches her too.
    carol = await createMember(t, { username: 'n-carol', orgs: [orgB, orgA], nickname: 'Carol' });
  });
  afterAll(async () => t.close());

  async function publish(token: string, body: Record<string, unknown>): Promise<number> {
    const added = await t.post<NotificationRow>(CONTENT, { method: 'add', content: '', targets: [], ...body }, { token });
    expect(added.code).toBe(200);
    const id = added.data?.id ?? 0;
    expect((await t.post(OPERATION, { method: 'publish', id }, { token })).code).toBe(200);
    return id;
  }
  const notices = async (token: string) => (await t.post<{ notice: InboxNotice[] }>(INBOX, {}, { token })).data?.notice ?? [];
  const informs = async (token: string) => (await t.post<InboxInform>(INBOX, { method: 'inform' }, { token })).data;

  it('keeps a draft from everyone until it is published', async () => {
    const added = await t.post<NotificationRow>(CONTENT, { method: 'add', kind: 'notice', title: 'Draft', audience: 'all' }, { token: admin });
    expect(added.data?.status).toBe(0);
    expect((await notices(alice.token)).map((n) => n.title)).not.toContain('Draft');
    await t.post(OPERATION, { method: 'publish', id: added.data?.id }, { token: admin });
    expect((await notices(alice.token)).map((n) => n.title)).toContain('Draft');
  });

  it('answers announcements for an empty payload and for method notice', async () => {
    await publish(admin, { kind: 'notice', title: 'Maintenance tonight', content: '<p>22:00</p>', audience: 'all' });
    const viaDefault = await notices(bob.token);
    const viaMethod = (await t.post<{ notice: InboxNotice[] }>(INBOX, { method: 'notice' }, { token: bob.token })).data?.notice;
    expect(viaDefault[0]).toMatchObject({ title: 'Maintenance tonight', content: '<p>22:00</p>' });
    expect(viaMethod).toEqual(viaDefault);
  });

  it('stores HTML sanitised', async () => {
    const id = await publish(admin, { kind: 'notice', title: 'Sanitised', content: '<p onclick="x()">hi</p><script>alert(1)</script><img src="x" onerror="alert(1)">', audience: 'all' });
    const n = (await notices(alice.token)).find((x) => x.id === id);
    expect(n?.content).toBe('<p>hi</p><img src="x" />');
  });

  it('delivers notifications to the named users only, with an unread count', async () => {
    const id = await publish(admin, { kind: 'inform', title: 'For Alice', content: '<b>hello</b>', audience: 'users', targets: [alice.id] });
    const a = await informs(alice.token);
    expect(a?.inform.find((n) => n.id === id)).toEqual({ id, title: 'For Alice', content: '<b>hello</b>', status: 0 });
    expect(a?.unread).toBe(1);
    expect((await informs(bob.token))?.inform.map((n) => n.id)).not.toContain(id);
  });

  it('marks a notification read once: status 0 → 1, unread −1, and again changes nothing', async () => {
    const before = (await informs(alice.token))?.unread ?? 0;
    const id = (await informs(alice.token))?.inform.find((n) => n.status === 0)?.id;
    const r = await t.post<{ unread: number }>(INBOX, { method: 'status', id }, { token: alice.token });
    expect(r.code).toBe(200);
    expect(r.data?.unread).toBe(before - 1);
    expect((await informs(alice.token))?.inform.find((n) => n.id === id)?.status).toBe(1);
    expect((await t.post<{ unread: number }>(INBOX, { method: 'status', id }, { token: alice.token })).data?.unread).toBe(before - 1);
  });

  it('does not let anyone mark (or probe) a notification that is not theirs', async () => {
    const id = await publish(admin, { kind: 'inform', title: 'Only Alice', audience: 'users', targets: [alice.id] });
    expect((await t.post(INBOX, { method: 'status', id }, { token: bob.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post(INBOX, { method: 'status', id: 999999 }, { token: bob.token })).code).toBe(Code.NOT_FOUND);
  });

  it('reaches every member of an addressed organisation, whichever organisation they are working in', async () => {
    const id = await publish(admin, { kind: 'inform', title: 'For A', audience: 'orgs', targets: [orgA] });
    expect((await informs(alice.token))?.inform.map((n) => n.id)).toContain(id);
    expect((await informs(carol.token))?.inform.map((n) => n.id)).toContain(id);
    expect((await informs(bob.token))?.inform.map((n) => n.id)).not.toContain(id);
  });

  it('withdrawing takes it off every inbox; publishing again brings it back', async () => {
    const id = await publish(admin, { kind: 'notice', title: 'Withdrawn soon', audience: 'all' });
    expect((await t.post(OPERATION, { method: 'withdraw', id }, { token: admin })).code).toBe(200);
    expect((await notices(alice.token)).map((n) => n.id)).not.toContain(id);
    expect((await t.post(OPERATION, { method: 'withdraw', id }, { token: admin })).code).toBe(Code.CONFLICT);
    await t.post(OPERATION, { method: 'publish', id }, { token: admin });
    expect((await notices(alice.token)).map((n) => n.id)).toContain(id);
  });

  it('stops showing an item after its expiry', async () => {
    const id = await publish(admin, { kind: 'notice', title: 'Expired', audience: 'all', expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await notices(alice.token)).map((n) => n.id)).not.toContain(id);
  });

  it('lets an organisation\'s author address its own organisation and members, nothing wider', async () => {
    const author = await createMember(t, { username: 'n-author', orgs: [orgA], nickname: 'Author', keys: AUTHOR_KEYS });
    expect((await t.post(CONTENT, { method: 'add', kind: 'inform', title: 'x', audience: 'all' }, { token: author.token })).code).toBe(Code.FORBIDDEN);
    expect(await t.post(CONTENT, { method: 'add', kind: 'inform', title: 'x', audience: 'orgs', targets: [orgB] }, { token: author.token })).toMatchObject({ code: Code.NOT_FOUND, field: 'targets' });
    expect(await t.post(CONTENT, { method: 'add', kind: 'inform', title: 'x', audience: 'users', targets: [bob.id] }, { token: author.token })).toMatchObject({ code: Code.NOT_FOUND, field: 'targets' });
    expect(await t.post(CONTENT, { method: 'add', kind: 'inform', title: 'x', audience: 'users', targets: [] }, { token: author.token })).toMatchObject({ code: Code.VALIDATION, field: 'targets' });
    const id = await publish(author.token, { kind: 'inform', title: 'Team A news', audience: 'orgs', targets: [orgA] });
    expect((await informs(alice.token))?.inform.map((n) => n.id)).toContain(id);
  });

  it('lists, edits and removes content of the current organisation only', async () => {
    const authorB = await createMember(t, { username: 'n-author-b', orgs: [orgB], nickname: 'AuthorB', keys: AUTHOR_KEYS });
    const page = await t.post<Page<NotificationRow>>(CONTENT, { method: 'list' }, { token: authorB.token });
    expect(page.data).toMatchObject({ list: [], total: 0, page: 1 });
    const adminRows = (await t.post<Page<NotificationRow>>(CONTENT, { method: 'list', kind: 'inform', size: 100 }, { token: admin })).data;
    expect(adminRows?.list.every((n) => n.kind === 'inform')).toBe(true);
    const someId = adminRows?.list[0]?.id;
    expect((await t.post(CONTENT, { method: 'update', id: someId, kind: 'inform', title: 'Hijack', audience: 'orgs', targets: [orgB] }, { token: authorB.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post(CONTENT, { method: 'remove', id: someId }, { token: authorB.token })).code).toBe(Code.NOT_FOUND);

    const updated = await t.post<NotificationRow>(CONTENT, { method: 'update', id: someId, kind: 'inform', title: 'Corrected', audience: 'users', targets: [alice.id, bob.id] }, { token: admin });
    expect(updated.data).toMatchObject({ title: 'Corrected', audience: 'users', targets: [alice.id, bob.id].sort((a, b) => a - b) });
    expect((await t.post(CONTENT, { method: 'remove', id: someId }, { token: admin })).code).toBe(200);
    expect((await t.post(CONTENT, { method: 'detail', id: someId }, { token: admin })).code).toBe(Code.NOT_FOUND);
  });

  it('refuses a field it does not know, naming it, instead of dropping it (issue 8 point 7)', async () => {
    const body = { kind: 'notice', title: 'Closed', audience: 'orgs', targets: [orgA] };
    expect(await t.post(CONTENT, { method: 'add', ...body, status: 1 }, { token: admin })).toMatchObject({ code: Code.VALIDATION, field: 'status' });
    const added = await t.post<NotificationRow>(CONTENT, { method: 'add', ...body }, { token: admin });
    const id = added.data?.id;
    expect(await t.post(CONTENT, { method: 'update', id, ...body, org_id: orgB }, { token: admin })).toMatchObject({ code: Code.VALIDATION, field: 'org_id' });
    expect(await t.post(OPERATION, { method: 'publish', id, published_at: '2020-01-01T00:00:00Z' }, { token: admin })).toMatchObject({ code: Code.VALIDATION, field: 'published_at' });
    expect(await t.post(CONTENT, { method: 'list', title: 'Closed' }, { token: admin })).toMatchObject({ code: Code.VALIDATION, field: 'title' });
    const detail = await t.post<NotificationRow>(CONTENT, { method: 'detail', id }, { token: admin });
    expect(detail.data).toMatchObject({ status: 0, title: 'Closed' });
  });

  it('counts recipients and readers', async () => {
    const id = await publish(admin, { kind: 'inform', title: 'Counted', audience: 'orgs', targets: [orgA] });
    await t.post(INBOX, { method: 'status', id }, { token: alice.token });
    const r = await t.post<NotificationStats>(OPERATION, { method: 'stats', id }, { token: admin });
    expect(r.data).toEqual({ recipients: 3, read: 1 });
  });

  it('keeps authoring to holders of the permission keys', async () => {
    expect((await t.post(CONTENT, { method: 'list' }, { token: alice.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.post(OPERATION, { method: 'publish', id: 1 }, { token: alice.token })).code).toBe(Code.FORBIDDEN);
  });
});
