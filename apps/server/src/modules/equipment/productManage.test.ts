import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, PLATFORM_ORG_ID } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser } from '../../resources/testing/fixtures';
import { deviceAuths } from './productManage';

/**
 * SPEC §7 `/admin/productManage/*`: device licences and maintenance records (organisation-scoped), type images
 * and manufacturer logos (platform catalogue, written only by the platform).
 */
const AUTH = '/admin/productManage/device_auth';
const MAINT = '/admin/productManage/maintenance';
const TYPE = '/admin/productManage/type_image';
const MAKER = '/admin/productManage/manufacturer_image';
const PART = '/admin/productManage/maintenance/part';
const DEVICE = '/admin/device/binding';

type Row = Record<string, unknown> & { id: number };

describe.each(engines)('product management (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let mine: string;
  let mineOrg: number;
  let theirs: string;
  let modelId: number;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    mineOrg = await makeOrg(t, 'Vendor A');
    mine = (await makeUser(t, mineOrg, 'all')).token;
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

  it('device_auth: the platform issues a licence with a unique code, lists, filters, updates, suspends and removes', async () => {
    const body = { method: 'add', model_id: modelId, feature: 'portal', quantity: 5, valid_from: '2026-01-01T00:00:00Z', valid_until: '2099-01-01T00:00:00Z' };
    const a = await ok<{ id: number }>(admin, AUTH, body);
    const b = await ok<{ id: number }>(admin, AUTH, { ...body, model_id: undefined, serial: 'PM-SERIAL-0001', feature: 'sdwan' });
    const ra = await detail(admin, AUTH, a.id);
    const rb = await detail(admin, AUTH, b.id);
    expect(ra.code).toMatch(/^LIC\d{18}$/);
    expect(ra.code).not.toBe(rb.code);
    expect(ra.state).toBe('active');
    // The platform issues in its own organisation; a form cannot place a licence in another one.
    expect(ra.org_id).toBe(PLATFORM_ORG_ID);
    expect(await call(admin, AUTH, { ...body, org_id: mineOrg })).toMatchObject({ code: Code.VALIDATION, field: 'org_id' });
    const bySdwan = await ok<{ list: Row[]; total: number }>(admin, AUTH, { method: 'list', feature: 'sdwan' });
    expect(bySdwan.list.map((r) => r.id)).toEqual([b.id]);
    const bySerial = await ok<{ list: Row[] }>(admin, AUTH, { method: 'list', serial: 'pm-serial' });
    expect(bySerial.list.map((r) => r.id)).toEqual([b.id]);
    await ok(admin, AUTH, { method: 'update', id: a.id, quantity: 8 });
    expect((await detail(admin, AUTH, a.id)).quantity).toBe(8);
    await ok(admin, AUTH, { method: 'disable', id: a.id });
    expect((await detail(admin, AUTH, a.id)).state).toBe('suspended');
    await ok(admin, AUTH, { method: 'enable', id: a.id });
    const past = await ok<{ id: number }>(admin, AUTH, { ...body, valid_from: '2020-01-01T00:00:00Z', valid_until: '2021-01-01T00:00:00Z' });
    expect((await detail(admin, AUTH, past.id)).state).toBe('expired');
    expect((await call(admin, AUTH, { method: 'enable', id: past.id })).code).toBe(Code.CONFLICT);
    const exported = await ok<{ rows: number }>(admin, AUTH, { method: 'export' });
    expect(exported.rows).toBe(3);
    await ok(admin, AUTH, { method: 'remove', ids: [a.id, b.id, past.id] });
    expect((await ok<{ total: number }>(admin, AUTH, { method: 'list' })).total).toBe(0);
  });

  it('device_auth: an organisation holding every key cannot issue, change, suspend, resume or remove a licence, only read its own', async () => {
    // A licence the organisation holds, written as authorized receive writes one (the platform's grant accepted).
    const [held] = await t.database.db.insert(deviceAuths).values({
      orgId: mineOrg, code: 'LIC000000000000000001', serial: 'PM-HELD-0001', feature: 'portal', quantity: 2, validFrom: new Date('2026-01-01T00:00:00Z'),
    }).returning({ id: deviceAuths.id });
    const id = held!.id;
    const body = { model_id: modelId, feature: 'portal', quantity: 100_000, valid_from: '2026-01-01T00:00:00Z' };
    for (const attempt of [{ method: 'add', ...body }, { method: 'update', id, quantity: 100_000 }, { method: 'disable', id }, { method: 'enable', id }, { method: 'remove', ids: [id] }]) {
      expect((await call(mine, AUTH, attempt)).code, attempt.method).toBe(Code.FORBIDDEN);
    }
    const listed = await ok<{ list: Row[] }>(mine, AUTH, { method: 'list' });
    expect(listed.list.map((r) => [r.id, r.quantity, r.state, r.org_id])).toEqual([[id, 2, 'active', mineOrg]]);
    // Platform staff see every organisation's licences, each with the organisation holding it.
    const seen = await ok<{ list: Row[] }>(admin, AUTH, { method: 'list', serial: 'PM-HELD' });
    expect(seen.list.map((r) => [r.id, r.org_id])).toEqual([[id, mineOrg]]);
    expect((await ok<{ rows: number }>(mine, AUTH, { method: 'export' })).rows).toBe(1);
    // The console offers the organisation no button it would be refused.
    const info = await call<{ btnlist: string[] }>(mine, '/admin/index/info', {});
    expect(info.data!.btnlist).toContain('device.device_auth.list');
    expect(info.data!.btnlist.filter((k) => k.startsWith('device.device_auth.') && !['list', 'export'].includes(k.split('.')[2]!))).toEqual([]);
    await t.database.db.delete(deviceAuths).where(eq(deviceAuths.id, id));
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
      const r = await call(admin, AUTH, { ...base, ...extra });
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
    const [lic] = await t.database.db.insert(deviceAuths).values({
      orgId: mineOrg, code: 'LIC000000000000000002', serial: 'PM-ISO-0001', feature: 'voip_lines', validFrom: new Date('2026-01-01T00:00:00Z'),
    }).returning({ id: deviceAuths.id });
    const rma = await ok<{ id: number }>(mine, MAINT, { method: 'add', serial: 'PM-ISO-0001', fault: 'Broken', received_at: '2026-01-01T00:00:00Z' });
    // Writing a licence is the platform's alone: refused before the row is even looked for.
    for (const [path, id, action, writes] of [[AUTH, lic!.id, 'disable', Code.FORBIDDEN], [MAINT, rma.id, 'start', Code.NOT_FOUND]] as const) {
      expect((await ok<{ total: number }>(theirs, path, { method: 'list' })).total).toBe(0);
      expect((await call(theirs, path, { method: 'detail', id })).code).toBe(Code.NOT_FOUND);
      expect((await call(theirs, path, { method: 'update', id, remark: 'mine now' })).code).toBe(writes);
      expect((await call(theirs, path, { method: action, id })).code).toBe(writes);
      expect((await call(theirs, path, { method: 'remove', id })).code).toBe(writes);
      expect((await detail(mine, path, id)).remark).toBe('');
    }
    await t.database.db.delete(deviceAuths).where(eq(deviceAuths.id, lic!.id));
  });

  it('maintenance: device_id is the organisation\'s registered device with the serial, never another organisation\'s', async () => {
    const own = await ok<{ id: number }>(mine, DEVICE, { method: 'add', serial: 'PM-DEV-MINE-01', family: 'ig', name: 'Lobby gateway' });
    await ok(theirs, DEVICE, { method: 'add', serial: 'PM-DEV-THEIRS-01', family: 'ig' });
    const base = { method: 'add', fault: 'Reboots', received_at: '2026-03-01T00:00:00Z' };
    const linked = await ok<{ id: number }>(mine, MAINT, { ...base, serial: 'PM-DEV-MINE-01', action_taken: 'Reflashed the firmware' });
    const unknown = await ok<{ id: number }>(mine, MAINT, { ...base, serial: 'PM-DEV-NOWHERE-01' });
    const foreign = await ok<{ id: number }>(mine, MAINT, { ...base, serial: 'PM-DEV-THEIRS-01' });
    expect(await detail(mine, MAINT, linked.id)).toMatchObject({ device_id: own.id, action_taken: 'Reflashed the firmware', labour_cents: 0, cost: 0 });
    expect((await detail(mine, MAINT, unknown.id)).device_id).toBeNull();
    expect((await detail(mine, MAINT, foreign.id)).device_id).toBeNull();
    // The server's field: not settable; an update re-resolves it from the (new) serial.
    expect((await call(mine, MAINT, { ...base, serial: 'PM-DEV-MINE-01', device_id: own.id + 1 })).field).toBe('device_id');
    await ok(mine, MAINT, { method: 'update', id: unknown.id, serial: 'PM-DEV-MINE-01' });
    expect((await detail(mine, MAINT, unknown.id)).device_id).toBe(own.id);
    await ok(mine, MAINT, { method: 'update', id: linked.id, serial: 'PM-DEV-THEIRS-01' });
    expect((await detail(mine, MAINT, linked.id)).device_id).toBeNull();
    const listed = await ok<{ list: Row[] }>(mine, MAINT, { method: 'list', serial: 'PM-DEV-MINE' });
    expect(listed.list.map((r) => r.device_id)).toEqual([own.id]);
    expect((await call(mine, MAINT, { ...base, serial: 'PM-DEV-X-01', action_taken: 'x'.repeat(1001) })).field).toBe('action_taken');
    await ok(mine, MAINT, { method: 'remove', ids: [linked.id, unknown.id, foreign.id] });
  });

  it('maintenance: cost is labour + parts, recomputed on every change; parts are validated', async () => {
    const rec = await ok<{ id: number }>(mine, MAINT, { method: 'add', serial: 'PM-COST-0001', fault: 'Dead port', received_at: '2026-03-02T00:00:00Z', labour_cents: 5000 });
    const cost = async () => Number((await detail(mine, MAINT, rec.id)).cost);
    expect(await cost()).toBe(5000);
    // An old-style cost beside a labour charge is the server's to compute: the labour wins.
    const both = await ok<{ id: number }>(mine, MAINT, { method: 'add', serial: 'PM-COST-0002', fault: 'x', received_at: '2026-03-02T00:00:00Z', labour_cents: 100, cost: 999 });
    expect(await detail(mine, MAINT, both.id)).toMatchObject({ labour_cents: 100, cost: 100 });
    expect((await call(mine, MAINT, { method: 'update', id: rec.id, cost: 1 })).field).toBe('cost');

    const p1 = await ok<{ id: number }>(mine, PART, { method: 'add', maintenance_id: rec.id, name: 'Power board', quantity: 2, unit_cents: 3550 });
    expect(await cost()).toBe(5000 + 2 * 3550);
    const p2 = await ok<{ id: number }>(mine, PART, { method: 'add', maintenance_id: rec.id, name: 'Fan', quantity: 3, unit_cents: 199 });
    expect(await cost()).toBe(5000 + 7100 + 597);
    expect(await detail(mine, PART, p2.id)).toMatchObject({ amount_cents: 597, maintenance_id: rec.id });
    await ok(mine, PART, { method: 'update', id: p2.id, quantity: 10 });
    expect(await cost()).toBe(5000 + 7100 + 1990);
    await ok(mine, MAINT, { method: 'update', id: rec.id, labour_cents: 0 });
    expect(await cost()).toBe(7100 + 1990);
    await ok(mine, PART, { method: 'remove', id: p1.id });
    expect(await cost()).toBe(1990);
    const listed = await ok<{ list: Row[]; total: number }>(mine, PART, { method: 'list', maintenance_id: rec.id });
    expect(listed.list.map((r) => r.id)).toEqual([p2.id]);

    const good = { method: 'add', maintenance_id: rec.id, name: 'Cable', quantity: 1, unit_cents: 100 };
    for (const [extra, field] of [
      [{ quantity: 0 }, 'quantity'], [{ quantity: 1000 }, 'quantity'], [{ quantity: 1.5 }, 'quantity'], [{ unit_cents: -1 }, 'unit_cents'],
      [{ unit_cents: 100_000_001 }, 'unit_cents'], [{ name: '' }, 'name'], [{ amount_cents: 5 }, 'amount_cents'],
    ] as const) {
      const r = await call(mine, PART, { ...good, ...extra });
      expect([r.code, r.field], JSON.stringify(extra)).toEqual([Code.VALIDATION, field]);
    }
    expect((await call(mine, PART, { method: 'update', id: p2.id, quantity: 0 })).field).toBe('quantity');
    // The total stays exact and capped: 999 × ¥1,000,000 is beyond it, and nothing changes.
    const big = await call(mine, PART, { ...good, quantity: 999, unit_cents: 100_000_000 });
    expect([big.code, big.field]).toEqual([Code.VALIDATION, 'unit_cents']);
    expect(await cost()).toBe(1990);
    expect((await ok<{ total: number }>(mine, PART, { method: 'list', maintenance_id: rec.id })).total).toBe(1);

    // Removing a record with parts asks first; confirmed, its parts go with it.
    expect((await call(mine, MAINT, { method: 'remove', id: rec.id })).code).toBe(Code.IN_USE);
    await ok(mine, MAINT, { method: 'remove', id: rec.id, confirm: true });
    expect((await ok<{ total: number }>(mine, PART, { method: 'list', maintenance_id: rec.id })).total).toBe(0);
    await ok(mine, MAINT, { method: 'remove', id: both.id });
  });

  it('maintenance: an old-style import row with only a cost keeps it, as labour', async () => {
    const csv = 'serial,fault,handling,received_at,Cost (cents)\nPM-IMP-0001,Broken screen,repair,2026-01-05T00:00:00Z,4200\n';
    const form = new FormData();
    form.append('method', 'import');
    form.append('file', new Blob([Buffer.from(csv, 'utf8')]), 'maintenance.csv');
    const res = await fetch(`${t.url}/v3${MAINT}`, { method: 'POST', headers: { authorization: `Bearer ${mine}`, 'accept-language': 'en' }, body: form });
    const answer = (await res.json()) as { code: number; msg: string; data?: { imported: number } };
    expect(answer.code, answer.msg).toBe(Code.OK);
    expect(answer.data?.imported).toBe(1);
    const [row] = (await ok<{ list: Row[] }>(mine, MAINT, { method: 'list', serial: 'PM-IMP-0001' })).list;
    expect(row).toMatchObject({ labour_cents: 4200, cost: 4200, device_id: null });
    await ok(mine, MAINT, { method: 'remove', id: row!.id });
  });

  it('another organisation can neither see nor change a record\'s parts', async () => {
    const rec = await ok<{ id: number }>(mine, MAINT, { method: 'add', serial: 'PM-PART-ISO-1', fault: 'x', received_at: '2026-03-03T00:00:00Z', labour_cents: 10 });
    const part = await ok<{ id: number }>(mine, PART, { method: 'add', maintenance_id: rec.id, name: 'Relay', quantity: 1, unit_cents: 90 });
    expect((await ok<{ total: number }>(theirs, PART, { method: 'list', maintenance_id: rec.id })).total).toBe(0);
    expect((await call(theirs, PART, { method: 'detail', id: part.id })).code).toBe(Code.NOT_FOUND);
    expect((await call(theirs, PART, { method: 'update', id: part.id, quantity: 5 })).code).toBe(Code.NOT_FOUND);
    expect((await call(theirs, PART, { method: 'remove', id: part.id })).code).toBe(Code.NOT_FOUND);
    const foreignAdd = await call(theirs, PART, { method: 'add', maintenance_id: rec.id, name: 'Sneaky', quantity: 1, unit_cents: 1 });
    expect([foreignAdd.code, foreignAdd.field]).toEqual([Code.NOT_FOUND, 'maintenance_id']);
    expect((await detail(mine, MAINT, rec.id)).cost).toBe(100);
    await ok(mine, MAINT, { method: 'remove', id: rec.id, confirm: true });
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
