import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, PLATFORM_ORG_ID, SERVICE_LIFECYCLE, SERVICE_STATES, type ServiceSecretAnswer } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { hashSecret } from '../equipment/secret';
import { dcServices } from './service';

const SERVICE = '/admin/dc/service';
const AUDIT = '/admin/dc/audit';

interface ServiceRow { id: number; state: string; reason: string; app_key: string | null; scopes: string; secret_issued_at: string | null }

describe.each(engines)('developer services (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let owner: MadeUser;
  let narrow: MadeUser;
  let outsider: MadeUser;
  let auditor: MadeUser;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    const orgA = await makeOrg(t, 'Integrator A');
    owner = await makeUser(t, orgA, 'all');
    narrow = await makeUser(t, orgA, ['dc.service.list', 'dc.service.add', 'system.user.list']);
    outsider = await makeUser(t, await makeOrg(t, 'Integrator B'), 'all');
    auditor = await makeUser(t, PLATFORM_ORG_ID, ['dc.audit.list', 'dc.audit.agree', 'dc.audit.reject']);
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = owner.token) => t.post<T>(path, body, { token });
  const register = async (extra: Record<string, unknown> = {}, token = owner.token) => {
    const r = await call<ServiceRow>(SERVICE, {
      method: 'add', name: `Svc ${Math.random()}`, callback_url: 'https://example.com/hook', scopes: 'system.user.list, system.role.list', ...extra,
    }, token);
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };

  it('declares the audit as a state machine over the declared states', () => {
    for (const step of SERVICE_LIFECYCLE) for (const s of [...step.from, step.to]) expect(SERVICE_STATES).toContain(s);
  });

  it('registers a service pending audit, with its scopes normalised', async () => {
    const row = await register({ scopes: 'system.role.list,system.user.list  system.user.list' });
    expect(row).toMatchObject({ state: 'pending', app_key: null, scopes: 'system.role.list,system.user.list' });
  });

  it('refuses a callback URL that is not http(s), and scopes unknown or not held, naming the field', async () => {
    const base = { method: 'add', name: 'Bad', scopes: 'system.user.list' };
    expect(await call(SERVICE, { ...base, callback_url: 'ftp://example.com' })).toMatchObject({ code: Code.VALIDATION, field: 'callback_url' });
    expect(await call(SERVICE, { ...base, callback_url: 'javascript:alert(1)' })).toMatchObject({ code: Code.VALIDATION, field: 'callback_url' });
    const ok = { ...base, callback_url: 'https://example.com' };
    expect(await call(SERVICE, { ...ok, scopes: 'no.such.key' })).toMatchObject({ code: Code.VALIDATION, field: 'scopes' });
    expect(await call(SERVICE, { ...ok, scopes: 'Not A Key' })).toMatchObject({ code: Code.VALIDATION, field: 'scopes' });
    expect(await call(SERVICE, { ...ok, scopes: ' , ' })).toMatchObject({ code: Code.VALIDATION, field: 'scopes' });
    // A registrant cannot hand a service more than it holds itself.
    expect(await call(SERVICE, { ...ok, scopes: 'system.user.remove' }, narrow.token)).toMatchObject({ code: Code.VALIDATION, field: 'scopes' });
    expect((await call(SERVICE, { ...ok, scopes: 'system.user.list' }, narrow.token)).code).toBe(200);
    // Platform-only keys stay with the platform even for a holder of every key.
    expect(await call(SERVICE, { ...ok, scopes: 'dc.audit.agree' })).toMatchObject({ code: Code.VALIDATION, field: 'scopes' });
  });

  it('lets only platform staff audit; the organisation sees only its own services', async () => {
    const svc = await register();
    for (const token of [owner.token, outsider.token]) {
      expect((await call(AUDIT, { method: 'list' }, token)).code).toBe(Code.FORBIDDEN);
      expect((await call(AUDIT, { method: 'agree', id: svc.id }, token)).code).toBe(Code.FORBIDDEN);
      expect((await call(AUDIT, { method: 'reject', id: svc.id, reason: 'no' }, token)).code).toBe(Code.FORBIDDEN);
    }
    const theirs = await call<{ list: ServiceRow[] }>(SERVICE, { method: 'list', size: 100 }, outsider.token);
    expect(theirs.data!.list.some((r) => r.id === svc.id)).toBe(false);
    expect((await call(SERVICE, { method: 'detail', id: svc.id }, outsider.token)).code).toBe(Code.NOT_FOUND);
    const seen = await call<{ list: ServiceRow[] }>(AUDIT, { method: 'list', state: 'pending', size: 100 }, auditor.token);
    expect(seen.data!.list.some((r) => r.id === svc.id)).toBe(true);
  });

  it('rejects with a reason; the owner edits and resubmits; the platform agrees and the service gets its app key', async () => {
    const svc = await register();
    expect(await call(AUDIT, { method: 'reject', id: svc.id }, auditor.token)).toMatchObject({ code: Code.VALIDATION, field: 'reason' });
    expect((await call(AUDIT, { method: 'reject', id: svc.id, reason: 'Callback does not answer' }, auditor.token)).code).toBe(200);
    let mine = (await call<ServiceRow>(SERVICE, { method: 'detail', id: svc.id })).data!;
    expect(mine).toMatchObject({ state: 'rejected', reason: 'Callback does not answer', app_key: null });
    // A rejected service cannot be agreed, nor rejected again.
    expect(await call(AUDIT, { method: 'agree', id: svc.id }, auditor.token)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect(await call(AUDIT, { method: 'reject', id: svc.id, reason: 'again' }, auditor.token)).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect((await call(SERVICE, { method: 'update', id: svc.id, callback_url: 'https://example.com/v2' })).code).toBe(200);
    expect((await call(SERVICE, { method: 'resubmit', id: svc.id })).code).toBe(200);
    mine = (await call<ServiceRow>(SERVICE, { method: 'detail', id: svc.id })).data!;
    expect(mine).toMatchObject({ state: 'pending', reason: '' });

    expect((await call(AUDIT, { method: 'agree', id: svc.id }, auditor.token)).code).toBe(200);
    mine = (await call<ServiceRow>(SERVICE, { method: 'detail', id: svc.id })).data!;
    expect(mine.state).toBe('approved');
    expect(mine.app_key).toMatch(/^gxak_[0-9a-f]{24}$/);
    // What was audited stays as it was: no edits, no resubmission.
    expect(await call(SERVICE, { method: 'update', id: svc.id, name: 'Changed' })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect(await call(SERVICE, { method: 'resubmit', id: svc.id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
  });

  it('issues the secret of an approved service once, stores only its hash, and resets it', async () => {
    const pending = await register();
    expect(await call(SERVICE, { method: 'reset_secret', id: pending.id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect((await call(AUDIT, { method: 'agree', id: pending.id }, admin)).code).toBe(200);
    const first = await call<ServiceRow & ServiceSecretAnswer>(SERVICE, { method: 'reset_secret', id: pending.id });
    expect(first.code, first.msg).toBe(200);
    expect(first.data!.app_secret).toMatch(/^[\w-]{22}$/);
    const [stored] = await t.database.db.select().from(dcServices).where(eq(dcServices.id, pending.id));
    expect(stored!.secretHash).toBe(hashSecret(first.data!.app_secret));
    expect(JSON.stringify(stored)).not.toContain(first.data!.app_secret);
    // Never answered again: not in the detail, the list, nor the operation log.
    const detail = await call<Record<string, unknown>>(SERVICE, { method: 'detail', id: pending.id });
    expect(JSON.stringify(detail.data)).not.toContain(first.data!.app_secret);
    expect(detail.data!.secret_issued_at).not.toBeNull();
    const log = await t.post('/admin/system/operation_log', { method: 'list', size: 20 }, { token: admin });
    expect(JSON.stringify(log.data)).not.toContain(first.data!.app_secret);
    const second = await call<ServiceSecretAnswer>(SERVICE, { method: 'reset_secret', id: pending.id });
    expect(second.data!.app_secret).not.toBe(first.data!.app_secret);
    expect(second.data!.app_key).toBe(first.data!.app_key);
    expect((await call(SERVICE, { method: 'reset_secret', id: pending.id }, outsider.token)).code).toBe(Code.NOT_FOUND);
  });
});
