import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CLAIM_LIFECYCLE, Code, SHARE_LIFECYCLE, STOCK_LIFECYCLE, TRANSFER_LIFECYCLE, canStep, type Envelope, type StateMachine,
} from '@gx/contract';
import { deviceShares, deviceStock, devices } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { parseCsv } from '../../resources/spreadsheet/csv';
import { secretMatches } from './secret';

interface ImportProblem { row: number; column: string; message: string }
interface Unit { id: number; serial: string; authorization_number: string; state: string; family: string }

describe('the lifecycle tables', () => {
  it('move only between declared states, each step from a state of its own machine', () => {
    const machines: [string, StateMachine<string>, readonly string[]][] = [
      ['stock', STOCK_LIFECYCLE, ['in_stock', 'claimed', 'bound']],
      ['claim', CLAIM_LIFECYCLE, ['pending', 'agreed', 'rejected', 'canceled']],
      ['transfer', TRANSFER_LIFECYCLE, ['pending', 'accepted', 'declined', 'canceled']],
      ['share', SHARE_LIFECYCLE, ['active', 'revoked']],
    ];
    for (const [name, m, states] of machines) {
      for (const s of m) for (const st of [...s.from, s.to]) expect(states, `${name}#${s.action}`).toContain(st);
    }
    expect(canStep(CLAIM_LIFECYCLE, 'agree', 'pending')).toBe(true);
    expect(canStep(CLAIM_LIFECYCLE, 'agree', 'rejected')).toBe(false);
    expect(canStep(STOCK_LIFECYCLE, 'claim', 'bound')).toBe(false);
  });
});

describe.each(engines)('device lifecycle (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let orgA: number;
  let orgB: number;
  let a: MadeUser;
  let b: MadeUser;
  let igModel: number;
  let oltModel: number;

  async function upload(data: string, token = admin): Promise<Envelope<{ imported?: number; errors?: ImportProblem[] }>> {
    const form = new FormData();
    form.append('method', 'import');
    form.append('file', new Blob([new Uint8Array(Buffer.from(data))]), 'units.csv');
    const res = await fetch(`${t.url}/v3/admin/device/warehouse`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: form });
    return (await res.json()) as Envelope<{ imported?: number; errors?: ImportProblem[] }>;
  }
  async function unit(serial: string): Promise<Unit> {
    const r = await t.post<{ list: Unit[] }>('/admin/device/warehouse', { method: 'list', serial }, { token: admin });
    const u = r.data!.list.find((x) => x.serial === serial);
    if (!u) throw new Error(`no unit ${serial}`);
    return u;
  }
  async function claim(serial: string, token: string) {
    const u = await unit(serial);
    return t.post<{ id: number; state: string }>('/admin/device/binding', { method: 'claim', serial, authorization_number: u.authorization_number }, { token });
  }
  async function deviceOf(serial: string) {
    const [d] = await t.database.db.select().from(devices).where(eq(devices.serial, serial));
    return d;
  }
  /** Imports, claims for orgA and agrees: a managed device of orgA. */
  async function managed(serial: string, model = 'GX-IG-T1'): Promise<number> {
    expect((await upload(`serial,model\n${serial},${model}\n`)).code).toBe(200);
    const c = await claim(serial, a.token);
    expect((await t.post('/admin/device/audit', { method: 'agree', id: c.data!.id }, { token: admin })).code).toBe(200);
    return (await deviceOf(serial))!.id;
  }

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    orgA = await makeOrg(t, 'Owner');
    orgB = await makeOrg(t, 'Receiver');
    a = await makeUser(t, orgA, 'all');
    b = await makeUser(t, orgB, 'all');
    const ig = await t.post<{ id: number }>('/admin/device/model', {
      method: 'add', family: 'ig', code: 'GX-IG-T1', name: 'Gateway', lan_ports: 4, wan_ports: 1, radios: '2.4G+5G', commands: 'restart,portal_kick,restart',
    }, { token: admin });
    expect(ig.code).toBe(200);
    igModel = ig.data!.id;
    const olt = await t.post<{ id: number }>('/admin/device/model', { method: 'add', family: 'olt', code: 'GX-OLT-T1', name: 'OLT', pon_ports: 16, max_onus: 1024 }, { token: admin });
    expect(olt.code).toBe(200);
    oltModel = olt.data!.id;
  });
  afterAll(async () => t.close());

  it('types model capabilities per family and refuses what the family lacks, naming the field', async () => {
    const detail = await t.post<{ capabilities: unknown; commands: string }>('/admin/device/model', { method: 'detail', id: igModel }, { token: admin });
    expect(detail.data).toMatchObject({ commands: 'restart,portal_kick' });
    expect(detail.data!.capabilities).toEqual({ family: 'ig', commands: ['restart', 'portal_kick'], lan_ports: 4, wan_ports: 1, max_clients: 0, sip_lines: 0, radios: '2.4G+5G' });
    const radio = await t.post('/admin/device/model', { method: 'add', family: 'olt', code: 'GX-OLT-BAD', name: 'x', radios: '5G' }, { token: admin });
    expect(radio).toMatchObject({ code: Code.VALIDATION, field: 'radios' });
    const cmd = await t.post('/admin/device/model', { method: 'update', id: oltModel, commands: 'play' }, { token: admin });
    expect(cmd).toMatchObject({ code: Code.VALIDATION, field: 'commands' });
    const port = await t.post('/admin/device/model', { method: 'update', id: oltModel, lan_ports: 2 }, { token: admin });
    expect(port).toMatchObject({ code: Code.VALIDATION, field: 'lan_ports' });
    // The family paths are the same resource filtered by family.
    const olts = await t.post<{ list: { id: number }[] }>('/admin/device/olt/model', { method: 'list', family: 'ig' }, { token: admin });
    expect(olts.data!.list.map((m) => m.id)).toEqual([oltModel]);
    expect((await t.post('/admin/device/olt/model', { method: 'detail', id: igModel }, { token: admin })).code).toBe(Code.NOT_FOUND);
    expect((await t.post('/admin/device/ig/model', { method: 'detail', id: igModel }, { token: admin })).code).toBe(200);
    // The catalogue is the platform's.
    expect((await t.post('/admin/device/model', { method: 'list' }, { token: a.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.post('/admin/device/ig/model', { method: 'list' }, { token: a.token })).code).toBe(Code.FORBIDDEN);
  });

  it('imports nothing from a file with bad rows and lists every one of them', async () => {
    const r = await upload([
      'serial,model,authorization_number,mac',
      'IMP-OK-1,GX-IG-T1,,00:11:22:33:44:55',
      'bad serial!,GX-IG-T1,,',
      'IMP-OK-2,GX-IG-T1,,00-11-22',
      'IMP-OK-1,GX-IG-T1,,',
      'IMP-OK-3,NO-SUCH-MODEL,,',
      'IMP-OK-4,GX-IG-T1,short,',
    ].join('\n') + '\n');
    expect(r.code).toBe(Code.VALIDATION);
    const errors = (r.data as { errors: ImportProblem[] }).errors;
    expect(errors.map((e) => [e.row, e.column])).toEqual([[3, 'serial'], [4, 'mac'], [5, 'serial'], [6, 'model_id'], [7, 'authorization_number']]);
    expect(await t.database.db.select().from(deviceStock)).toEqual([]);
  });

  it('imports units with their model\'s family, generated authorization numbers, and exports the provisioning CSV', async () => {
    const r = await upload('serial,model,batch,mac\nPRV-1,GX-IG-T1,B7,aa:bb:cc:dd:ee:ff\nPRV-2,GX-OLT-T1,B7,\n');
    expect(r).toMatchObject({ code: 200, data: { imported: 2 } });
    const u1 = await unit('PRV-1');
    expect(u1).toMatchObject({ family: 'ig', state: 'in_stock' });
    expect(u1.authorization_number).toMatch(/^[A-Z0-9]{12}$/);
    expect((await upload('serial,model\nPRV-1,GX-IG-T1\n')).code).toBe(Code.VALIDATION);

    const file = await t.post<{ content: string; rows: number }>('/admin/device/warehouse', { method: 'provisioning', batch: 'B7' }, { token: admin });
    expect(file).toMatchObject({ code: 200, data: { rows: 2 } });
    const [header, ...rows] = parseCsv(Buffer.from(file.data!.content, 'base64'));
    expect(header).toEqual(['serial', 'secret', 'family', 'model']);
    expect(rows.map((x) => [x[0], x[2], x[3]])).toEqual([['PRV-1', 'ig', 'GX-IG-T1'], ['PRV-2', 'olt', 'GX-OLT-T1']]);
    // The secret in the file is the one the device will connect with once claimed.
    const c = await claim('PRV-1', a.token);
    expect((await t.post('/admin/device/audit', { method: 'agree', id: c.data!.id }, { token: admin })).code).toBe(200);
    expect(secretMatches(rows[0]![1]!, (await deviceOf('PRV-1'))!.secretHash)).toBe(true);
    // Bound units get no new secret, and nobody but the platform exports one.
    expect((await t.post('/admin/device/warehouse', { method: 'provisioning', batch: 'B7' }, { token: admin })).code).toBe(Code.CONFLICT);
    expect((await t.post('/admin/device/warehouse', { method: 'provisioning', batch: 'B7' }, { token: a.token })).code).toBe(Code.FORBIDDEN);
    const again = await t.post<{ list: { authorization_number: string }[] }>('/admin/device/warehouse/authorization_number', { method: 'generate', ids: [(await unit('PRV-2')).id] }, { token: admin });
    expect(again.code).toBe(200);
    expect((await unit('PRV-2')).authorization_number).toBe(again.data!.list[0]!.authorization_number);
  });

  it('claims by serial and authorization number, then review agrees or rejects with a reason', async () => {
    expect((await upload('serial,model\nCLM-1,GX-IG-T1\n')).code).toBe(200);
    const wrongNumber = await t.post('/admin/device/binding', { method: 'claim', serial: 'CLM-1', authorization_number: 'WRONGNUMBER1' }, { token: a.token });
    expect(wrongNumber).toMatchObject({ code: Code.VALIDATION, field: 'authorization_number' });
    const unknown = await t.post('/admin/device/binding', { method: 'claim', serial: 'NOPE-1', authorization_number: 'WRONGNUMBER1' }, { token: a.token });
    expect(unknown).toMatchObject({ code: Code.VALIDATION, field: 'authorization_number' });
    expect(await t.post('/admin/device/binding', { method: 'claim', serial: 'a/b', authorization_number: 'WRONGNUMBER1' }, { token: a.token }))
      .toMatchObject({ code: Code.VALIDATION, field: 'serial' });

    const first = await claim('CLM-1', a.token);
    expect(first).toMatchObject({ code: 200, data: { state: 'pending' } });
    expect((await unit('CLM-1')).state).toBe('claimed');
    expect(await claim('CLM-1', b.token)).toMatchObject({ code: Code.CONFLICT, field: 'serial' });
    // Review is the platform's; the claimant sees its claim but cannot agree to it.
    expect((await t.post('/admin/device/audit', { method: 'agree', id: first.data!.id }, { token: a.token })).code).toBe(Code.FORBIDDEN);
    expect(await t.post('/admin/device/audit', { method: 'reject', id: first.data!.id }, { token: admin })).toMatchObject({ code: Code.VALIDATION, field: 'reason' });
    expect((await t.post('/admin/device/audit', { method: 'reject', id: first.data!.id, reason: 'Not on the delivery note' }, { token: admin })).code).toBe(200);
    expect((await unit('CLM-1')).state).toBe('in_stock');
    expect(await deviceOf('CLM-1')).toBeUndefined();
    expect(await t.post('/admin/device/audit', { method: 'agree', id: first.data!.id }, { token: admin })).toMatchObject({ code: Code.CONFLICT, field: 'state' });

    const second = await claim('CLM-1', a.token);
    const agreed = await t.post('/admin/device/audit', { method: 'agree', id: second.data!.id }, { token: admin });
    expect(agreed).toMatchObject({ code: 200, data: { state: 'agreed' } });
    const d = (await deviceOf('CLM-1'))!;
    expect(d).toMatchObject({ orgId: orgA, family: 'ig', model: 'GX-IG-T1', modelId: igModel });
    expect(d.serviceEnd!.getTime()).toBeGreaterThan(d.serviceStart!.getTime());
    expect((await unit('CLM-1')).state).toBe('bound');
    const listed = await t.post<{ list: { serial: string }[] }>('/admin/device/binding', { method: 'list', serial: 'CLM-1' }, { token: a.token });
    expect(listed.data!.list.map((x) => x.serial)).toEqual(['CLM-1']);
    expect(await claim('CLM-1', b.token)).toMatchObject({ code: Code.CONFLICT, field: 'serial' });
  });

  it('lets the claimant withdraw its own pending claim, and no other organisation', async () => {
    expect((await upload('serial,model\nWDR-1,GX-IG-T1\n')).code).toBe(200);
    const c = await claim('WDR-1', a.token);
    expect((await t.post('/admin/device/audit', { method: 'cancel', id: c.data!.id }, { token: b.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post('/admin/device/audit', { method: 'cancel', id: c.data!.id }, { token: a.token })).code).toBe(200);
    expect((await unit('WDR-1')).state).toBe('in_stock');
  });

  it('transfers a device only when the receiving organisation accepts', async () => {
    const id = await managed('TRF-1');
    expect(await t.post('/admin/device/binding', { method: 'transfer', id, to_org_id: 999_999 }, { token: a.token })).toMatchObject({ code: Code.NOT_FOUND, field: 'to_org_id' });
    expect(await t.post('/admin/device/binding', { method: 'transfer', id, to_org_id: orgA }, { token: a.token })).toMatchObject({ code: Code.VALIDATION, field: 'to_org_id' });
    expect((await t.post('/admin/device/binding', { method: 'share', id, to_org_id: orgB }, { token: a.token })).code).toBe(200);
    expect((await t.post('/admin/device/binding', { method: 'transfer', id, to_org_id: orgB }, { token: a.token })).code).toBe(200);
    expect((await t.post('/admin/device/binding', { method: 'transfer', id, to_org_id: orgB }, { token: a.token })).code).toBe(Code.CONFLICT);
    const offers = await t.post<{ list: { id: number; state: string; _denied?: Record<string, string> }[] }>('/admin/device/transfer', { method: 'list' }, { token: b.token });
    const offer = offers.data!.list[0]!;
    expect(offer.state).toBe('pending');
    // The sender's steps (withdraw, a new receiving link) are not the receiver's.
    expect(Object.keys(offer._denied ?? {}).sort()).toEqual(['cancel', 'link']);
    // The sender cannot accept for the receiver; the device stays until the receiver does.
    expect((await t.post('/admin/device/transfer', { method: 'accept', id: offer.id }, { token: a.token })).code).toBe(Code.FORBIDDEN);
    expect((await deviceOf('TRF-1'))!.orgId).toBe(orgA);
    expect((await t.post('/admin/device/transfer', { method: 'accept', id: offer.id }, { token: b.token })).code).toBe(200);
    expect((await deviceOf('TRF-1'))!.orgId).toBe(orgB);
    const [share] = await t.database.db.select().from(deviceShares).where(eq(deviceShares.deviceId, id));
    expect(share!.state).toBe('revoked');
    expect((await t.post('/admin/device/binding', { method: 'detail', id }, { token: a.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post('/admin/device/transfer', { method: 'decline', id: offer.id }, { token: b.token })).code).toBe(Code.CONFLICT);
  });

  it('declines and withdraws transfers without moving the device', async () => {
    const id = await managed('TRF-2');
    const offer = async () => {
      expect((await t.post('/admin/device/binding', { method: 'transfer', id, to_org_id: orgB }, { token: a.token })).code).toBe(200);
      return (await t.post<{ list: { id: number; serial: string }[] }>('/admin/device/transfer', { method: 'list', serial: 'TRF-2', state: 'pending' }, { token: a.token })).data!.list[0]!.id;
    };
    const o1 = await offer();
    expect((await t.post('/admin/device/transfer', { method: 'cancel', id: o1 }, { token: b.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.post('/admin/device/transfer', { method: 'decline', id: o1 }, { token: b.token })).code).toBe(200);
    const o2 = await offer();
    expect((await t.post('/admin/device/transfer', { method: 'cancel', id: o2 }, { token: a.token })).code).toBe(200);
    expect((await deviceOf('TRF-2'))!.orgId).toBe(orgA);
  });

  it('shares a device read-only until the owner revokes', async () => {
    const id = await managed('SHR-1');
    expect(await t.post('/admin/device/binding', { method: 'share', id, to_org_id: 999_999 }, { token: a.token })).toMatchObject({ code: Code.NOT_FOUND, field: 'to_org_id' });
    expect((await t.post('/admin/device/binding', { method: 'share', id, to_org_id: orgB }, { token: a.token })).code).toBe(200);
    expect(await t.post('/admin/device/binding', { method: 'share', id, to_org_id: orgB }, { token: a.token })).toMatchObject({ code: Code.CONFLICT, field: 'to_org_id' });
    const seen = await t.post<{ list: { id: number; serial: string; model: string; online: number }[] }>('/admin/device/share', { method: 'list', serial: 'SHR-1' }, { token: b.token });
    expect(seen.data!.list[0]).toMatchObject({ serial: 'SHR-1', model: 'GX-IG-T1', online: 0 });
    const shareId = seen.data!.list[0]!.id;
    // Read-only: the receiver cannot reach the device itself, nor end the owner's share.
    expect((await t.post('/admin/device/binding', { method: 'detail', id }, { token: b.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post('/admin/device/share', { method: 'revoke', id: shareId }, { token: b.token })).code).toBe(Code.FORBIDDEN);
    expect((await t.post('/admin/device/share', { method: 'revoke', id: shareId }, { token: a.token })).code).toBe(200);
    const after = await t.post<{ list: { state: string; model: string | null }[] }>('/admin/device/share', { method: 'detail', id: shareId }, { token: b.token });
    expect(after.data).toMatchObject({ state: 'revoked', model: null });
  });

  it('gives a claimed device the template its organisation marked default for its model, pending its hello', async () => {
    const tpl = await t.post<{ id: number }>('/admin/device/lan_template', { method: 'add', name: 'Default LAN', lan_ports: 4, vlan: 30, dhcp: true, default_model: 'GX-IG-T1' }, { token: a.token });
    expect(tpl.code, tpl.msg).toBe(200);
    const id = await managed('DEF-1');
    const rows = await t.post<{ list: { device_id: number; state: string }[] }>('/admin/device/lan_template', { method: 'devices', id: tpl.data!.id }, { token: a.token });
    expect(rows.data!.list).toEqual([expect.objectContaining({ device_id: id, state: 'pending' })]);
    const cmds = await t.post<{ list: { name: string; state: string }[] }>('/admin/device/command', { method: 'list', device_id: id }, { token: a.token });
    expect(cmds.data!.list.map((c) => [c.name, c.state])).toEqual([['config_push', 'queued']]);
  });

  it('renews the service term from its end', async () => {
    const id = await managed('RNW-1');
    const before = (await deviceOf('RNW-1'))!.serviceEnd!;
    expect(await t.post('/admin/device/binding', { method: 'renew', id, months: 0 }, { token: a.token })).toMatchObject({ code: Code.VALIDATION, field: 'months' });
    expect((await t.post('/admin/device/binding', { method: 'renew', id, months: 6 }, { token: a.token })).code).toBe(200);
    const after = (await deviceOf('RNW-1'))!.serviceEnd!;
    const expected = new Date(before);
    expected.setUTCMonth(expected.getUTCMonth() + 6);
    expect(after.toISOString().slice(0, 10)).toBe(expected.toISOString().slice(0, 10));
    expect((await t.post('/admin/device/binding', { method: 'renew', id, months: 6 }, { token: b.token })).code).toBe(Code.NOT_FOUND);
  });

  it('gives a managed device its family facts, typed per family, from its model and latest metrics', async () => {
    const id = await managed('FCT-1', 'GX-OLT-T1');
    await t.database.db.update(devices).set({ metrics: { pon1_rx_dbm: -18.4, pon2_tx_dbm: 2.5, pon_ports_up: 2 } }).where(eq(devices.id, id));
    const d = await t.post<{ facts: { family: string; pon_ports: { port: number; rx_dbm: number | null; tx_dbm: number | null }[]; max_onus: number; pon_ports_up: number } }>(
      '/admin/device/binding', { method: 'detail', id }, { token: a.token });
    expect(d.data!.facts).toMatchObject({ family: 'olt', max_onus: 1024, pon_ports_up: 2 });
    expect(d.data!.facts.pon_ports).toHaveLength(16);
    expect(d.data!.facts.pon_ports.slice(0, 2)).toEqual([{ port: 1, rx_dbm: -18.4, tx_dbm: null }, { port: 2, rx_dbm: null, tx_dbm: 2.5 }]);
    const direct = await t.post<{ id: number; facts: unknown }>('/admin/device/binding', { method: 'add', serial: 'FCT-AP-1', family: 'ap' }, { token: a.token });
    expect(direct.data!.facts).toEqual({ family: 'ap', radios: null, max_clients: null, clients_2g: null, clients_5g: null, chan_util_2g: null, chan_util_5g: null });
  });

  it('unbinds a claimed device back to the warehouse, and refuses a device added directly', async () => {
    const id = await managed('UNB-1');
    const direct = await t.post<{ id: number }>('/admin/device/binding', { method: 'add', serial: 'DIRECT-1', family: 'ig' }, { token: a.token });
    expect(await t.post('/admin/device/binding', { method: 'unbind', id: direct.data!.id }, { token: a.token })).toMatchObject({ code: Code.CONFLICT, field: 'id' });
    expect((await t.post('/admin/device/binding', { method: 'unbind', id }, { token: b.token })).code).toBe(Code.NOT_FOUND);
    expect(await t.post('/admin/device/binding', { method: 'unbind', id }, { token: a.token })).toMatchObject({ code: 200, data: { id, serial: 'UNB-1' } });
    expect(await deviceOf('UNB-1')).toBeUndefined();
    expect(await unit('UNB-1')).toMatchObject({ state: 'in_stock' });
    expect((await claim('UNB-1', b.token)).code).toBe(200);
    // A unit's serial cannot enter the warehouse twice, nor a registry serial at all.
    expect((await upload('serial,model\nDIRECT-1,GX-IG-T1\n')).code).toBe(Code.VALIDATION);
  });
});
