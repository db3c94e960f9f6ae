import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, ProjectCollaborationApi, type ProjectInvitationOutcome, type ProjectInvitationSummary } from '@gx/contract';
import { hashToken } from '../../auth/token';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { projectInvitations } from './projectInvitation';

const PROJECTS = '/admin/business/project_team';
const MEMBERS = '/admin/business/project_team/member';
const INVITATIONS = '/admin/business/project_team/invitation';

interface Invitation { id: number; standing: string; state: string; invitee: string | null; link_token?: string }

/** Project invitations: made by the project's organisation, answered on `/ProjectCollaboration` by token. */
describe.each(engines)('project invitations (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let manager: MadeUser;
  let colleague: MadeUser;
  let outsider: MadeUser;
  let project: number;
  let ipSeq = 0;
  const freshIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const summary = (token: string, ip = freshIp()) =>
    t.post<ProjectInvitationSummary>(ProjectCollaborationApi.path, { method: 'summary', token }, { headers: { 'x-forwarded-for': ip } });
  const answer = (choice: 'accept' | 'decline', token: string, user?: string) =>
    t.post<ProjectInvitationOutcome>(ProjectCollaborationApi.path, { method: choice, token }, { token: user, headers: { 'accept-language': 'en' } });
  async function invite(body: Record<string, unknown> = {}): Promise<{ id: number; token: string }> {
    const r = await t.post<Invitation>(INVITATIONS, { method: 'add', project_id: project, role: 'engineer', valid_days: 7, note: 'For the cabling crew', ...body }, { token: manager.token });
    expect(r.code, r.msg).toBe(200);
    expect(r.data!.link_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { id: r.data!.id, token: r.data!.link_token! };
  }
  const members = async () => (await t.post<{ list: { user_id: number; member_name: string; outside: number; role: string }[] }>(
    MEMBERS, { method: 'list', project_id: project }, { token: manager.token })).data!.list;
  const invitation = async (id: number) => (await t.post<Invitation>(INVITATIONS, { method: 'detail', id }, { token: manager.token })).data!;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' } });
    orgA = await makeOrg(t, 'Harbour Builders');
    manager = await makeUser(t, orgA, ['business.project.list', 'business.project_member.list', 'business.project_invitation.list',
      'business.project_invitation.add', 'business.project_invitation.revoke']);
    colleague = await makeUser(t, orgA, []);
    outsider = await makeUser(t, await makeOrg(t, 'Cable Co'), 'all');
    const admin = await makeUser(t, orgA, 'all');
    const p = await t.post<{ id: number }>(PROJECTS, { method: 'add', name: 'Harbour Hotel Wi-Fi' }, { token: admin.token });
    expect(p.code, p.msg).toBe(200);
    project = p.data!.id;
  });
  afterAll(async () => t.close());

  it('answers the link token once, keeps only its hash, and checks the form naming the field', async () => {
    const { id, token } = await invite();
    const [row] = await t.database.db.select().from(projectInvitations).where(eq(projectInvitations.id, id));
    expect(row!.tokenHash).toBe(hashToken(token));
    const listed = await t.post(INVITATIONS, { method: 'list', project_id: project }, { token: manager.token });
    expect(JSON.stringify(listed.data)).not.toContain(token);
    expect(JSON.stringify(listed.data)).not.toMatch(/token_hash|tokenHash/);
    expect(await invitation(id)).toMatchObject({ standing: 'pending', state: 'pending', invitee: null });
    for (const [over, field] of [[{ valid_days: 0 }, 'valid_days'], [{ valid_days: undefined }, 'valid_days'], [{ valid_days: null }, 'valid_days'], [{ valid_days: 31 }, 'valid_days'], [{ role: 'boss' }, 'role'],
      [{ note: 'x'.repeat(201) }, 'note'], [{ token_hash: 'x' }, 'token_hash'], [{ state: 'accepted' }, 'state']] as const) {
      const r = await t.post(INVITATIONS, { method: 'add', project_id: project, role: 'engineer', valid_days: 7, ...over }, { token: manager.token });
      expect([r.code, r.field], JSON.stringify(over)).toEqual([Code.VALIDATION, field]);
    }
    // Another organisation's project is not there to invite to.
    const elsewhere = await t.post<{ id: number }>(PROJECTS, { method: 'add', name: 'Not yours' }, { token: outsider.token });
    expect(await t.post(INVITATIONS, { method: 'add', project_id: elsewhere.data!.id, role: 'engineer', valid_days: 7 }, { token: manager.token }))
      .toMatchObject({ code: Code.NOT_FOUND, field: 'project_id' });
    // Nor may anyone else list, revoke or read this one.
    expect((await t.post<{ list: unknown[] }>(INVITATIONS, { method: 'list' }, { token: outsider.token })).data!.list).toEqual([]);
    expect((await t.post(INVITATIONS, { method: 'revoke', id }, { token: outsider.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post(INVITATIONS, { method: 'add', project_id: project, role: 'engineer', valid_days: 7 }, { token: colleague.token })).code).toBe(Code.FORBIDDEN);
  });

  it('tells anyone with the link the project, organisation and role, and nothing private', async () => {
    const { token } = await invite({ role: 'observer' });
    const s = await summary(token);
    expect(s.code, s.msg).toBe(200);
    expect(s.data).toMatchObject({ found: true, project: 'Harbour Hotel Wi-Fi', org: 'Harbour Builders', standing: 'pending' });
    expect(Object.keys(s.data!).sort()).toEqual(['expires_at', 'found', 'org', 'project', 'role', 'standing']);
    expect(JSON.stringify(s.data)).not.toContain('cabling');
    expect((await summary('z'.repeat(43))).data).toEqual({ found: false });
    expect(await summary('nope')).toMatchObject({ code: Code.VALIDATION, field: 'token' });
  });

  it('adds a user of another organisation to the team with the role, once, and names them in the list', async () => {
    const { id, token } = await invite({ role: 'support' });
    expect((await answer('accept', token)).code).toBe(Code.NOT_LOGGED_IN);
    const ok = await answer('accept', token, outsider.token);
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toEqual({ standing: 'accepted', project: 'Harbour Hotel Wi-Fi', org: 'Harbour Builders', role: 'Support' });
    const mine = (await members()).find((m) => m.user_id === outsider.id);
    expect(mine).toMatchObject({ role: 'support', outside: 1, member_name: outsider.username });
    expect(await invitation(id)).toMatchObject({ standing: 'accepted', invitee: outsider.username });
    expect((await summary(token)).data).toMatchObject({ standing: 'accepted' });
    // Accepting twice, or by someone else, or declining afterwards: refused naming the token, nothing changes.
    for (const [choice, user] of [['accept', outsider], ['accept', colleague], ['decline', colleague]] as const) {
      const r = await answer(choice, token, user.token);
      expect([r.code, r.field, r.msg], `${choice} ${user.username}`).toEqual([Code.CONFLICT, 'token', 'This invitation has already been answered']);
    }
    expect((await members()).filter((m) => m.user_id === colleague.id)).toEqual([]);
    // The outside collaborator sees nothing of the organisation for it.
    expect((await t.post<{ list: unknown[] }>(MEMBERS, { method: 'list', project_id: project }, { token: outsider.token })).data!.list).toEqual([]);
  });

  it('marks a member of the organisation as such, and refuses someone already on the team', async () => {
    const first = await invite();
    expect((await answer('accept', first.token, colleague.token)).code).toBe(200);
    expect((await members()).find((m) => m.user_id === colleague.id)).toMatchObject({ outside: 0, role: 'engineer' });
    const second = await invite({ role: 'manager' });
    expect(await answer('accept', second.token, colleague.token)).toMatchObject({ code: Code.CONFLICT, field: 'token', msg: 'You are already on this project\'s team' });
    expect(await invitation(second.id)).toMatchObject({ standing: 'pending' });
  });

  it('declines, revokes and expires, each saying so', async () => {
    const declined = await invite();
    expect((await answer('decline', declined.token, outsider.token)).data).toMatchObject({ standing: 'declined' });
    expect(await invitation(declined.id)).toMatchObject({ standing: 'declined' });
    expect(await answer('accept', declined.token, outsider.token)).toMatchObject({ code: Code.CONFLICT, field: 'token' });

    const revoked = await invite();
    expect((await t.post(INVITATIONS, { method: 'revoke', id: revoked.id }, { token: manager.token })).code).toBe(200);
    expect((await summary(revoked.token)).data).toMatchObject({ standing: 'revoked' });
    expect(await answer('accept', revoked.token, outsider.token)).toMatchObject({ code: Code.CONFLICT, field: 'token', msg: 'This invitation was revoked' });
    // An answered invitation can no longer be revoked (the list says so before anyone tries).
    const declinedRow = (await t.post<{ list: (Invitation & { _denied?: Record<string, string> })[] }>(INVITATIONS, { method: 'list', project_id: project }, { token: manager.token }))
      .data!.list.find((r) => r.id === declined.id)!;
    expect(declinedRow._denied?.revoke).toBeTruthy();
    expect(await t.post(INVITATIONS, { method: 'revoke', id: declined.id }, { token: manager.token })).toMatchObject({ code: Code.CONFLICT, field: 'state' });

    const expired = await invite();
    await t.database.db.update(projectInvitations).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(projectInvitations.id, expired.id));
    expect((await summary(expired.token)).data).toMatchObject({ standing: 'expired' });
    expect(await invitation(expired.id)).toMatchObject({ standing: 'expired', state: 'pending' });
    expect(await answer('accept', expired.token, outsider.token)).toMatchObject({ code: Code.CONFLICT, field: 'token', msg: 'This invitation has expired' });
    expect(await answer('decline', 'q'.repeat(43), outsider.token)).toMatchObject({ code: Code.NOT_FOUND, field: 'token' });
  });

  it('refuses joining a disabled project', async () => {
    const { token } = await invite();
    const admin = await makeUser(t, orgA, 'all');
    expect((await t.post(PROJECTS, { method: 'disable', id: project }, { token: admin.token })).code).toBe(200);
    expect(await answer('accept', token, outsider.token)).toMatchObject({ code: Code.CONFLICT, field: 'token', msg: 'This project is disabled and takes no new members' });
    expect((await t.post(PROJECTS, { method: 'enable', id: project }, { token: admin.token })).code).toBe(200);
  });

  it('asks an IP for the captcha after the free summaries', async () => {
    const { token } = await invite();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await summary(token, ip)).code).toBe(200);
    expect(await summary(token, ip)).toMatchObject({ code: Code.CAPTCHA_WRONG, field: 'code' });
  });
});
