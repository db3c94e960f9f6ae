import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  Code, PLATFORM_ORG_ID, SERVICE_LIFECYCLE, SERVICE_STATE_OPTIONS, SERVICE_STATES, dcAllResource, dcServiceResource, type ServiceSecretAnswer,
} from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { dcCallDays } from './callStats';
import { dcServices } from './service';

const SERVICE = '/admin/dc/service';
const AUDIT = '/admin/dc/audit';
const ALL = '/admin/dc/all';

interface ServiceRow {
  id: number; org_id?: number; name: string; state: string; reason: string; app_key: string | null; secret_issued_at: string | null;
  revoked_at: string | null; calls_7d: number; errors_7d: number;
}

/** Issue 15 point 4: the owner revokes a key; "my services" counts recent calls; platform operators list every service. */
describe.each(engines)('developer services: revoke, recent calls, all services (%s)', (engine) => {
  let t: TestApp;
  const clock = new Date('2026-06-10T08:00:00Z');
  let admin: string;
  let orgA: number;
  let orgB: number;
  let owner: MadeUser;
  let noRevoke: MadeUser;
  let outsider: MadeUser;
  let operator: MadeUser;

  beforeAll(async () => {
    t = await startTestApp({ engine, services: { now: () => clock } });
    admin = await t.login();
    orgA = await makeOrg(t, 'Revoke A');
    orgB = await makeOrg(t, 'Revoke B');
    owner = await makeUser(t, orgA, 'all');
    noRevoke = await makeUser(t, orgA, ['dc.service.list', 'system.user.list']);
    outsider = await makeUser(t, orgB, 'all');
    operator = await makeUser(t, PLATFORM_ORG_ID, ['dc.all.list', 'dc.all.export']);
  }, 120_000);
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = owner.token) => t.post<T>(path, body, { token });
  const register = async (token = owner.token, name = `Svc ${Math.random()}`): Promise<ServiceRow> => {
    const r = await call<ServiceRow>(SERVICE, { method: 'add', name, callback_url: 'https://example.com/hook', scopes: 'system.user.list' }, token);
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };
  const approved = async (token = owner.token): Promise<ServiceRow & ServiceSecretAnswer> => {
    const svc = await register(token);
    expect((await call(AUDIT, { method: 'agree', id: svc.id }, admin)).code).toBe(200);
    const s = await call<ServiceRow & ServiceSecretAnswer>(SERVICE, { method: 'reset_secret', id: svc.id }, token);
    expect(s.code, s.msg).toBe(200);
    return s.data!;
  };
  const detail = async (id: number, token = owner.token) => (await call<ServiceRow>(SERVICE, { method: 'detail', id }, token)).data!;

  it('declares revoked in the machine and the options (labelled, coloured), and revoke as a confirmed state action', () => {
    expect(SERVICE_STATES).toContain('revoked');
    expect(SERVICE_LIFECYCLE.find((s) => s.action === 'revoke')).toMatchObject({ from: ['approved'], to: 'revoked', by: 'owner' });
    expect(SERVICE_LIFECYCLE.find((s) => s.action === 'resubmit')?.from).toContain('revoked');
    expect(SERVICE_STATE_OPTIONS.map((o) => o.value)).toEqual([...SERVICE_STATES]);
    const opt = SERVICE_STATE_OPTIONS.find((o) => o.value === 'revoked')!;
    expect(opt.label.zh_CN && opt.label.en && opt.color).toBeTruthy();
    const revoke = dcServiceResource.actions!.find((a) => a.name === 'revoke')!;
    expect(revoke.transition).toMatchObject({ field: 'state', from: ['approved'], to: 'revoked' });
    expect(revoke.confirm?.zh_CN && revoke.confirm.en).toBeTruthy();
  });

  it('refuses revoking from the wrong state (1007 naming state), another organisation (1006) and a user without the key (1003)', async () => {
    const pending = await register();
    expect(await call(SERVICE, { method: 'revoke', id: pending.id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect((await detail(pending.id)).state).toBe('pending');
    expect((await call(AUDIT, { method: 'reject', id: pending.id, reason: 'No' }, admin)).code).toBe(200);
    expect(await call(SERVICE, { method: 'revoke', id: pending.id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });

    const svc = await approved();
    expect((await call(SERVICE, { method: 'revoke', id: svc.id }, outsider.token)).code).toBe(Code.NOT_FOUND);
    expect((await call(SERVICE, { method: 'revoke', id: svc.id }, noRevoke.token)).code).toBe(Code.FORBIDDEN);
    expect((await call(SERVICE, { method: 'revoke' })).code).toBe(Code.VALIDATION);
    expect((await call(SERVICE, { method: 'revoke', id: 99_999_999 })).code).toBe(Code.NOT_FOUND);
    expect((await detail(svc.id)).state).toBe('approved');
  });

  it('revokes an approved key: revoked_at recorded, the secret discarded, its other steps refused', async () => {
    const svc = await approved();
    const r = await call<ServiceRow>(SERVICE, { method: 'revoke', id: svc.id });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ state: 'revoked', revoked_at: clock.toISOString(), secret_issued_at: null, app_key: svc.app_key });
    const [stored] = await t.database.db.select().from(dcServices).where(eq(dcServices.id, svc.id));
    expect(stored!.secretHash).toBeNull();
    // Not again, no new secret, no agreement by the platform while revoked.
    expect(await call(SERVICE, { method: 'revoke', id: svc.id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect(await call(SERVICE, { method: 'reset_secret', id: svc.id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect(await call(AUDIT, { method: 'agree', id: svc.id }, admin)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    // The operation log records the move.
    const log = await t.post<{ list: Record<string, unknown>[] }>('/admin/system/operation_log', { method: 'list', size: 20 }, { token: admin });
    expect(JSON.stringify(log.data)).toContain('revoke');
  });

  it('lets a revoked service be edited and resubmitted; approved again it keeps its app key and needs a new secret', async () => {
    const svc = await approved();
    expect((await call(SERVICE, { method: 'revoke', id: svc.id })).code).toBe(200);
    expect((await call(SERVICE, { method: 'update', id: svc.id, callback_url: 'https://example.com/v2' })).code).toBe(200);
    const again = await call<ServiceRow>(SERVICE, { method: 'resubmit', id: svc.id });
    expect(again.code, again.msg).toBe(200);
    expect(again.data).toMatchObject({ state: 'pending', reason: '' });
    expect((await call(AUDIT, { method: 'agree', id: svc.id }, admin)).code).toBe(200);
    const back = await detail(svc.id);
    expect(back).toMatchObject({ state: 'approved', app_key: svc.app_key, secret_issued_at: null });
    const fresh = await call<ServiceSecretAnswer>(SERVICE, { method: 'reset_secret', id: svc.id });
    expect(fresh.data!.app_secret).not.toBe(svc.app_secret);
  });

  it('shows the last 7 UTC days\' calls and errors of each service in the list and the detail, read-only', async () => {
    const counted = await register();
    const quiet = await register();
    const day = (back: number) => new Date(clock.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    await t.database.db.insert(dcCallDays).values([
      { serviceId: counted.id, day: day(0), calls: 10, errors: 2, totalMs: 100, maxMs: 20 },
      { serviceId: counted.id, day: day(6), calls: 5, errors: 1, totalMs: 50, maxMs: 20 },
      // Eight days ago: outside the window.
      { serviceId: counted.id, day: day(7), calls: 100, errors: 100, totalMs: 500, maxMs: 20 },
    ]);
    expect(await detail(counted.id)).toMatchObject({ calls_7d: 15, errors_7d: 3 });
    expect(await detail(quiet.id)).toMatchObject({ calls_7d: 0, errors_7d: 0 });
    const list = await call<{ list: ServiceRow[] }>(SERVICE, { method: 'list', size: 100 });
    expect(list.data!.list.find((r) => r.id === counted.id)).toMatchObject({ calls_7d: 15, errors_7d: 3 });
    expect(list.data!.list.find((r) => r.id === quiet.id)).toMatchObject({ calls_7d: 0, errors_7d: 0 });
    // Not writable: an update naming them is refused or leaves them as counted.
    const upd = await call(SERVICE, { method: 'update', id: counted.id, calls_7d: 0 });
    if (upd.code === 200) expect(await detail(counted.id)).toMatchObject({ calls_7d: 15 });
    else expect(upd.code).toBe(Code.VALIDATION);
    expect(dcServiceResource.fields.calls_7d.editable).toBe('never');
  });

  it('lists every organisation\'s services on "all services" for a platform operator, read-only, and refuses an organisation admin', async () => {
    const a = await register(owner.token, 'All page A');
    const b = await register(outsider.token, 'All page B');
    for (const token of [owner.token, outsider.token]) {
      expect((await call(ALL, { method: 'list' }, token)).code).toBe(Code.FORBIDDEN);
      expect((await call(ALL, { method: 'detail', id: a.id }, token)).code).toBe(Code.FORBIDDEN);
      expect((await call(ALL, { method: 'export', format: 'csv' }, token)).code).toBe(Code.FORBIDDEN);
    }
    const seen = await call<{ list: ServiceRow[]; total: number }>(ALL, { method: 'list', size: 100 }, operator.token);
    expect(seen.code, seen.msg).toBe(200);
    expect(seen.data!.list.find((r) => r.id === a.id)).toMatchObject({ org_id: orgA, name: 'All page A', state: 'pending', calls_7d: 0 });
    expect(seen.data!.list.find((r) => r.id === b.id)).toMatchObject({ org_id: orgB, name: 'All page B' });
    const onlyB = await call<{ list: ServiceRow[] }>(ALL, { method: 'list', size: 100, org_id: orgB }, operator.token);
    expect(onlyB.data!.list.length).toBeGreaterThan(0);
    expect(onlyB.data!.list.every((r) => r.org_id === orgB)).toBe(true);
    expect(await call(ALL, { method: 'list', org_id: 'x' }, operator.token)).toMatchObject({ code: Code.VALIDATION, field: 'org_id' });
    expect((await call<ServiceRow>(ALL, { method: 'detail', id: b.id }, operator.token)).data).toMatchObject({ id: b.id, org_id: orgB });
    const exp = await call<{ rows: number; content: string }>(ALL, { method: 'export', format: 'csv', org_id: orgA }, operator.token);
    expect(exp.code, exp.msg).toBe(200);
    expect(exp.data!.rows).toBeGreaterThan(0);
    // Read-only: no add, update or remove is served, nor a key to grant them.
    expect(dcAllResource.operations).toEqual(['list', 'detail', 'export']);
    for (const body of [{ method: 'add', name: 'x' }, { method: 'update', id: a.id, name: 'x' }, { method: 'remove', id: a.id }]) {
      expect((await call(ALL, body, admin)).code).not.toBe(200);
    }
    expect((await detail(a.id)).name).toBe('All page A');
  });
});
