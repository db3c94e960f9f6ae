import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, TransferLinkApi, type TransferLinkResolution, type TransferLinkSummary } from '@gx/contract';
import { deviceTransfers, devices } from '../../db/schema';
import { hashToken } from '../../auth/token';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { USER_PASSWORD, makeOrg, makeUser, switchOrg, type MadeUser } from '../../resources/testing/fixtures';

const BINDING = '/admin/device/binding';
const TRANSFER = '/admin/device/transfer';

/** `/authorizedtoreceive?token=…`: the link of a transfer offer, its public summary and who may act on it. */
describe.each(engines)('transfer links (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let orgA: number;
  let orgB: number;
  let orgC: number;
  let a: MadeUser;
  let b: MadeUser;
  let c: MadeUser;
  let ipSeq = 0;
  const freshIp = () => `10.8.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const summary = (token: string, ip = freshIp(), extra: Record<string, unknown> = {}) =>
    t.post<TransferLinkSummary>(TransferLinkApi.path, { method: 'summary', token, ...extra }, { headers: { 'x-forwarded-for': ip } });
  const resolve = (token: string, user?: string) => t.post<TransferLinkResolution>(TransferLinkApi.path, { method: 'resolve', token }, { token: user });

  /** A device of orgA offered to orgB: its id and the link token the offer answered. */
  async function offered(serial: string): Promise<{ id: number; token: string }> {
    const made = await t.post<{ id: number }>(BINDING, { method: 'add', serial, family: 'ig', name: `Gateway ${serial}` }, { token: a.token });
    expect(made.code, made.msg).toBe(200);
    const r = await t.post<{ link_token: string }>(BINDING, { method: 'transfer', id: made.data!.id, to_org_id: orgB }, { token: a.token });
    expect(r.code, r.msg).toBe(200);
    expect(r.data!.link_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { id: made.data!.id, token: r.data!.link_token };
  }

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' } });
    admin = await t.login();
    orgA = await makeOrg(t, 'Sender A');
    orgB = await makeOrg(t, 'Receiver B');
    a = await makeUser(t, orgA, 'all');
    b = await makeUser(t, orgB, 'all');
    orgC = await makeOrg(t, 'Bystander C');
    c = await makeUser(t, orgC, 'all');
    expect(admin).toBeTruthy();
  });
  afterAll(async () => t.close());

  it('keeps only the hash of the token, and tells anyone with the link the offer and nothing else', async () => {
    const { id, token } = await offered('LINK-1');
    const [row] = await t.database.db.select().from(deviceTransfers).where(eq(deviceTransfers.deviceId, id));
    expect(row!.linkHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const s = await summary(token);
    expect(s.code, s.msg).toBe(200);
    expect(s.data).toMatchObject({ found: true, serial: 'LINK-1', family: 'ig', from_org: 'Sender A', state: 'pending' });
    expect(Object.keys(s.data!).sort()).toEqual(['family', 'found', 'from_org', 'model', 'offered_at', 'serial', 'state']);
    // An unknown token answers like any other wrong one; a malformed one names the field.
    expect((await summary('x'.repeat(43))).data).toEqual({ found: false });
    expect(await summary('short')).toMatchObject({ code: Code.VALIDATION, field: 'token' });
    expect(await summary(token, freshIp(), { id })).toMatchObject({ code: Code.VALIDATION, field: 'id' });
    // The offer's row never carries the hash.
    const listed = await t.post<{ list: Record<string, unknown>[] }>(TRANSFER, { method: 'list', serial: 'LINK-1' }, { token: a.token });
    expect(JSON.stringify(listed.data)).not.toMatch(/link_hash|linkHash/);
  });

  it('tells a signed-in user which side they are on, and the receiver accepts through the transfer\'s own action', async () => {
    const { id, token } = await offered('LINK-2');
    expect((await resolve(token)).code).toBe(Code.NOT_LOGGED_IN);
    const asB = (await resolve(token, b.token)).data!;
    expect(asB).toMatchObject({ side: 'receiver', state: 'pending', receiver: { id: orgB, name: 'Receiver B' } });
    expect((await resolve(token, a.token)).data).toMatchObject({ side: 'sender', receiver: null });
    expect((await resolve(token, c.token)).data).toMatchObject({ side: 'other', receiver: null });
    expect(await resolve('y'.repeat(43), b.token)).toMatchObject({ code: Code.NOT_FOUND, field: 'token' });
    // The sender cannot accept its own offer; the receiver can, and the device moves.
    expect((await t.post(TRANSFER, { method: 'accept', id: asB.transfer_id }, { token: a.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.post(TRANSFER, { method: 'accept', id: asB.transfer_id }, { token: b.token })).code).toBe(200);
    const [d] = await t.database.db.select({ orgId: devices.orgId }).from(devices).where(eq(devices.id, id));
    expect(d!.orgId).toBe(orgB);
    // The link now says so, and it cannot be used twice.
    expect((await summary(token)).data).toMatchObject({ found: true, state: 'accepted' });
    expect(await t.post(TRANSFER, { method: 'accept', id: asB.transfer_id }, { token: b.token })).toMatchObject({ code: 200 });
    expect(await t.post(TRANSFER, { method: 'decline', id: asB.transfer_id }, { token: b.token })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
  });

  it('lets a member of the receiver working elsewhere see where to switch, and nobody outside act on it', async () => {
    const { token } = await offered('LINK-3');
    const both = await makeUser(t, orgB, 'all', undefined, false);
    await switchOrg(t, both.id, orgC);
    const r = (await resolve(token, await t.login(both.username, USER_PASSWORD))).data!;
    expect(r).toMatchObject({ side: 'other', receiver: { id: orgB, name: 'Receiver B' } });
    expect((await t.post(TRANSFER, { method: 'accept', id: r.transfer_id }, { token: c.token })).code).toBe(Code.NOT_FOUND);
    // Without the accept key the receiver's user sees the offer but cannot take it.
    const viewer = await makeUser(t, orgB, ['device.transfer.list']);
    expect((await resolve(token, viewer.token)).data!.side).toBe('receiver');
    expect((await t.post(TRANSFER, { method: 'accept', id: r.transfer_id }, { token: viewer.token })).code).toBe(Code.FORBIDDEN);
  });

  it('re-issues the link from the sender\'s row only, the old one stopping, and ends it with the offer', async () => {
    const { token } = await offered('LINK-4');
    const transferId = (await resolve(token, a.token)).data!.transfer_id;
    expect(await t.post(TRANSFER, { method: 'link', id: transferId }, { token: b.token })).toMatchObject({ code: Code.FORBIDDEN, field: 'state' });
    const listedByB = await t.post<{ list: { id: number; _denied?: Record<string, string> }[] }>(TRANSFER, { method: 'list', serial: 'LINK-4' }, { token: b.token });
    expect(listedByB.data!.list[0]!._denied?.link).toBeTruthy();
    const again = await t.post<{ link_token: string }>(TRANSFER, { method: 'link', id: transferId }, { token: a.token });
    expect(again.code, again.msg).toBe(200);
    expect(again.data!.link_token).not.toBe(token);
    expect((await summary(token)).data).toEqual({ found: false });
    expect((await summary(again.data!.link_token)).data).toMatchObject({ found: true, state: 'pending' });
    expect((await t.post(TRANSFER, { method: 'cancel', id: transferId }, { token: a.token })).code).toBe(200);
    expect((await summary(again.data!.link_token)).data).toMatchObject({ found: true, state: 'canceled' });
    expect(await t.post(TRANSFER, { method: 'link', id: transferId }, { token: a.token })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
  });

  it('asks an IP for the captcha after the free queries and refuses one token after 20 from anywhere', async () => {
    const { token } = await offered('LINK-5');
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await summary(token, ip)).code).toBe(200);
    expect(await summary(token, ip)).toMatchObject({ code: Code.CAPTCHA_WRONG, field: 'code' });
    for (let i = 0; i < 15; i++) expect((await summary(token)).code).toBe(200);
    expect((await summary(token)).code).toBe(Code.TOO_MANY_ATTEMPTS);
  });
});
