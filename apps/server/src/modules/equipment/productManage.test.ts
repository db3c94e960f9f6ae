import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser } from '../../resources/testing/fixtures';

/**
 * SPEC §7 `/admin/productManage/*`: device licences and maintenance records (organisation-scoped), type images
 * and manufacturer logos (platform catalogue, written only by the platform).
 */
const AUTH = '/admin/productManage/device_auth';
const MAINT = '/admin/productManage/maintenance';
const TYPE = '/admin/productManage/type_image';
const MAKER = '/admin/productManage/manufacturer_image';

type Row = Record<string, unknown> & { id: number };

describe.each(engines)('product management (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let mine: string;
  let theirs: string;
  let modelId: number;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    mine = (await makeUser(t, await makeOrg(t, 'Vendor A'), 'all')).token;
    theirs = (await makeUser(t, await makeOrg(t, 'Vendor B'), 'all')).token;
    const m = await t.post<{ id: number }>('/admin/device/model', { method: 'add', family: 'ig', code: 'PM-MODEL-1', name: 'PM model' }, { token: admin });
    expect(m.code, `${m.msg} ${m.field ?? ''}`).toBe(Code.OK);
    modelId = m.data!.id;
  });
  afterAll(async () => { await t?.close(); });

  const call = <T = unknown>(token: string, path: string, body: Record<string, unknown>) => t.post<T>(path, body, { token });
  const ok = async <T = unknown>(token: string, path: string, body: Record<string, unknown>): Promise<T> => {
    const r = await call<T>(token, path, body);
    expect(r.code, `${r.msg} ${r.field ?? ''}`).toBe(Code.OK);
    return r.data as T;
  };
  const detail = (token: string, path: string, id: number) => ok<Row>(token, path, { method: 'detail', id });

  it('device_auth: add generates a unique code, lists, filters, updates, suspends and removes', async () => {
    const body = { method: 'add', model_id: modelId, feature: 'portal', quantity: 5, valid_from: '2026-01-01T00:00:00Z', valid_until: '2099-01-01T00:00:00Z' };
    const a = await ok<{ id: number }>(mine, AUTH, body);
    const b = await ok<{ id: number }>(mine, AUTH, { ...body, model_id: undefined, serial: 'PM-SERIAL-0001', feature: 'sdwan' });
    const ra = await detail(mine, AUTH, a.id);
    const rb = await detail(mine, AUTH, b.id);
    expect(ra.code).toMatch(/^LIC\d{18}$/);
    expect(ra.code).not.toBe(rb.code);
    expect(ra.state).toBe('active');
    const bySdwan = await ok<{ list: Row[]; total: number }>(mine, AUTH, { method: 'list', feature: 'sdwan' });
    expect(bySdwan.list.map((r) => r.id)).toEqual([b.id]);
    const bySerial = await ok<{ list: Row[] }>(mine, AUTH, { method: 'list', serial: 'pm-serial' });
    expect(bySerial.list.map((r) => r.id)).toEqual([b.id]);
    await ok(mine, AUTH, { method: 'update', id: a.id, quantity: 8 });
    expect((await detail(mine, AUTH, a.id)).quantity).toBe(8);
    await ok(mine, AUTH, { method: 'disable', id: a.id });
    expect((await detail(mine, AUTH, a.id)).state).toBe('suspended');
    await ok(mine, AUTH, { method: 'enable', id: a.id });
    const past = await ok<{ id: number }>(mine, AUTH, { ...body, valid_from: '2020-01-01T00:00:00Z', valid_until: '2021-01-01T00:00:00Z' });
    expect((await detail(mine, AUTH, past.id)).state).toBe('expired');
    expect((await call(mine, AUTH, { method: 'enable', id: past.id })).code).toBe(Code.CONFLICT);
    const exported = await ok<{ rows: number }>(mine, AUTH, { method: 'export' });
    expect(exported.rows).toBe(3);
    await ok(mine, AUTH, { method: 'remove', ids: [a.id, b.id, past.id] });
    expect((await ok<{ total: number }>(mine, AUTH, { method: 'list' })).total).toBe(0);
  });

  it('device_auth: validation errors name the field', async () => {
    const base = { method: 'add', model_id: modelId, feature: 'portal', valid_from: '2026-01-01T00:00:00Z' };
    const cases: [Record<string, unknown>, string][] = [
      [{ feature: 'teleport' }, 'feature'],
      [{ quantity: 0 }, 'quantity'],
      [{ serial: 'x' }, 'serial'],
      [{ valid_from: 'yesterday' }, 'valid_from'],
      [{ valid_until: '2025-01-01T00:00:00Z' }, 'valid_until'],
      [{ model_id: undefined }, 'serial'],
      [{ code: 'LIC-MINE' }, 'code'],
    ];
    for (const [extra, field] of cases) {
      const r = await call(mine, AUTH, { ...base, ...extra });
      expect([r.code, r.field], JSON.stringify(extra)).toEqual([Code.VALIDATION, field]);
    }
  });

  it('maintenance: add, list, the state machine, update and remove', async () => {
    const body = { method: 'add', serial: 'PM-RMA-0001', fault: 'No power', handling: 'repair', engineer: 'Li Lei', received_at: '2026-02-01T08:00:00Z', cost: 12345 };
    const a = await ok<{ id: number }>(mine, MAINT, body);
    expect(await detail(mine, MAINT, a.id)).toMatchObject({ state: 'received', cost: 12345, returned_at: null });
    expect((await call(mine, MAINT, { method: 'return', id: a.id })).code).toBe(Code.CONFLICT);
    await ok(mine, MAINT, { method: 'start', id: a.id });
    await ok(mine, MAINT, { method: 'return', id: a.id });
    const returned = await detail(mine, MAINT, a.id);
    expect(returned.state).toBe('returned');
    expect(returned.returned_at).toBeTruthy();
    expect((await call(mine, MAINT, { method: 'close', id: a.id })).code).toBe(Code.CONFLICT);
    const b = await ok<{ id: number }>(mine, MAINT, { ...body, serial: 'PM-RMA-0002', handling: 'refund' });
    await ok(mine, MAINT, { method: 'close', id: b.id });
    const closed = await ok<{ list: Row[] }>(mine, MAINT, { method: 'list', state: 'closed' });
    expect(closed.list.map((r) => r.id)).toEqual([b.id]);
    await ok(mine, MAINT, { method: 'update', id: a.id, engineer: 'Han Meimei' });
    expect((await detail(mine, MAINT, a.id)).engineer).toBe('Han Meimei');
    for (const [extra, field] of [[{ cost: 1.5 }, 'cost'], [{ cost: -1 }, 'cost'], [{ handling: 'burn' }, 'handling'], [{ fault: '' }, 'fault'], [{ serial: 'a b' }, 'serial']] as const) {
      const r = await call(mine, MAINT, { ...body, ...extra });
      expect([r.code, r.field], JSON.stringify(extra)).toEqual([Code.VALIDATION, field]);
    }
    await ok(mine, MAINT, { method: 'remove', ids: [a.id, b.id] });
    expect((await ok<{ total: number }>(mine, MAINT, { method: 'list' })).total).toBe(0);
  });

  it('another organisation can neither read nor change licences and maintenance records', async () => {
    const lic = await ok<{ id: number }>(mine, AUTH, { method: 'add', serial: 'PM-ISO-0001', feature: 'voip_lines', valid_from: '2026-01-01T00:00:00Z' });
    const rma = await ok<{ id: number }>(mine, MAINT, { method: 'add', serial: 'PM-ISO-0001', fault: 'Broken', received_at: '2026-01-01T00:00:00Z' });
    for (const [path, id, action] of [[AUTH, lic.id, 'disable'], [MAINT, rma.id, 'start']] as const) {
      expect((await ok<{ total: number }>(theirs, path, { method: 'list' })).total).toBe(0);
      expect((await call(theirs, path, { method: 'detail', id })).code).toBe(Code.NOT_FOUND);
      expect((await call(theirs, path, { method: 'update', id, remark: 'mine now' })).code).toBe(Code.NOT_FOUND);
      expect((await call(theirs, path, { method: action, id })).code).toBe(Code.NOT_FOUND);
      expect((await call(theirs, path, { method: 'remove', id })).code).toBe(Code.NOT_FOUND);
      expect((await detail(mine, path, id)).remark).toBe('');
    }
  });

  it('type_image: the platform writes, tenants are refused', async () => {
    const body = { method: 'add', family: 'olt', image: 'https://example.com/olt.png', title_zh: 'OLT', title_en: 'OLT', sort: 2 };
    const a = await ok<{ id: number }>(admin, TYPE, body);
    expect((await ok<{ list: Row[] }>(admin, TYPE, { method: 'list', family: 'olt' })).list.map((r) => r.id)).toEqual([a.id]);
    await ok(admin, TYPE, { method: 'update', id: a.id, title_en: 'Optical line terminal' });
    expect((await detail(admin, TYPE, a.id)).title_en).toBe('Optical line terminal');
    await ok(admin, TYPE, { method: 'disable', id: a.id });
    expect((await detail(admin, TYPE, a.id)).status).toBe(0);
    for (const [extra, field] of [[{ family: 'toaster' }, 'family'], [{ image: 'javascript:alert(1)' }, 'image'], [{ title_zh: '' }, 'title_zh']] as const) {
      const r = await call(admin, TYPE, { ...body, ...extra });
      expect([r.code, r.field], JSON.stringify(extra)).toEqual([Code.VALIDATION, field]);
    }
    expect((await call(mine, TYPE, body)).code).toBe(Code.FORBIDDEN);
    expect((await call(mine, TYPE, { method: 'update', id: a.id, title_en: 'x' })).code).toBe(Code.FORBIDDEN);
    expect((await call(mine, TYPE, { method: 'remove', id: a.id })).code).toBe(Code.FORBIDDEN);
    await ok(admin, TYPE, { method: 'remove', id: a.id });
    expect((await call(admin, TYPE, { method: 'detail', id: a.id })).code).toBe(Code.NOT_FOUND);
  });

  it('manufacturer_image: the platform writes, the website is validated, tenants are refused', async () => {
    const body = { method: 'add', name: 'Acme Networks', logo: 'https://example.com/acme.png', website: 'https://acme.example.com', sort: 1 };
    const a = await ok<{ id: number }>(admin, MAKER, body);
    expect((await ok<{ list: Row[] }>(admin, MAKER, { method: 'list', name: 'acme' })).list.map((r) => r.id)).toEqual([a.id]);
    await ok(admin, MAKER, { method: 'update', id: a.id, sort: 5 });
    expect((await detail(admin, MAKER, a.id)).sort).toBe(5);
    for (const [extra, field] of [[{ website: 'not a url' }, 'website'], [{ logo: 'data:text/html,x' }, 'logo'], [{ name: '' }, 'name']] as const) {
      const r = await call(admin, MAKER, { ...body, ...extra });
      expect([r.code, r.field], JSON.stringify(extra)).toEqual([Code.VALIDATION, field]);
    }
    expect((await call(mine, MAKER, body)).code).toBe(Code.FORBIDDEN);
    expect((await call(mine, MAKER, { method: 'update', id: a.id, sort: 9 })).code).toBe(Code.FORBIDDEN);
    await ok(admin, MAKER, { method: 'remove', id: a.id });
  });
});
