import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Code, type Envelope } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { users } from '../db/schema';
import { parseCsv } from './spreadsheet/csv';

interface ImportError { row: number; column: string; message: string }
interface ExportFile { filename: string; mimetype: string; content: string; rows: number }

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Users');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(engines)('import and export (%s)', (engine) => {
  let t: TestApp;
  let admin: string;

  /** A multipart upload, as the console sends it. */
  async function upload(files: { name: string; data: Buffer }[], path = '/admin/system/user', lang = 'en'): Promise<Envelope<{ imported?: number; errors?: ImportError[] }>> {
    const form = new FormData();
    form.append('method', 'import');
    for (const f of files) form.append('file', new Blob([new Uint8Array(f.data)]), f.name);
    const res = await fetch(`${t.url}/v3${path}`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'accept-language': lang }, body: form });
    return (await res.json()) as Envelope<{ imported?: number; errors?: ImportError[] }>;
  }
  const countLike = async (prefix: string) => (await t.database.db.select().from(users).where(like(users.username, `${prefix}%`))).length;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
  });
  afterAll(async () => t.close());

  it('imports an .xlsx whose header uses the labels, options by their label, passwords in clear', async () => {
    const file = await xlsx([
      ['用户名', 'Name', 'Password', 'Mobile phone', 'Gender'],
      ['imp_a', 'Ann', 'Secret12', '13900000001', '女'],
      ['imp_b', 'Ben', 'Secret34', '', 'Male'],
    ]);
    const r = await upload([{ name: 'users.xlsx', data: file }]);
    expect(r).toMatchObject({ code: 200, data: { imported: 2 } });
    const [ann] = await t.database.db.select().from(users).where(eq(users.username, 'imp_a'));
    expect(ann).toMatchObject({ nickname: 'Ann', sex: 0, cellphone: '13900000001' });
    expect(typeof (await t.login('imp_b', 'Secret34'))).toBe('string');
  });

  it('imports CSV with field names as the header', async () => {
    const csv = Buffer.from('\uFEFFusername,nickname,password,email\r\ncsv_a,"Smith, Ann",Secret12,ann@example.com\r\n');
    expect(await upload([{ name: 'users.csv', data: csv }])).toMatchObject({ code: 200, data: { imported: 1 } });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'csv_a'));
    expect(row?.nickname).toBe('Smith, Ann');
  });

  it('reports every bad row and column and imports nothing', async () => {
    const file = await xlsx([
      ['username', 'password', 'cellphone', 'sex'],
      ['bad_ok', 'Secret12', '13900000002', '1'],
      ['bad_phone', 'Secret12', '123', '1'],
      ['', 'short', '', 'other'],
    ]);
    const r = await upload([{ name: 'users.xlsx', data: file }]);
    expect(r.code).toBe(Code.VALIDATION);
    expect(r.field).toBe('file');
    expect(r.data!.errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ row: 3, column: 'cellphone' }),
      expect.objectContaining({ row: 4, column: 'username' }),
      expect.objectContaining({ row: 4, column: 'password', message: 'Password cannot be less than 6 digits' }),
      expect.objectContaining({ row: 4, column: 'sex', message: 'Not one of the allowed options' }),
    ]));
    expect(await countLike('bad_')).toBe(0);
  });

  it('is all or nothing when a later row repeats a taken or earlier username', async () => {
    const file = await xlsx([['username', 'password'], ['dup_new1', 'Secret12'], ['admin', 'Secret12'], ['dup_new1', 'Secret12']]);
    const r = await upload([{ name: 'users.xlsx', data: file }]);
    expect(r.code).toBe(Code.VALIDATION);
    expect(r.data!.errors).toEqual([
      expect.objectContaining({ row: 3, column: 'username', message: 'This value is already taken' }),
      expect.objectContaining({ row: 4, column: 'username' }),
    ]);
    expect(await countLike('dup_')).toBe(0);
  });

  it('reports a taken or repeated username in the first pass, beside the other errors, and uses up no ids', async () => {
    const before = await t.post<{ id: number }>('/admin/system/user', { method: 'add', username: 'gap_before', password: 'e10adc3949ba59abbe56e057f20f883e' }, { token: admin });
    const file = await xlsx([
      ['username', 'password', 'cellphone'],
      ['gap_a', 'Secret12', '13900000003'],
      ['ADMIN', 'Secret12', ''],
      ['gap_b', 'Secret12', '123'],
      ['Gap_A', 'Secret12', ''],
    ]);
    const r = await upload([{ name: 'users.xlsx', data: file }]);
    expect(r.code).toBe(Code.VALIDATION);
    expect(r.data!.errors).toEqual([
      { row: 3, column: 'username', message: 'This value is already taken' },
      expect.objectContaining({ row: 4, column: 'cellphone' }),
      { row: 5, column: 'username', message: 'This value appears on an earlier row of the file' },
    ]);
    expect(await countLike('gap_')).toBe(1);
    const after = await t.post<{ id: number }>('/admin/system/user', { method: 'add', username: 'gap_after', password: 'e10adc3949ba59abbe56e057f20f883e' }, { token: admin });
    expect(after.data!.id).toBe(before.data!.id + 1);
  });

  it('checks every row against the database in the first pass: a taken username beside another error of the same row', async () => {
    const file = await xlsx([
      ['username', 'password', 'cellphone'],
      ['admin', 'Secret12', '123'],
      ['both_a', 'Secret12', '456'],
      ['both_a', 'Secret12', ''],
    ]);
    const r = await upload([{ name: 'users.xlsx', data: file }]);
    expect(r.code).toBe(Code.VALIDATION);
    expect(r.data!.errors).toEqual([
      { row: 2, column: 'username', message: 'This value is already taken' },
      expect.objectContaining({ row: 2, column: 'cellphone' }),
      expect.objectContaining({ row: 3, column: 'cellphone' }),
      { row: 4, column: 'username', message: 'This value appears on an earlier row of the file' },
    ]);
    expect(await countLike('both_')).toBe(0);
  });

  it('reads roles by their names, as the export writes them, and refuses an unknown one by row', async () => {
    await t.post('/admin/system/role', { method: 'add', name: 'Importers' }, { token: admin });
    await t.post('/admin/system/role', { method: 'add', name: 'Auditors' }, { token: admin });
    const bad = await upload([{ name: 'u.csv', data: Buffer.from('username,password,Roles\nrole_x,Secret12,Nobody\n') }]);
    expect(bad.data!.errors).toEqual([{ row: 2, column: 'role_ids', message: expect.stringContaining('No such entry') }]);
    const ok = await upload([{ name: 'u.csv', data: Buffer.from('username,password,Roles\nrole_a,Secret12,"importers, Auditors"\n') }]);
    expect(ok).toMatchObject({ code: 200, data: { imported: 1 } });
    const exp = await t.post<ExportFile>('/admin/system/user', { method: 'export', format: 'csv', username: 'role_a' }, { token: admin, headers: { 'accept-language': 'en' } });
    const [header, row] = parseCsv(Buffer.from(exp.data!.content, 'base64'));
    expect(row?.[header!.indexOf('Roles')]?.split(', ').sort()).toEqual(['Auditors', 'Importers']);
  });

  it('exports values as the list shows them: local time in the given zone, option labels, empty for nothing', async () => {
    const exp = await t.post<ExportFile>('/admin/system/user', { method: 'export', format: 'csv', username: 'admin', tz: 'Asia/Shanghai' }, { token: admin, headers: { 'accept-language': 'zh-CN' } });
    const [header, row] = parseCsv(Buffer.from(exp.data!.content, 'base64'));
    const cell = (label: string) => row?.[header!.indexOf(label)];
    const [created] = await t.database.db.select({ at: users.createdAt }).from(users).where(eq(users.username, 'admin'));
    const shanghai = new Date(created!.at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(cell('创建时间')).toBe(shanghai);
    expect(cell('状态')).toMatch(/^(启用|禁用)$/);
    expect(cell('性别')).not.toMatch(/^\d$/);
    expect(cell('公司名称')).toBe('');
    const wrong = await t.post('/admin/system/user', { method: 'export', tz: 'Mars/Olympus' }, { token: admin, headers: { 'accept-language': 'en' } });
    expect(wrong).toMatchObject({ code: Code.VALIDATION, field: 'tz', msg: 'Time zone: Not a known time zone' });
  });

  it('names unknown and missing columns', async () => {
    const r = await upload([{ name: 'u.csv', data: Buffer.from('nickname,salary\nX,1\n') }]);
    expect(r.data!.errors).toEqual(expect.arrayContaining([
      { row: 1, column: 'salary', message: 'Unknown column' },
      { row: 1, column: 'username', message: 'A required column is missing' },
      { row: 1, column: 'password', message: 'A required column is missing' },
    ]));
  });

  it('refuses a legacy .xls with a message asking for .xlsx or .csv', async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const r = await upload([{ name: 'users.xls', data: ole2 }]);
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'file' });
    expect(r.msg).toContain('.xlsx');
  });

  it('takes one file at a time, up to 10 MB', async () => {
    const small = Buffer.from('username,password\nx_one,Secret12\n');
    expect(await upload([{ name: 'a.csv', data: small }, { name: 'b.csv', data: small }])).toMatchObject({ code: Code.VALIDATION, field: 'file' });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    expect((await upload([{ name: 'big.csv', data: big }])).code).toBe(Code.PAYLOAD_TOO_LARGE);
    expect(await countLike('x_one')).toBe(0);
  });

  it('exports the filtered list as .xlsx with headers in the request language', async () => {
    const r = await t.post<ExportFile>('/admin/system/user', { method: 'export', username: 'imp_' }, { token: admin, headers: { 'accept-language': 'zh-CN' } });
    expect(r.data).toMatchObject({ rows: 2, mimetype: expect.stringContaining('spreadsheetml') });
    expect(r.data!.filename).toMatch(/^system-user-\d{14}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(r.data!.content, 'base64') as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('用户名');
    expect([sheet.getRow(2).getCell(2).value, sheet.getRow(3).getCell(2).value].sort()).toEqual(['imp_a', 'imp_b']);
    expect(sheet.getRow(2).getCell(6).value).toMatch(/^(男|女)$/);
  });

  it('exports CSV with formula-like values defused', async () => {
    await t.post('/admin/system/user', { method: 'add', username: 'formula_x', nickname: '=HYPERLINK("http://evil")', password: 'e10adc3949ba59abbe56e057f20f883e' }, { token: admin });
    const r = await t.post<ExportFile>('/admin/system/user', { method: 'export', format: 'csv', username: 'formula_' }, { token: admin });
    const rows = parseCsv(Buffer.from(r.data!.content, 'base64'));
    expect(rows[1]?.[2]).toBe('\'=HYPERLINK("http://evil")');
  });

  it('imports back a file it exported: columns the import does not take are recognised and skipped', async () => {
    await t.post('/admin/system/role', { method: 'add', name: 'Round trip', remark: 'from a file' }, { token: admin });
    const exp = await t.post<ExportFile>('/admin/system/role', { method: 'export', name: 'Round' }, { token: admin, headers: { 'accept-language': 'zh-CN' } });
    expect(exp.data?.rows).toBe(1);
    const r = await upload([{ name: exp.data!.filename, data: Buffer.from(exp.data!.content, 'base64') }], '/admin/system/role');
    expect(r).toMatchObject({ code: 200, data: { imported: 1 } });
    const list = await t.post<{ total: number }>('/admin/system/role', { method: 'list', name: 'Round' }, { token: admin });
    expect(list.data?.total).toBe(2);
  });
});
