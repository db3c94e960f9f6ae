import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, EXPORT_MAX_ROWS, deviceResource } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from './testing/fixtures';
import { parseCsv } from './spreadsheet/csv';
import { readXlsx } from './spreadsheet/xlsx';
import { EXPORT_BATCH } from './endpoint';

const N = EXPORT_MAX_ROWS + 1;
const serialOf = (i: number) => `EXP-${String(i).padStart(6, '0')}`;

/** Issue 11 point 7: an export past one answer's limit streams as the file itself, batch by batch. */
describe.each(engines)('a streamed export (%s)', (engine) => {
  let t: TestApp;
  let exporter: MadeUser;
  let lister: MadeUser;

  const exportCall = (token: string, body: Record<string, unknown>) => fetch(`${t.url}/v3${deviceResource.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'en' },
    body: JSON.stringify({ method: 'export', ...body }),
  });

  beforeAll(async () => {
    t = await startTestApp({ engine });
    const org = await makeOrg(t, 'Exports');
    const other = await makeOrg(t, 'Elsewhere');
    exporter = await makeUser(t, org, ['device.binding.list', 'device.binding.export']);
    lister = await makeUser(t, org, ['device.binding.list']);
    await t.database.db.execute(sql`
      insert into devices (org_id, serial, name, family, secret_hash)
      select ${org}, 'EXP-' || lpad(g::text, 6, '0'), 'Device, "' || g || '"', case when g % 2 = 0 then 'ig' else 'ap' end, 'x'
      from generate_series(1, ${N}) g`);
    await t.database.db.execute(sql`
      insert into devices (org_id, serial, family, secret_hash) select ${other}, 'OTHER-' || g, 'ig', 'x' from generate_series(1, 3) g`);
    await t.database.db.execute(sql`analyze devices`);
  }, 300_000);
  afterAll(async () => t.close());

  it('refuses more than one answer may carry inside the envelope', async () => {
    const r = (await (await exportCall(exporter.token, { format: 'csv' })).json()) as { code: number; field?: string };
    expect(r).toMatchObject({ code: Code.VALIDATION, field: '(filter)' });
  });

  it('streams every row of the organisation as CSV, in the list\'s order, each once', async () => {
    const res = await exportCall(exporter.token, { format: 'csv', stream: true, sort: 'serial', order: 'asc' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="device-binding-\d{14}\.csv"; filename\*=UTF-8''/);
    const rows = parseCsv(Buffer.from(await res.arrayBuffer()));
    expect(rows[0]).toEqual(expect.arrayContaining(['Serial', 'Name', 'Family']));
    const serialAt = rows[0]!.indexOf('Serial');
    const nameAt = rows[0]!.indexOf('Name');
    const serials = rows.slice(1).map((r) => r[serialAt]);
    expect(serials).toHaveLength(N);
    // Across batch boundaries: in order, none twice, none missing, nothing of the other organisation.
    expect(serials[0]).toBe(serialOf(1));
    expect(serials[EXPORT_BATCH - 1]).toBe(serialOf(EXPORT_BATCH));
    expect(serials[EXPORT_BATCH]).toBe(serialOf(EXPORT_BATCH + 1));
    expect(serials.at(-1)).toBe(serialOf(N));
    expect(new Set(serials).size).toBe(N);
    // Quoted cells survive (a comma and quotes in the name).
    expect(rows[2]![nameAt]).toBe('Device, "2"');
  }, 120_000);

  it('streams a filtered list as .xlsx across several batches, readable by a spreadsheet', async () => {
    const res = await exportCall(exporter.token, { format: 'xlsx', stream: true, serial: 'EXP-00', family: 'ig', sort: 'serial', order: 'desc' });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await readXlsx(Buffer.from(await res.arrayBuffer()));
    const serialAt = rows[0]!.indexOf('Serial');
    const body = rows.slice(1).map((r) => r[serialAt]);
    // EXP-000001 … EXP-009999, even numbers only: 4,999 rows, more than two batches.
    expect(body).toHaveLength(4_999);
    expect(body.length).toBeGreaterThan(2 * EXPORT_BATCH);
    expect(body[0]).toBe(serialOf(9_998));
    expect(body.at(-1)).toBe(serialOf(2));
  }, 120_000);

  it('answers the envelope, not a file, when the call is refused before the first byte', async () => {
    const denied = await exportCall(lister.token, { format: 'csv', stream: true });
    expect(denied.headers.get('content-type')).toContain('application/json');
    expect(((await denied.json()) as { code: number }).code).toBe(Code.FORBIDDEN);
    const bad = (await (await exportCall(exporter.token, { format: 'csv', stream: 'sometimes' })).json()) as { code: number; field?: string };
    expect(bad).toMatchObject({ code: Code.VALIDATION, field: 'stream' });
  });
});
