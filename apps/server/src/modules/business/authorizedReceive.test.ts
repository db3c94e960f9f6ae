import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { Code, PLATFORM_ORG_ID } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { notifications, organizations } from '../../db/schema';
import { conglomerateOrgs, conglomerates } from './conglomerate';
import { licenceGrants } from './authorizedReceive';

const SEND = '/admin/business/authorized_send';
const RECEIVE = '/admin/business/authorized_receive';
const LICENCES = '/admin/productManage/device_auth';

interface Grant {
  id: number; state: string; feature: string; quantity: number; valid_from: string; valid_until: string | null; reason: string;
  licence_code: string | null; decided_by_name: string | null; decided_at: string | null; from_org_name?: string; to_org_name?: string;
  _denied?: Record<string, string>;
}
interface Licence { id: number; code: string; feature: string; quantity: number; serial: string; valid_from: string; valid_until: string | null; state: string }
interface Page<T> { list: T[]; total: number }

const VALID_FROM = '2026-01-01T00:00:00.000Z';
const VALID_UNTIL = '2030-01-01T00:00:00.000Z';
const HOUR = 3_600_000;

/**
 * Authorized send / receive: licences sent by the platform (or a distributor, out of a licence it holds) to another
 * organisation, which accepts them into its device licences or refuses them; the sender withdraws while they wait.
 */
describe.each(engines)('licence grants (%s)', (engine) => {
  let t: TestApp;
  let clock = new Date();
  let platform: MadeUser;
  let receiver: MadeUser;
  let outsider: MadeUser;
  let distributor: MadeUser;
  let viewer: MadeUser;
  let sender: MadeUser;
  const org = { b: 0, c: 0, d: 0 };

  beforeAll(async () => {
    t = await startTestApp({ engine, services: { now: () => clock } });
    org.b = await makeOrg(t, 'Grant Hotel B');
    org.c = await makeOrg(t, 'Grant Hotel C');
    org.d = await makeOrg(t, 'Grant Distributor D');
    platform = await makeUser(t, PLATFORM_ORG_ID, 'all');
    receiver = await makeUser(t, org.b, 'all');
    outsider = await makeUser(t, org.c, 'all');
    distributor = await makeUser(t, org.d, 'all');
    viewer = await makeUser(t, org.b, ['business.authorized_receive.list']);
    sender = await makeUser(t, PLATFORM_ORG_ID, ['business.authorized_send.list']);
    // B's owner hears of new grants whatever its roles.
    await t.database.db.update(organizations).set({ ownerId: viewer.id }).where(eq(organizations.id, org.b));
    // D distributes within its conglomerate, which holds B but not C.
    const [group] = await t.database.db.insert(conglomerates).values({ name: 'Grant group', code: 'GRANT01' }).returning({ id: conglomerates.id });
    await t.database.db.insert(conglomerateOrgs).values([{ conglomerateId: group!.id, orgId: org.d }, { conglomerateId: group!.id, orgId: org.b }]);
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, who: MadeUser) => t.post<T>(path, body, { token: who.token });
  const terms = { feature: 'portal', serial: 'GRANT-0001', quantity: 20, valid_from: VALID_FROM, valid_until: VALID_UNTIL };
  const send = async (body: Record<string, unknown> = {}, who = platform) => {
    const r = await call<Grant>(SEND, { method: 'add', to_org_id: org.b, ...terms, ...body }, who);
    expect(r.code, `${r.msg} ${String(r.field)}`).toBe(200);
    return r.data!;
  };
  const list = async (path: string, who: MadeUser) => (await call<Page<Grant>>(path, { method: 'list', size: 100 }, who)).data!;
  const licences = async (who: MadeUser) => (await call<Page<Licence>>(LICENCES, { method: 'list', size: 100 }, who)).data!;
  const grantCount = async () => (await t.database.db.select().from(licenceGrants)).length;

  it('shows a sent grant to its receiver and its sender only, and tells the receiver\'s people', async () => {
    const sent = await send({ remark: 'Spring order' });
    expect(sent).toMatchObject({ state: 'pending', to_org_name: 'Grant Hotel B', feature: 'portal', quantity: 20, licence_code: null });
    const received = await list(RECEIVE, receiver);
    expect(received.list.map((r) => r.id)).toContain(sent.id);
    expect(received.list.find((r) => r.id === sent.id)).toMatchObject({ from_org_name: expect.any(String), state: 'pending' });
    expect((await list(SEND, platform)).list.map((r) => r.id)).toContain(sent.id);
    // The receiver does not see it among what it sent, nor the sender among what it received.
    expect((await list(SEND, receiver)).total).toBe(0);
    expect((await list(RECEIVE, platform)).list.map((r) => r.id)).not.toContain(sent.id);
    // A third organisation sees it on neither page, and cannot act on it.
    expect((await list(RECEIVE, outsider)).total).toBe(0);
    expect((await list(SEND, outsider)).total).toBe(0);
    for (const [path, body] of [[RECEIVE, { method: 'detail', id: sent.id }], [RECEIVE, { method: 'accept', id: sent.id }],
      [RECEIVE, { method: 'refuse', id: sent.id, reason: 'No' }], [SEND, { method: 'withdraw', id: sent.id }], [SEND, { method: 'detail', id: sent.id }]] as const) {
      expect(await call(path, body, outsider), `${path} ${body.method}`).toMatchObject({ code: Code.NOT_FOUND });
    }
    // B's owner and holders of the accept key got one notification; nobody elsewhere.
    const told = await t.database.db.select().from(notifications).where(and(eq(notifications.orgId, org.b), like(notifications.title, '%New licences%')));
    expect(told).toHaveLength(1);
    expect(told[0]!.content).toContain('× 20');
  });

  it('accepts a grant into the receiver\'s device licences, once', async () => {
    const sent = await send({ quantity: 7, serial: 'GRANT-0002', feature: 'sdwan' });
    const before = (await licences(receiver)).total;
    const r = await call<Grant>(RECEIVE, { method: 'accept', id: sent.id }, receiver);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ state: 'accepted', decided_by_name: receiver.username, licence_code: expect.stringMatching(/^LIC\d{18}$/) });
    const mine = await licences(receiver);
    expect(mine.total).toBe(before + 1);
    expect(mine.list.find((l) => l.code === r.data!.licence_code)).toMatchObject({
      feature: 'sdwan', quantity: 7, serial: 'GRANT-0002', valid_from: VALID_FROM, valid_until: VALID_UNTIL, state: 'active',
    });
    // Nobody else got a licence from it.
    expect((await licences(outsider)).total).toBe(0);
    // Accepting again, refusing or withdrawing it now is refused on its state.
    expect(await call(RECEIVE, { method: 'accept', id: sent.id }, receiver)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect(await call(RECEIVE, { method: 'refuse', id: sent.id, reason: 'Changed my mind' }, receiver)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect(await call(SEND, { method: 'withdraw', id: sent.id }, platform)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect((await licences(receiver)).total).toBe(before + 1);
    // The list marks it: nothing more to do.
    expect((await list(RECEIVE, receiver)).list.find((g) => g.id === sent.id)?._denied).toMatchObject({ accept: expect.any(String), refuse: expect.any(String) });
  });

  it('refuses a grant with a reason', async () => {
    const sent = await send();
    expect(await call(RECEIVE, { method: 'refuse', id: sent.id }, receiver)).toMatchObject({ code: Code.VALIDATION, field: 'reason' });
    expect(await call(RECEIVE, { method: 'refuse', id: sent.id, reason: '   ' }, receiver)).toMatchObject({ code: Code.VALIDATION, field: 'reason' });
    const r = await call<Grant>(RECEIVE, { method: 'refuse', id: sent.id, reason: 'Wrong hotel' }, receiver);
    expect(r.data).toMatchObject({ state: 'refused', reason: 'Wrong hotel', licence_code: null });
    expect((await call<Grant>(SEND, { method: 'detail', id: sent.id }, platform)).data).toMatchObject({ state: 'refused', reason: 'Wrong hotel' });
    expect(await call(RECEIVE, { method: 'accept', id: sent.id }, receiver)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
  });

  it('lets the sender withdraw a pending grant, and only the sender', async () => {
    const sent = await send();
    // The receiver has no withdraw; the sender cannot accept its own.
    expect((await call(RECEIVE, { method: 'withdraw', id: sent.id }, receiver)).code).toBe(Code.UNKNOWN_METHOD);
    expect(await call(RECEIVE, { method: 'accept', id: sent.id }, platform)).toMatchObject({ code: Code.NOT_FOUND });
    expect((await call<Grant>(SEND, { method: 'withdraw', id: sent.id }, platform)).data).toMatchObject({ state: 'withdrawn' });
    expect(await call(RECEIVE, { method: 'accept', id: sent.id }, receiver)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect(await call(SEND, { method: 'withdraw', id: sent.id }, platform)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
  });

  it('expires a grant not accepted by its deadline', async () => {
    const sent = await send({ deadline: new Date(clock.getTime() + HOUR).toISOString() });
    expect(sent.state).toBe('pending');
    const saved = clock;
    clock = new Date(saved.getTime() + 2 * HOUR);
    try {
      expect((await call<Grant>(RECEIVE, { method: 'detail', id: sent.id }, receiver)).data?.state).toBe('expired');
      expect(await call(RECEIVE, { method: 'accept', id: sent.id }, receiver)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
      expect((await list(SEND, platform)).list.find((g) => g.id === sent.id)?.state).toBe('expired');
    } finally {
      clock = saved;
    }
  });

  it('enforces the permission keys', async () => {
    const sent = await send();
    expect(await call(RECEIVE, { method: 'accept', id: sent.id }, viewer)).toMatchObject({ code: Code.FORBIDDEN });
    expect(await call(RECEIVE, { method: 'refuse', id: sent.id, reason: 'No' }, viewer)).toMatchObject({ code: Code.FORBIDDEN });
    expect((await call(RECEIVE, { method: 'list' }, viewer)).code).toBe(200);
    expect(await call(SEND, { method: 'list' }, viewer)).toMatchObject({ code: Code.FORBIDDEN });
    expect(await call(SEND, { method: 'add', to_org_id: org.b, ...terms }, sender)).toMatchObject({ code: Code.FORBIDDEN });
    expect(await call(SEND, { method: 'recipients' }, sender)).toMatchObject({ code: Code.FORBIDDEN });
    expect(await call(SEND, { method: 'withdraw', id: sent.id }, sender)).toMatchObject({ code: Code.FORBIDDEN });
    expect((await call<Grant>(RECEIVE, { method: 'detail', id: sent.id }, receiver)).data?.state).toBe('pending');
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const before = await grantCount();
    const cases: [Record<string, unknown>, string, number?][] = [
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: -3 }, 'quantity'],
      [{ quantity: undefined }, 'quantity'],
      [{ to_org_id: PLATFORM_ORG_ID }, 'to_org_id'],
      [{ to_org_id: 2_000_000_000 }, 'to_org_id'],
      [{ to_org_id: undefined }, 'to_org_id'],
      [{ feature: 'teleport' }, 'feature'],
      [{ serial: undefined }, 'serial'],
      [{ valid_until: VALID_FROM }, 'valid_until'],
      [{ deadline: new Date(clock.getTime() - HOUR).toISOString() }, 'deadline'],
      [{ model_id: 2_000_000_000 }, 'model_id', Code.NOT_FOUND],
    ];
    for (const [extra, field, code] of cases) {
      const r = await call(SEND, { method: 'add', to_org_id: org.b, ...terms, ...extra }, platform);
      expect(r, JSON.stringify(extra)).toMatchObject({ code: code ?? Code.VALIDATION, field });
    }
    // A disabled organisation receives nothing.
    await t.database.db.update(organizations).set({ status: 0 }).where(eq(organizations.id, org.c));
    expect(await call(SEND, { method: 'add', ...terms, to_org_id: org.c }, platform)).toMatchObject({ code: Code.VALIDATION, field: 'to_org_id' });
    await t.database.db.update(organizations).set({ status: 1 }).where(eq(organizations.id, org.c));
    expect(await grantCount()).toBe(before);
  });

  it('lets a distributor send, within its conglomerate, only what its own licence has left', async () => {
    // The distributor's own licence comes from the platform, as every organisation's does (it cannot write one).
    expect((await call(LICENCES, { method: 'add', feature: 'portal', serial: 'DIST-0001', quantity: 10, valid_from: VALID_FROM }, distributor)).code).toBe(Code.FORBIDDEN);
    const toDistributor = await send({ to_org_id: org.d, serial: 'DIST-0001', quantity: 10 });
    expect((await call<Grant>(RECEIVE, { method: 'accept', id: toDistributor.id }, distributor)).data?.state).toBe('accepted');
    const source = (await licences(distributor)).list.find((l) => l.serial === 'DIST-0001')!;
    expect(source.quantity).toBe(10);
    const from = { source_auth_id: source.id, serial: 'DIST-0001', quantity: 6 };
    // Whom it may pick: its conglomerate's organisations, not others, not itself.
    const picks = await call<{ list: { value: number; label: string }[]; more: boolean }>(SEND, { method: 'recipients' }, distributor);
    expect(picks.data).toEqual({ list: [{ value: org.b, label: 'Grant Hotel B' }], more: false });
    expect((await call<{ list: { value: number }[] }>(SEND, { method: 'recipients', keyword: String(org.c) }, platform)).data?.list).toEqual([{ value: org.c, label: 'Grant Hotel C' }]);
    const before = await grantCount();
    const refused: [Record<string, unknown>, string][] = [
      [{ source_auth_id: undefined }, 'source_auth_id'],
      [{ to_org_id: org.c }, 'to_org_id'],
      [{ to_org_id: PLATFORM_ORG_ID }, 'to_org_id'],
      [{ feature: 'sdwan' }, 'feature'],
      [{ serial: 'DIST-0002' }, 'serial'],
      [{ quantity: 11 }, 'quantity'],
      [{ valid_until: undefined }, 'valid_until'],
      [{ valid_until: '2031-01-01T00:00:00.000Z' }, 'valid_until'],
      [{ valid_from: '2025-01-01T00:00:00.000Z' }, 'valid_from'],
    ];
    for (const [extra, field] of refused) {
      const r = await call(SEND, { method: 'add', to_org_id: org.b, ...terms, ...from, ...extra }, distributor);
      expect(r, JSON.stringify(extra)).toMatchObject({ code: Code.VALIDATION, field });
    }
    // Another organisation's licence is not its to draw on.
    const theirs = await call<Licence>(LICENCES, { method: 'add', feature: 'portal', serial: 'DIST-0001', quantity: 99, valid_from: VALID_FROM }, platform);
    expect((await call(SEND, { method: 'add', to_org_id: org.b, ...terms, ...from, source_auth_id: theirs.data!.id }, distributor)).field).toBe('source_auth_id');
    expect(await grantCount()).toBe(before);

    const first = await send(from, distributor);
    // 6 of 10 are promised: 5 more is too many, 4 fits.
    expect(await call(SEND, { method: 'add', to_org_id: org.b, ...terms, ...from, quantity: 5 }, distributor)).toMatchObject({ code: Code.VALIDATION, field: 'quantity' });
    const second = await send({ ...from, quantity: 4 }, distributor);
    // A withdrawn grant gives its quantity back.
    await call(SEND, { method: 'withdraw', id: second.id }, distributor);
    const third = await send({ ...from, quantity: 4 }, distributor);
    expect((await call<Grant>(RECEIVE, { method: 'accept', id: first.id }, receiver)).data?.state).toBe('accepted');
    // The platform suspends the distributor's licence (it administers every organisation's; the distributor may
    // not): nothing more is drawn from it, and what waits can no longer be accepted.
    expect((await call(LICENCES, { method: 'disable', id: source.id }, distributor)).code).toBe(Code.FORBIDDEN);
    expect((await call(LICENCES, { method: 'disable', id: source.id }, platform)).code).toBe(200);
    expect(await call(SEND, { method: 'add', to_org_id: org.b, ...terms, ...from, quantity: 1 }, distributor)).toMatchObject({ code: Code.VALIDATION, field: 'source_auth_id' });
    expect(await call(RECEIVE, { method: 'accept', id: third.id }, receiver)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect((await call<Grant>(RECEIVE, { method: 'detail', id: third.id }, receiver)).data?.state).toBe('pending');
    // Removed altogether, it is no source either (the grant's reference is emptied, not forgotten).
    expect((await call(LICENCES, { method: 'remove', id: source.id }, platform)).code).toBe(200);
    expect(await call(RECEIVE, { method: 'accept', id: third.id }, receiver)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    // What was accepted stays the receiver's.
    expect((await licences(receiver)).list.filter((l) => l.serial === 'DIST-0001').map((l) => l.quantity)).toEqual([6]);
  });
});
