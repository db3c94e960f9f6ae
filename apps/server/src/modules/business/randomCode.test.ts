import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Code, RANDOM_CODE_CHARSETS } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { parseCsv } from '../../resources/spreadsheet/csv';
import { randomCodes } from './randomCode';

const PATH = '/admin/business/random_code';
interface Row { id: number; code: string; batch: string; state: string; used_at: string | null; charset: string }
interface ExportFile { filename: string; mimetype: string; content: string; rows: number }

/** Random codes: batches generated whole, each code used once or voided, never seen by another organisation. */
describe.each(engines)('random codes (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let orgA: number;
  const clock = new Date('2026-06-10T08:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ engine, services: { now: () => clock } });
    orgA = await makeOrg(t, 'Codes A');
    const orgB = await makeOrg(t, 'Codes B');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(body: Record<string, unknown>, who = staff) => t.post<T>(PATH, body, { token: who.token });
  /** Every row of a batch, a page of 100 at a time. */
  const batchRows = async (batch: string, who = staff) => {
    const list: Row[] = [];
    for (let page = 1; ; page++) {
      const r = await call<{ list: Row[]; total: number }>({ method: 'list', size: 100, page, batch }, who);
      expect(r.code, r.msg).toBe(200);
      list.push(...r.data!.list);
      if (list.length >= r.data!.total || !r.data!.list.length) return { list, total: r.data!.total };
    }
  };
  const rowCount = async () => (await t.database.db.select().from(randomCodes).where(eq(randomCodes.orgId, orgA))).length;

  it('generates a whole batch of distinct codes of the asked length, charset and prefix', async () => {
    const r = await call<{ batch: string; count: number }>({ method: 'add', batch: 'Spring', count: 300, length: 6, charset: 'alnum', prefix: 'sp26', remark: 'Flyers' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ batch: 'Spring', count: 300 });
    const { list, total } = await batchRows('Spring');
    expect(total).toBe(300);
    const codes = list.map((x) => x.code);
    expect(new Set(codes).size).toBe(300);
    const alnum = new RegExp(`^SP26[${RANDOM_CODE_CHARSETS.alnum}]{6}$`);
    for (const c of codes) expect(c).toMatch(alnum);
    // No look-alikes in the random part.
    expect(codes.some((c) => /[01OIL]/.test(c.slice(4)))).toBe(false);
    expect(list.every((x) => x.state === 'unused' && x.used_at === null && x.charset === 'alnum')).toBe(true);

    const digits = await call({ method: 'add', batch: 'Lottery', count: 50, length: 32, charset: 'digits' });
    expect(digits.code, digits.msg).toBe(200);
    const lottery = await batchRows('Lottery');
    expect(lottery.total).toBe(50);
    for (const x of lottery.list) expect(x.code).toMatch(/^\d{32}$/);

    // The largest batch: 1000 six-digit codes, all distinct.
    expect((await call({ method: 'add', batch: 'Max', count: 1000, length: 6, charset: 'digits' })).code).toBe(200);
    const max = await batchRows('Max');
    expect(max.total).toBe(1000);
    expect(new Set(max.list.map((x) => x.code)).size).toBe(1000);

    // The form's defaults: 10 codes of 8 letters and digits, no prefix.
    expect((await call({ method: 'add', batch: 'Defaults' })).code).toBe(200);
    const defaults = await batchRows('Defaults');
    expect(defaults.total).toBe(10);
    for (const x of defaults.list) expect(x.code).toMatch(new RegExp(`^[${RANDOM_CODE_CHARSETS.alnum}]{8}$`));
  });

  it('refuses bad batches naming the field, writing no row', async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ count: 1001 }, 'count'],
      [{ count: 0 }, 'count'],
      [{ length: 5 }, 'length'],
      [{ length: 33 }, 'length'],
      [{ charset: 'hex' }, 'charset'],
      [{ prefix: 'TOOLONGXX' }, 'prefix'],
      [{ prefix: 'AB-1' }, 'prefix'],
      [{ batch: '' }, 'batch'],
      [{ valid_from: '2026-07-01T00:00:00Z', valid_until: '2026-06-01T00:00:00Z' }, 'valid_until'],
      [{ code: 'CHOSEN' }, 'code'],
      [{ state: 'used' }, 'state'],
    ];
    for (const [extra, field] of cases) {
      const r = await call({ method: 'add', batch: 'Bad', count: 5, ...extra });
      expect(r, JSON.stringify(extra)).toMatchObject({ code: Code.VALIDATION, field });
    }
    expect(await rowCount()).toBe(before);
    expect((await batchRows('Bad')).total).toBe(0);
  });

  it('uses a code once, records when, and refuses using it again or voiding it', async () => {
    const [a, b] = (await batchRows('Spring')).list;
    const used = await call<Row>({ method: 'use', id: a!.id });
    expect(used.code, used.msg).toBe(200);
    expect(used.data).toMatchObject({ state: 'used', used_at: clock.toISOString() });
    expect(await call({ method: 'use', id: a!.id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect(await call({ method: 'void', id: a!.id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });

    expect(await call({ method: 'void', id: b!.id })).toMatchObject({ code: 200, data: { state: 'void', used_at: null } });
    expect(await call({ method: 'use', id: b!.id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    // The list offers neither action on them any more.
    const listed = new Map((await batchRows('Spring')).list.map((x) => [x.id, Object.keys((x as Row & { _denied?: object })._denied ?? {})]));
    expect(listed.get(a!.id)).toEqual(expect.arrayContaining(['use', 'void']));
    expect(listed.get(b!.id)).toContain('use');
  });

  it('uses a code only inside its validity window', async () => {
    const first = async (batch: string, window: Record<string, string>) => {
      expect((await call({ method: 'add', batch, count: 2, ...window })).code).toBe(200);
      return (await batchRows(batch)).list[0]!;
    };
    const early = await first('Summer', { valid_from: '2026-07-01T00:00:00Z', valid_until: '2026-08-01T00:00:00Z' });
    expect(await call({ method: 'use', id: early.id })).toMatchObject({ code: Code.CONFLICT, field: 'valid_from' });
    const late = await first('May', { valid_from: '2026-05-01T00:00:00Z', valid_until: '2026-06-01T00:00:00Z' });
    expect(await call({ method: 'use', id: late.id })).toMatchObject({ code: Code.CONFLICT, field: 'valid_until' });
    const open = await first('June', { valid_from: '2026-06-01T00:00:00Z', valid_until: '2026-07-01T00:00:00Z' });
    expect(await call({ method: 'use', id: open.id })).toMatchObject({ code: 200, data: { state: 'used', used_at: clock.toISOString() } });
    expect(await call({ method: 'detail', id: early.id })).toMatchObject({ code: 200, data: { state: 'unused', used_at: null } });
  });

  it('filters by batch, state and code prefix', async () => {
    const spring = await batchRows('Spring');
    const some = spring.list.find((x) => x.state === 'unused')!;
    const byPrefix = await call<{ list: Row[] }>({ method: 'list', size: 50, code: some.code.toLowerCase() });
    expect(byPrefix.data?.list.map((x) => x.id)).toEqual([some.id]);
    const used = await call<{ total: number }>({ method: 'list', size: 50, batch: 'Spring', state: 'used' });
    expect(used.data?.total).toBe(1);
    expect(await call({ method: 'list', size: 50, state: 'lost' })).toMatchObject({ code: Code.VALIDATION, field: 'state' });
  });

  it('exports a batch as CSV and xlsx', async () => {
    const csv = await call<ExportFile>({ method: 'export', format: 'csv', batch: 'Lottery' });
    expect(csv.code, csv.msg).toBe(200);
    expect(csv.data?.rows).toBe(50);
    const [header, ...rows] = parseCsv(Buffer.from(csv.data!.content, 'base64'));
    const at = header!.indexOf('Code') >= 0 ? header!.indexOf('Code') : header!.indexOf('随机码');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(rows.filter((r) => r.length > 1).every((r) => /^\d{32}$/.test(r[at]!))).toBe(true);

    const xlsx = await call<ExportFile>({ method: 'export', format: 'xlsx', batch: 'Defaults' });
    expect(xlsx.data).toMatchObject({ rows: 10, mimetype: expect.stringContaining('spreadsheetml') });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(xlsx.data!.content, 'base64') as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(11);
  });

  it('keeps each organisation to its own codes', async () => {
    const mine = (await batchRows('Spring')).list.find((x) => x.state === 'unused')!;
    expect((await call<{ total: number }>({ method: 'list', size: 50 }, other)).data?.total).toBe(0);
    expect((await call<ExportFile>({ method: 'export', format: 'csv' }, other)).data?.rows).toBe(0);
    expect(await call({ method: 'detail', id: mine.id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'use', id: mine.id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'void', id: mine.id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'remove', id: mine.id }, other)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await call({ method: 'detail', id: mine.id })).toMatchObject({ code: 200, data: { state: 'unused' } });
    // Another organisation may draw the same code: uniqueness is per organisation.
    expect((await call({ method: 'add', batch: 'B', count: 3, length: 6, charset: 'digits' }, other)).code).toBe(200);
    expect((await call<{ total: number }>({ method: 'list', size: 50 }, other)).data?.total).toBe(3);
  });

  it('removes a code', async () => {
    const [x] = (await batchRows('Defaults')).list;
    expect((await call({ method: 'remove', id: x!.id })).code).toBe(200);
    expect(await call({ method: 'detail', id: x!.id })).toMatchObject({ code: Code.NOT_FOUND });
  });
});
