import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Code, type Envelope } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { parseCsv } from '../../resources/spreadsheet/csv';
import { projectNetworks } from './networking';

const NET = '/admin/business/networking';
const PROJECT = '/admin/business/project_team';

interface Row { id: number; project_id: number; site: string; vlan_id: number; subnet: string; gateway_ip: string; purpose: string; dhcp: number }
interface ImportError { row: number; column: string; message: string }

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Plan');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** SPEC §7 `/admin/business/networking`: a project's VLAN plan, with its addressing rules. */
describe.each(engines)('network plan (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let projA = 0;
  let projA2 = 0;
  let projB = 0;
  let guest = 0;

  const call = <T = unknown>(body: Record<string, unknown>, who = staff, path = NET) => t.post<T>(path, body, { token: who.token });
  const add = (body: Record<string, unknown>, who = staff) => call<Row>({ method: 'add', ...body }, who);
  const base = (extra: Record<string, unknown> = {}) => ({ project_id: projA, site: 'Main', vlan_id: 10, subnet: '192.168.10.0/24', gateway_ip: '192.168.10.1', ...extra });
  const rowsOf = async (projectId: number) => t.database.db.select().from(projectNetworks).where(eq(projectNetworks.projectId, projectId));

  async function upload(rows: (string | number)[][], who = staff): Promise<Envelope<{ imported?: number; errors?: ImportError[] }>> {
    const form = new FormData();
    form.append('method', 'import');
    form.append('file', new Blob([new Uint8Array(await xlsx(rows))]), 'plan.xlsx');
    const res = await fetch(`${t.url}/v3${NET}`, { method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'accept-language': 'en' }, body: form });
    return (await res.json()) as Envelope<{ imported?: number; errors?: ImportError[] }>;
  }

  beforeAll(async () => {
    t = await startTestApp({ engine });
    const orgA = await makeOrg(t, 'Net A');
    const orgB = await makeOrg(t, 'Net B');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
    const project = async (name: string, who: MadeUser) => {
      const r = await call<{ id: number }>({ method: 'add', name }, who, PROJECT);
      expect(r.code, r.msg).toBe(200);
      return r.data!.id;
    };
    projA = await project('Harbour Hotel', staff);
    projA2 = await project('Hill Campus', staff);
    projB = await project('B project', other);
  });
  afterAll(async () => t.close());

  it('adds a VLAN, keeping the subnet as its network address', async () => {
    const r = await add(base({ subnet: '192.168.10.77/24', purpose: 'guest', dhcp: 1 }));
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ project_id: projA, site: 'Main', vlan_id: 10, subnet: '192.168.10.0/24', gateway_ip: '192.168.10.1', purpose: 'guest', dhcp: 1 });
    guest = r.data!.id;
    const detail = await call<Row>({ method: 'detail', id: guest });
    expect(detail.data?.subnet).toBe('192.168.10.0/24');
  });

  it('refuses bad input naming the field, saving nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ vlan_id: 0 }, 'vlan_id'], [{ vlan_id: 4095 }, 'vlan_id'], [{ vlan_id: 'x' }, 'vlan_id'], [{ vlan_id: 1.5 }, 'vlan_id'], [{ vlan_id: undefined }, 'vlan_id'],
      [{ subnet: '192.168.20.0/33' }, 'subnet'], [{ subnet: '300.1.1.0/24' }, 'subnet'], [{ subnet: '192.168.20.0' }, 'subnet'],
      [{ subnet: '10.0.0.0/31' }, 'subnet'], [{ subnet: '10.0.0.0/7' }, 'subnet'], [{ subnet: '010.1.2.0/24' }, 'subnet'], [{ subnet: 'fe80::/64' }, 'subnet'],
      [{ subnet: undefined }, 'subnet'], [{ subnet: '' }, 'subnet'],
      [{ subnet: '192.168.20.0/24', gateway_ip: 'gateway' }, 'gateway_ip'], [{ subnet: '192.168.20.0/24', gateway_ip: '192.168.20.256' }, 'gateway_ip'],
      [{ site: '' }, 'site'], [{ site: undefined }, 'site'], [{ site: 'x'.repeat(65) }, 'site'],
      [{ purpose: 'wifi' }, 'purpose'], [{ dhcp: 2 }, 'dhcp'], [{ remark: 'x'.repeat(501) }, 'remark'],
      [{ project_id: undefined }, 'project_id'], [{ project_id: 'abc' }, 'project_id'], [{ unknown_field: 1 }, 'unknown_field'],
    ];
    for (const [extra, field] of cases) {
      expect(await add(base({ vlan_id: 20, site: 'Annex', subnet: '192.168.20.0/24', gateway_ip: '', ...extra })), JSON.stringify(extra)).toMatchObject({ code: Code.VALIDATION, field });
    }
    expect(await rowsOf(projA)).toHaveLength(1);
  });

  it('refuses a gateway outside its subnet, or on its network or broadcast address', async () => {
    for (const gateway_ip of ['192.168.21.1', '192.168.20.0', '192.168.20.255', '10.0.0.1']) {
      expect(await add(base({ vlan_id: 20, subnet: '192.168.20.0/24', gateway_ip })), gateway_ip).toMatchObject({ code: Code.VALIDATION, field: 'gateway_ip' });
    }
    // /30: two hosts between the network and broadcast addresses.
    expect(await add(base({ vlan_id: 21, subnet: '10.9.9.0/30', gateway_ip: '10.9.9.3' }))).toMatchObject({ code: Code.VALIDATION, field: 'gateway_ip' });
    expect(await rowsOf(projA)).toHaveLength(1);
  });

  it('uses a VLAN id once per site of a project', async () => {
    expect(await add(base({ subnet: '192.168.30.0/24', gateway_ip: '' }))).toMatchObject({ code: Code.VALIDATION, field: 'vlan_id' });
    // The same VLAN at another site, and in another project, is fine.
    expect((await add(base({ site: 'Annex', subnet: '192.168.30.0/24', gateway_ip: '192.168.30.254' }))).code).toBe(200);
    expect((await add(base({ project_id: projA2 }))).code).toBe(200);
    expect(await rowsOf(projA)).toHaveLength(2);
  });

  it('refuses a subnet overlapping another of the same project, wherever it is', async () => {
    for (const subnet of ['192.168.10.128/25', '192.168.0.0/16', '192.168.10.4/30', '192.168.30.0/24']) {
      expect(await add(base({ vlan_id: 40, site: 'Pool', subnet, gateway_ip: '' })), subnet).toMatchObject({ code: Code.VALIDATION, field: 'subnet' });
    }
    // Adjacent is not overlapping; another project's subnets are its own business.
    const adjacent = await add(base({ vlan_id: 40, site: 'Pool', subnet: '192.168.11.0/24', gateway_ip: '192.168.11.1', purpose: 'iot', dhcp: 0 }));
    expect(adjacent.code, adjacent.msg).toBe(200);
    expect(await rowsOf(projA)).toHaveLength(3);
  });

  it('checks an update against the row as it will be', async () => {
    const pool = (await call<{ list: Row[] }>({ method: 'list', size: 50, project_id: projA, purpose: 'iot' })).data!.list[0]!;
    // A new subnet that leaves the stored gateway outside is refused on the gateway.
    expect(await call({ method: 'update', id: pool.id, subnet: '192.168.12.0/24' })).toMatchObject({ code: Code.VALIDATION, field: 'gateway_ip' });
    expect(await call({ method: 'update', id: pool.id, gateway_ip: '192.168.11.255' })).toMatchObject({ code: Code.VALIDATION, field: 'gateway_ip' });
    expect(await call({ method: 'update', id: pool.id, subnet: '192.168.10.0/23' })).toMatchObject({ code: Code.VALIDATION, field: 'subnet' });
    expect(await call({ method: 'update', id: pool.id, subnet: 'nonsense' })).toMatchObject({ code: Code.VALIDATION, field: 'subnet' });
    expect(await call({ method: 'update', id: pool.id, site: 'Main', vlan_id: 10 })).toMatchObject({ code: Code.VALIDATION, field: 'vlan_id' });
    expect(await call({ method: 'update', id: pool.id, vlan_id: 5000 })).toMatchObject({ code: Code.VALIDATION, field: 'vlan_id' });
    // The project is chosen once.
    expect(await call({ method: 'update', id: pool.id, project_id: projA2 })).toMatchObject({ code: Code.VALIDATION, field: 'project_id' });
    const [stored] = await t.database.db.select().from(projectNetworks).where(eq(projectNetworks.id, pool.id));
    expect(stored).toMatchObject({ subnet: '192.168.11.0/24', gatewayIp: '192.168.11.1', vlanId: 40, site: 'Pool' });

    const ok = await call<Row>({ method: 'update', id: pool.id, subnet: '172.16.5.9/24', gateway_ip: '172.16.5.1', vlan_id: 41 });
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({ subnet: '172.16.5.0/24', gateway_ip: '172.16.5.1', vlan_id: 41 });
    // Its own subnet is no overlap with itself.
    expect((await call({ method: 'update', id: pool.id, remark: 'cameras', subnet: '172.16.5.0/24' })).code).toBe(200);
  });

  it('lists by project and purpose, and exports', async () => {
    const all = await call<{ list: Row[]; total: number }>({ method: 'list', size: 50, project_id: projA });
    expect(all.data?.total).toBe(3);
    expect(all.data?.list.map((r) => r.vlan_id)).toEqual([10, 10, 41]);
    expect((await call<{ total: number }>({ method: 'list', size: 50, purpose: 'iot' })).data?.total).toBe(1);
    expect((await call<{ total: number }>({ method: 'list', size: 50, project_id: projA2 })).data?.total).toBe(1);
    expect(await call({ method: 'list', size: 50, purpose: 'wifi' })).toMatchObject({ code: Code.VALIDATION, field: 'purpose' });
    const exp = await t.post<{ content: string }>(NET, { method: 'export', format: 'csv', project_id: projA }, { token: staff.token, headers: { 'accept-language': 'en' } });
    expect(exp.code, exp.msg).toBe(200);
    const [header, ...rows] = parseCsv(Buffer.from(exp.data!.content, 'base64'));
    expect(header).toContain('Subnet');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.[header!.indexOf('Project')]).toBe('Harbour Hotel');
  });

  it('imports a plan by labels, all or nothing, with the same rules', async () => {
    const header = ['项目', 'Site', 'VLAN ID', 'Subnet', 'Gateway', 'Purpose', 'DHCP', 'Remark'];
    const bad = await upload([
      header,
      ['Hill Campus', 'Block C', 100, '10.100.0.0/24', '10.100.0.1', 'Staff', '是', 'first'],
      ['Hill Campus', 'Block C', 100, '10.101.0.0/24', '', '员工', 'No', 'same VLAN'],
      ['Hill Campus', 'Block D', 101, '10.100.0.128/25', '', 'voice', 'yes', 'overlaps row 2'],
      ['Hill Campus', 'Block E', 102, '10.102.0.0/24', '10.103.0.1', 'guest', '1', 'gateway outside'],
      ['No such project', 'Block F', 103, '10.104.0.0/24', '', 'guest', '1', ''],
      ['Hill Campus', 'Block G', 0, '10.105.0.0/24', '', 'printer', '1', ''],
    ]);
    expect(bad).toMatchObject({ code: Code.VALIDATION, field: 'file' });
    const cells = bad.data!.errors!.map((e) => `${e.row}:${e.column}`);
    expect(cells).toEqual(expect.arrayContaining(['6:project_id', '7:vlan_id', '7:purpose']));
    expect(await rowsOf(projA2)).toHaveLength(1);

    const rules = await upload([
      header,
      ['Hill Campus', 'Block C', 100, '10.100.0.0/24', '10.100.0.1', 'Staff', '是', 'first'],
      ['Hill Campus', 'Block C', 100, '10.101.0.0/24', '', '员工', 'No', 'same VLAN'],
      ['Hill Campus', 'Block D', 101, '10.100.0.128/25', '', 'voice', 'yes', 'overlaps row 2'],
      ['Hill Campus', 'Block E', 102, '10.102.0.0/24', '10.103.0.1', 'guest', '1', 'gateway outside'],
    ]);
    expect(rules).toMatchObject({ code: Code.VALIDATION, field: 'file' });
    expect(rules.data!.errors!.map((e) => `${e.row}:${e.column}`)).toEqual(['3:vlan_id', '4:subnet', '5:gateway_ip']);
    expect(await rowsOf(projA2)).toHaveLength(1);

    const good = await upload([
      header,
      ['Hill Campus', 'Block C', 100, '10.100.0.9/24', '10.100.0.1', 'Staff', '是', 'first'],
      ['Hill Campus', 'Block C', 101, '10.101.0.0/24', '', '语音', 'No', ''],
    ]);
    expect(good, JSON.stringify(good.data)).toMatchObject({ code: 200, data: { imported: 2 } });
    const [c100] = await t.database.db.select().from(projectNetworks).where(and(eq(projectNetworks.projectId, projA2), eq(projectNetworks.vlanId, 100)));
    expect(c100).toMatchObject({ site: 'Block C', subnet: '10.100.0.0/24', purpose: 'staff', dhcp: 1, remark: 'first' });
    expect(await rowsOf(projA2)).toHaveLength(3);
  });

  it('keeps each organisation\'s plan to itself', async () => {
    expect((await call<{ total: number }>({ method: 'list', size: 50 }, other)).data?.total).toBe(0);
    expect(await call({ method: 'detail', id: guest }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'update', id: guest, remark: 'mine' }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'remove', id: guest }, other)).toMatchObject({ code: Code.NOT_FOUND });
    // Another organisation's project cannot be planned, and its plan does not clash with this one's.
    expect(await add(base({ project_id: projB }))).toMatchObject({ code: Code.NOT_FOUND, field: 'project_id' });
    expect((await add({ project_id: projB, site: 'Main', vlan_id: 10, subnet: '192.168.10.0/24' }, other)).code).toBe(200);
    expect(await add({ project_id: projA, site: 'Main', vlan_id: 99, subnet: '10.0.0.0/8' }, other)).toMatchObject({ code: Code.NOT_FOUND, field: 'project_id' });
    const [row] = await t.database.db.select().from(projectNetworks).where(eq(projectNetworks.id, guest));
    expect(row?.remark).toBe('');
  });

  it('removes a VLAN, freeing its id and subnet', async () => {
    expect(await call({ method: 'remove', id: guest })).toMatchObject({ code: 200 });
    expect(await call({ method: 'detail', id: guest })).toMatchObject({ code: Code.NOT_FOUND });
    expect((await add(base({ subnet: '192.168.10.0/25', gateway_ip: '192.168.10.126' }))).code).toBe(200);
  });
});
