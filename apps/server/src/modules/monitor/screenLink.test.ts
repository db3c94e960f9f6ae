import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, SCREEN_LINK_SUMMARY_PATH, STATUS_DISABLED, screenLinkResource, type BigScreenSummary, type LargeChatSummary } from '@gx/contract';
import { devices, organizations } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { hashToken } from '../../auth/token';
import { screenLinks } from './screenLink';

const PATH = screenLinkResource.path;

/**
 * Display links: a big screen of one organisation, shown on a display nobody signs in on, through a token made once
 * by a holder of the add key; nothing else is reachable through it, and revoking or expiring it ends it.
 */
describe.each(engines)('display links of the big screens (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  let admin: MadeUser;
  let viewer: MadeUser;
  let outsider: MadeUser;

  const make = async (user: MadeUser, body: Record<string, unknown>) =>
    t.post<{ id: number; link_token?: string; screen: string; standing: string; expires_at: string | null }>(PATH, { method: 'add', ...body }, { token: user.token });
  const through = <T>(screen: string, key: string) => t.post<T>(SCREEN_LINK_SUMMARY_PATH, { method: screen, key });

  beforeAll(async () => {
    t = await startTestApp({ engine });
    orgA = await makeOrg(t, 'Links A');
    orgB = await makeOrg(t, 'Links B');
    admin = await makeUser(t, orgA, ['monitor.screen_link.list', 'monitor.screen_link.add', 'monitor.screen_link.revoke', 'monitor.screen_link.remove']);
    viewer = await makeUser(t, orgA, ['monitor.screen_link.list']);
    outsider = await makeUser(t, orgB, 'all');
    await t.database.db.insert(devices).values([
      { orgId: orgA, serial: 'LINK-A-1', family: 'ig', secretHash: 'x', name: 'A gateway', online: 1 },
      { orgId: orgA, serial: 'LINK-A-2', family: 'ap', secretHash: 'x', name: 'A access point', online: 0 },
      { orgId: orgB, serial: 'LINK-B-1', family: 'ig', secretHash: 'x', name: 'B gateway', online: 1 },
    ]);
  });
  afterAll(async () => t.close());

  it('answers the token once, keeps only its hash, and shows the organisation\'s screen through it with no session', async () => {
    const r = await make(admin, { name: 'Lobby TV', screen: 'tv' });
    expect(r.code, r.msg).toBe(200);
    const token = r.data!.link_token!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.data!.standing).toBe('active');
    expect(r.data!.expires_at).toBeNull();
    const [stored] = await t.database.db.select().from(screenLinks).where(eq(screenLinks.id, r.data!.id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.lastUsedAt).toBeNull();
    // Listed without the token.
    const list = await t.post<{ list: Record<string, unknown>[] }>(PATH, { method: 'list' }, { token: viewer.token });
    expect(list.data!.list.map((row) => row.name)).toContain('Lobby TV');
    expect(JSON.stringify(list.data)).not.toContain(token);

    const s = await through<BigScreenSummary>('tv', token);
    expect(s.code, s.msg).toBe(200);
    expect(s.data!.totals).toMatchObject({ total: 2, online: 1 });
    const [used] = await t.database.db.select().from(screenLinks).where(eq(screenLinks.id, r.data!.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('opens only the screen it was made for, and refuses unknown or malformed keys alike', async () => {
    const r = await make(admin, { name: 'Hall chat', screen: 'largechat' });
    const token = r.data!.link_token!;
    expect((await through<LargeChatSummary>('largechat', token)).code).toBe(200);
    for (const other of ['bigdata', 'tv', 'sdwan']) expect((await through(other, token)).code).toBe(Code.NOT_FOUND);
    expect((await through('tv', 'A'.repeat(43))).code).toBe(Code.NOT_FOUND);
    const bad = await through('tv', 'not a token');
    expect(bad.code).toBe(Code.VALIDATION);
    expect(bad.field).toBe('key');
    const unknownScreen = await through('weather', token);
    expect(unknownScreen.code).not.toBe(200);
  });

  it('stops at once when revoked, when expired, and while its organisation is disabled', async () => {
    const revoked = await make(admin, { name: 'To revoke', screen: 'bigdata' });
    const key = revoked.data!.link_token!;
    expect((await through('bigdata', key)).code).toBe(200);
    const rv = await t.post(PATH, { method: 'revoke', id: revoked.data!.id }, { token: admin.token });
    expect(rv.code, rv.msg).toBe(200);
    expect((await through('bigdata', key)).code).toBe(Code.NOT_FOUND);

    const timed = await make(admin, { name: 'A week', screen: 'bigdata', valid_days: 7 });
    expect(new Date(timed.data!.expires_at!).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const timedKey = timed.data!.link_token!;
    expect((await through('bigdata', timedKey)).code).toBe(200);
    await t.database.db.update(screenLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(screenLinks.id, timed.data!.id));
    expect((await through('bigdata', timedKey)).code).toBe(Code.NOT_FOUND);
    const listed = await t.post<{ list: { id: number; standing: string }[] }>(PATH, { method: 'list' }, { token: admin.token });
    expect(listed.data!.list.find((row) => row.id === timed.data!.id)?.standing).toBe('expired');

    const b = await make(outsider, { name: 'B wall', screen: 'bigdata' });
    const bKey = b.data!.link_token!;
    const bSummary = await through<BigScreenSummary>('bigdata', bKey);
    expect(bSummary.data!.totals).toMatchObject({ total: 1, online: 1 });
    await t.database.db.update(organizations).set({ status: STATUS_DISABLED }).where(eq(organizations.id, orgB));
    expect((await through('bigdata', bKey)).code).toBe(Code.NOT_FOUND);
    await t.database.db.update(organizations).set({ status: 1 }).where(eq(organizations.id, orgB));
  });

  it('keeps each organisation to its own links, and needs the add key to make one', async () => {
    const refused = await make(viewer, { name: 'Not mine to make', screen: 'tv' });
    expect(refused.code).toBe(Code.FORBIDDEN);
    const mine = await make(admin, { name: 'A only', screen: 'tv' });
    const theirs = await t.post<{ list: { name: string }[] }>(PATH, { method: 'list' }, { token: outsider.token });
    expect(theirs.data!.list.map((row) => row.name)).not.toContain('A only');
    const revokeOther = await t.post(PATH, { method: 'revoke', id: mine.data!.id }, { token: outsider.token });
    expect(revokeOther.code).not.toBe(200);
    expect((await through('tv', mine.data!.link_token!)).code).toBe(200);
    const missing = await make(admin, { name: '', screen: 'tv' });
    expect(missing.code).toBe(Code.VALIDATION);
    expect(missing.field).toBe('name');
    const tooLong = await make(admin, { name: 'Too long', screen: 'tv', valid_days: 99999 });
    expect(tooLong.code).toBe(Code.VALIDATION);
    expect(tooLong.field).toBe('valid_days');
  });
});
