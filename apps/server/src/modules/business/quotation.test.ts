import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  Code, QUOTATION_LIFECYCLE, QUOTATION_STATES, QUOTE_PRICE_MAX_CENTS, canStep, quotationLineCents, quotationTaxCents, taxRateText, type QuotationSheet, type QuotationState,
} from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const DEVICE = '/admin/business/quote_device';
const QUOTE = '/admin/business/quotation';
const LINE = '/admin/business/quotation/line';

interface QuoteRow {
  id: number; quote_no: string; state: string; line_count: number; subtotal_cents: number; discount_cents: number; net_cents: number;
  tax_rate_bp: number; tax_cents: number; total_cents: number;
}
interface DeviceRow { id: number; unit_price_cents: number; cost_cents: number; margin_cents: number; stock: number }

describe.each(engines)('quotations (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let staff: MadeUser;
  let outsider: MadeUser;
  let apId: number;
  let switchId: number;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    orgA = await makeOrg(t, 'Quote A');
    const orgB = await makeOrg(t, 'Quote B');
    staff = await makeUser(t, orgA, 'all');
    outsider = await makeUser(t, orgB, 'all');
    apId = (await call<{ id: number }>(DEVICE, { method: 'add', model: 'AP-620', name: 'Wi-Fi 6 AP', unit_price_cents: 129_900, unit: 'pcs' })).data!.id;
    switchId = (await call<{ id: number }>(DEVICE, { method: 'add', model: 'SW-24', name: '24-port switch', unit_price_cents: 333 })).data!.id;
  }, 120_000);
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = staff.token) => t.post<T>(path, body, { token });
  const newQuote = async () => {
    const r = await call<QuoteRow>(QUOTE, { method: 'add', customer: 'Harbour Hotel' });
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };
  const detail = async (id: number) => (await call<QuoteRow>(QUOTE, { method: 'detail', id })).data!;
  const addLine = (quotation_id: number, extra: Record<string, unknown> = {}) =>
    call<{ id: number; amount_cents: number; unit_price_cents: number }>(LINE, { method: 'add', quotation_id, quote_device_id: apId, quantity: 1, ...extra });
  /** A quotation with one line, moved to `state` along the machine. */
  const quoteIn = async (state: QuotationState): Promise<number> => {
    const { id } = await newQuote();
    expect((await addLine(id)).code).toBe(200);
    const path: Record<QuotationState, string[]> = { draft: [], sent: ['send'], accepted: ['send', 'accept'], rejected: ['send', 'reject'], expired: ['send', 'expire'] };
    for (const action of path[state]) expect((await call(QUOTE, { method: action, id })).code, action).toBe(200);
    return id;
  };

  it('numbers quotations Q<year>-00001 per organisation, without gaps under concurrency', async () => {
    const year = new Date().getUTCFullYear();
    const answers = await Promise.all(Array.from({ length: 12 }, () => call<QuoteRow>(QUOTE, { method: 'add', customer: 'Concurrent' })));
    expect(answers.map((a) => a.code)).toEqual(Array(12).fill(200));
    const numbers = answers.map((a) => a.data!.quote_no).sort();
    // Earlier tests of this file may have numbered some; the twelve are consecutive whatever came before.
    const first = Number(numbers[0]!.slice(-5));
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `Q${year}-${String(first + i).padStart(5, '0')}`));
    // Another organisation starts its own sequence.
    const other = await call<QuoteRow>(QUOTE, { method: 'add', customer: 'Elsewhere' }, outsider.token);
    expect(other.data?.quote_no).toBe(`Q${year}-00001`);
  });

  it('prices lines on the server: quantity × unit price less the discount, rounded to the cent, summed into the totals', async () => {
    const { id } = await newQuote();
    const a = await addLine(id, { quantity: 3, discount_percent: 10 });
    expect(a.data).toMatchObject({ unit_price_cents: 129_900, amount_cents: 350_730 });
    // 7 × 333 × 0.85 = 1981.35 → 1981; a price given on the line wins over the price list's.
    const b = await addLine(id, { quote_device_id: switchId, quantity: 7, discount_percent: 15 });
    expect(b.data?.amount_cents).toBe(1981);
    const c = await addLine(id, { quantity: 1, unit_price_cents: 100_000, amount_cents: 1 } as Record<string, unknown>);
    expect(c.code).toBe(Code.VALIDATION); // the amount is never taken from the request
    expect(c.field).toBe('amount_cents');
    expect(await detail(id)).toMatchObject({ line_count: 2, subtotal_cents: 3 * 129_900 + 7 * 333, total_cents: 350_730 + 1981, discount_cents: 3 * 129_900 + 7 * 333 - 352_711 });
    // Changing the quantity re-prices the line and the totals.
    expect((await call(LINE, { method: 'update', id: b.data!.id, quantity: 1 })).code).toBe(200);
    expect((await detail(id)).total_cents).toBe(350_730 + quotationLineCents(1, 333, 15));
    expect(quotationLineCents(1, 333, 15)).toBe(283);
  });

  it('refuses a negative or zero quantity and a discount over 100 %, naming the field', async () => {
    const { id } = await newQuote();
    for (const [body, field] of [[{ quantity: -1 }, 'quantity'], [{ quantity: 0 }, 'quantity'], [{ discount_percent: 101 }, 'discount_percent'], [{ unit_price_cents: -5 }, 'unit_price_cents']] as const) {
      const r = await addLine(id, body);
      expect(r.code, JSON.stringify(body)).toBe(Code.VALIDATION);
      expect(r.field).toBe(field);
    }
    expect((await detail(id)).line_count).toBe(0);
  });

  it('keeps quotations and price lists to their organisation', async () => {
    const { id } = await newQuote();
    expect((await call(QUOTE, { method: 'detail', id }, outsider.token)).code).toBe(Code.NOT_FOUND);
    expect((await call(QUOTE, { method: 'sheet', id }, outsider.token)).code).toBe(Code.NOT_FOUND);
    const theirs = await call<QuoteRow>(QUOTE, { method: 'add', customer: 'Theirs' }, outsider.token);
    const r = await addLine(theirs.data!.id);
    expect(r.code).toBe(Code.NOT_FOUND);
    expect(r.field).toBe('quotation_id');
    const foreignDevice = await call(LINE, { method: 'add', quotation_id: theirs.data!.id, quote_device_id: apId, quantity: 1 }, outsider.token);
    expect(foreignDevice.code).toBe(Code.NOT_FOUND);
    expect(foreignDevice.field).toBe('quote_device_id');
  });

  it('refuses sending an empty quotation (1001 naming line_count)', async () => {
    const { id } = await newQuote();
    const r = await call(QUOTE, { method: 'send', id });
    expect(r.code).toBe(Code.VALIDATION);
    expect(r.field).toBe('line_count');
    expect((await detail(id)).state).toBe('draft');
  });

  describe('states follow QUOTATION_LIFECYCLE', () => {
    for (const from of QUOTATION_STATES) {
      for (const step of QUOTATION_LIFECYCLE) {
        if (step.to === from) continue;
        const allowed = canStep(QUOTATION_LIFECYCLE, step.action, from);
        it(`${step.action} from ${from}: ${allowed ? `→ ${step.to}` : 'refused (1007 on state)'}`, async () => {
          const id = await quoteIn(from);
          const r = await call(QUOTE, { method: step.action, id });
          if (allowed) {
            expect(r.code, r.msg).toBe(200);
            expect((await detail(id)).state).toBe(step.to);
          } else {
            expect(r.code).toBe(Code.CONFLICT);
            expect(r.field).toBe('state');
            expect((await detail(id)).state).toBe(from);
          }
        });
      }
    }

    it('locks a sent quotation and its lines', async () => {
      const id = await quoteIn('sent');
      expect((await detail(id) as QuoteRow & { sent_at: string | null }).sent_at).toBeTruthy();
      const upd = await call(QUOTE, { method: 'update', id, customer: 'Changed' });
      expect([upd.code, upd.field]).toEqual([Code.CONFLICT, 'state']);
      const add = await addLine(id);
      expect([add.code, add.field]).toEqual([Code.CONFLICT, 'quotation_id']);
      const lines = await call<{ list: { id: number }[] }>(LINE, { method: 'list', quotation_id: id });
      const rm = await call(LINE, { method: 'remove', id: lines.data!.list[0]!.id });
      expect([rm.code, rm.field]).toEqual([Code.CONFLICT, 'quotation_id']);
      const del = await call(QUOTE, { method: 'remove', id });
      expect([del.code, del.field]).toEqual([Code.CONFLICT, 'state']);
    });

    it('refuses accepting a quotation past its validity (1007 naming valid_until)', async () => {
      const { id } = await newQuote();
      await addLine(id);
      expect((await call(QUOTE, { method: 'update', id, valid_until: '2020-01-01T00:00:00Z' })).code).toBe(200);
      expect((await call(QUOTE, { method: 'send', id })).code).toBe(200);
      const r = await call(QUOTE, { method: 'accept', id });
      expect([r.code, r.field]).toEqual([Code.CONFLICT, 'valid_until']);
      expect((await call(QUOTE, { method: 'expire', id })).code).toBe(200);
    });
  });

  it('answers the sheet and exports it as xlsx with the same lines and totals', async () => {
    const { id } = await newQuote();
    await addLine(id, { quantity: 2, discount_percent: 5 });
    const sheet = (await call<QuotationSheet>(QUOTE, { method: 'sheet', id })).data!;
    expect(sheet).toMatchObject({ customer: 'Harbour Hotel', organization: 'Quote A', total_cents: quotationLineCents(2, 129_900, 5) });
    expect(sheet.lines).toEqual([{ model: 'AP-620', name: 'Wi-Fi 6 AP', unit: 'pcs', quantity: 2, unit_price_cents: 129_900, discount_percent: 5, amount_cents: 246_810 }]);
    const file = await t.post<{ filename: string; content: string }>(QUOTE, { method: 'export_sheet', id, tz: 'Asia/Shanghai' }, { token: staff.token, headers: { 'accept-language': 'en' } });
    expect(file.code, file.msg).toBe(200);
    expect(file.data!.filename).toBe(`${sheet.quote_no}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.data!.content, 'base64') as unknown as ArrayBuffer);
    const cells: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => { cells.push((row.values as unknown[]).slice(1)); });
    expect(cells[0]).toEqual([`Quotation ${sheet.quote_no}`]);
    expect(cells).toContainEqual([1, 'AP-620', 'Wi-Fi 6 AP', 'pcs', 2, 1299, 5, 2468.1]);
    expect(cells).toContainEqual(['', '', '', '', '', '', 'Total (CNY)', 2468.1]);
    const bad = await call(QUOTE, { method: 'export_sheet', id, tz: 'Mars/Base' });
    expect([bad.code, bad.field]).toEqual([Code.VALIDATION, 'tz']);
  });

  describe('cost, stock and tax', () => {
    it('keeps cost and stock on the price list (defaults 0), shows the margin, refuses bad values naming the field', async () => {
      const sw = (await call<DeviceRow>(DEVICE, { method: 'detail', id: switchId })).data!;
      expect(sw).toMatchObject({ cost_cents: 0, stock: 0, margin_cents: 333 });
      const add = await call<DeviceRow>(DEVICE, { method: 'add', model: 'CAM-1', name: 'Camera', unit_price_cents: 50_000, cost_cents: 32_000, stock: 12 });
      expect(add.code, add.msg).toBe(200);
      expect(add.data).toMatchObject({ cost_cents: 32_000, stock: 12, margin_cents: 18_000 });
      // A price below cost is allowed; the margin goes negative.
      expect((await call(DEVICE, { method: 'update', id: add.data!.id, cost_cents: 60_000 })).code).toBe(200);
      expect((await call<DeviceRow>(DEVICE, { method: 'detail', id: add.data!.id })).data).toMatchObject({ margin_cents: -10_000, stock: 12 });
      const bad: [Record<string, unknown>, string][] = [
        [{ cost_cents: -1 }, 'cost_cents'], [{ cost_cents: QUOTE_PRICE_MAX_CENTS + 1 }, 'cost_cents'], [{ cost_cents: 1.5 }, 'cost_cents'],
        [{ stock: -1 }, 'stock'], [{ stock: 1_000_001 }, 'stock'], [{ stock: 2.5 }, 'stock'], [{ margin_cents: 5 }, 'margin_cents'],
      ];
      for (const [body, field] of bad) {
        const r = await call(DEVICE, { method: 'add', model: 'BAD', name: 'Bad', unit_price_cents: 100, ...body });
        expect([r.code, r.field], JSON.stringify(body)).toEqual([Code.VALIDATION, field]);
        const u = await call(DEVICE, { method: 'update', id: add.data!.id, ...body });
        expect([u.code, u.field], JSON.stringify(body)).toEqual([Code.VALIDATION, field]);
      }
      expect((await call<DeviceRow>(DEVICE, { method: 'detail', id: add.data!.id })).data).toMatchObject({ cost_cents: 60_000, stock: 12 });
      expect((await call(DEVICE, { method: 'add', model: 'MAX', name: 'Max', unit_price_cents: 1, cost_cents: QUOTE_PRICE_MAX_CENTS, stock: 1_000_000 })).code).toBe(200);
    });

    it('rounds the tax half up to the cent on the amount after discounts', async () => {
      expect([quotationTaxCents(1, 600), quotationTaxCents(50, 100), quotationTaxCents(49, 100), quotationTaxCents(150, 100), quotationTaxCents(0, 10_000)]).toEqual([0, 1, 0, 2, 0]);
      expect([taxRateText(600), taxRateText(650), taxRateText(1), taxRateText(10_000), taxRateText(0)]).toEqual(['6', '6.5', '0.01', '100', '0']);
      // 1 fen at 6 % → 0.
      const one = (await call<QuoteRow>(QUOTE, { method: 'add', customer: 'One fen', tax_rate_bp: 600 })).data!;
      expect(one.tax_rate_bp).toBe(600);
      await addLine(one.id, { unit_price_cents: 1 });
      expect(await detail(one.id)).toMatchObject({ net_cents: 1, tax_cents: 0, total_cents: 1 });
      // 50 fen at 1 % → 0.5 → 1 (half up); 100 fen less 50 % is the 50.
      const half = (await call<QuoteRow>(QUOTE, { method: 'add', customer: 'Half', tax_rate_bp: 100 })).data!;
      await addLine(half.id, { unit_price_cents: 100, discount_percent: 50 });
      expect(await detail(half.id)).toMatchObject({ subtotal_cents: 100, discount_cents: 50, net_cents: 50, tax_cents: 1, total_cents: 51 });
      // A new quotation has no tax.
      const plain = await newQuote();
      expect(plain).toMatchObject({ tax_rate_bp: 0, tax_cents: 0, total_cents: 0 });
    });

    it('keeps a large total exact (past 2^53 in the product)', async () => {
      const q = (await call<QuoteRow>(QUOTE, { method: 'add', customer: 'Stadium', tax_rate_bp: 1_234 })).data!;
      for (let i = 0; i < 3; i++) expect((await addLine(q.id, { quantity: 99_999, unit_price_cents: QUOTE_PRICE_MAX_CENTS - 1, discount_percent: 1 })).code).toBe(200);
      const line = (99_999n * BigInt(QUOTE_PRICE_MAX_CENTS - 1) * 99n + 50n) / 100n;
      const net = 3n * line;
      const tax = (net * 1_234n + 5_000n) / 10_000n;
      expect(net * 1_234n).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
      const d = await detail(q.id);
      expect([BigInt(d.net_cents), BigInt(d.tax_cents), BigInt(d.total_cents)]).toEqual([net, tax, net + tax]);
      expect(quotationTaxCents(Number(net), 1_234)).toBe(Number(tax));
      // The largest rate: the tax equals the amount.
      expect((await call(QUOTE, { method: 'update', id: q.id, tax_rate_bp: 10_000 })).code).toBe(200);
      expect(await detail(q.id)).toMatchObject({ tax_cents: Number(net), total_cents: Number(2n * net) });
    });

    it('refuses a tax rate out of 0–10,000 naming tax_rate_bp, and never takes the tax or total from the request', async () => {
      const { id } = await newQuote();
      for (const rate of [-1, 10_001, 6.5, 'x']) {
        const a = await call(QUOTE, { method: 'add', customer: 'Bad rate', tax_rate_bp: rate });
        expect([a.code, a.field], String(rate)).toEqual([Code.VALIDATION, 'tax_rate_bp']);
        const u = await call(QUOTE, { method: 'update', id, tax_rate_bp: rate });
        expect([u.code, u.field], String(rate)).toEqual([Code.VALIDATION, 'tax_rate_bp']);
      }
      for (const field of ['tax_cents', 'net_cents', 'total_cents']) {
        const r = await call(QUOTE, { method: 'update', id, [field]: 1 });
        expect([r.code, r.field]).toEqual([Code.VALIDATION, field]);
      }
      expect((await detail(id)).tax_rate_bp).toBe(0);
    });

    it('recomputes tax and total when the rate, a line or a discount changes; a sent quotation keeps its rate', async () => {
      const { id } = await newQuote();
      const line = (await addLine(id, { quantity: 2, unit_price_cents: 10_005 })).data!;
      expect(await detail(id)).toMatchObject({ net_cents: 20_010, tax_cents: 0, total_cents: 20_010 });
      expect((await call(QUOTE, { method: 'update', id, tax_rate_bp: 1_300 })).code).toBe(200);
      expect(await detail(id)).toMatchObject({ tax_rate_bp: 1_300, tax_cents: 2_601, total_cents: 22_611 }); // 2601.3
      expect((await call(LINE, { method: 'update', id: line.id, discount_percent: 10 })).code).toBe(200);
      expect(await detail(id)).toMatchObject({ net_cents: 18_009, tax_cents: 2_341, total_cents: 20_350 }); // 2341.17
      expect((await call(LINE, { method: 'update', id: line.id, quantity: 3 })).code).toBe(200);
      const net = quotationLineCents(3, 10_005, 10);
      expect(await detail(id)).toMatchObject({ net_cents: net, tax_cents: quotationTaxCents(net, 1_300), total_cents: net + quotationTaxCents(net, 1_300) });
      expect((await call(QUOTE, { method: 'update', id, tax_rate_bp: 0 })).code).toBe(200);
      expect(await detail(id)).toMatchObject({ tax_cents: 0, total_cents: net });
      expect((await call(QUOTE, { method: 'send', id })).code).toBe(200);
      const r = await call(QUOTE, { method: 'update', id, tax_rate_bp: 600 });
      expect([r.code, r.field]).toEqual([Code.CONFLICT, 'state']);
      // The list answers the same totals.
      const list = await call<{ list: QuoteRow[] }>(QUOTE, { method: 'list', size: 50, state: 'sent' });
      expect(list.data!.list.find((q) => q.id === id)).toMatchObject({ tax_cents: 0, total_cents: net });
    });

    it('writes subtotal, tax rate, tax and total to the sheet and the xlsx, in both languages', async () => {
      const { id } = await newQuote();
      await addLine(id, { quantity: 2, discount_percent: 5 });
      expect((await call(QUOTE, { method: 'update', id, tax_rate_bp: 650 })).code).toBe(200);
      const sheet = (await call<QuotationSheet>(QUOTE, { method: 'sheet', id })).data!;
      // 246,810 × 6.5 % = 16,042.65 → 16,043.
      expect(sheet).toMatchObject({ subtotal_cents: 259_800, discount_cents: 12_990, net_cents: 246_810, tax_rate_bp: 650, tax_cents: 16_043, total_cents: 262_853 });
      const rows = async (lang: string) => {
        const file = await t.post<{ content: string }>(QUOTE, { method: 'export_sheet', id }, { token: staff.token, headers: { 'accept-language': lang } });
        expect(file.code, file.msg).toBe(200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(Buffer.from(file.data!.content, 'base64') as unknown as ArrayBuffer);
        const cells: unknown[][] = [];
        wb.worksheets[0]!.eachRow((row) => { cells.push((row.values as unknown[]).slice(1)); });
        return cells;
      };
      const en = await rows('en');
      const pad = ['', '', '', '', '', ''];
      expect(en).toContainEqual([...pad, 'List total (CNY)', 2598]);
      expect(en).toContainEqual([...pad, 'Subtotal after discounts (CNY)', 2468.1]);
      expect(en).toContainEqual([...pad, 'Tax rate', '6.5%']);
      expect(en).toContainEqual([...pad, 'Tax (CNY)', 160.43]);
      expect(en).toContainEqual([...pad, 'Total (CNY)', 2628.53]);
      const zh = await rows('zh-CN');
      expect(zh).toContainEqual([...pad, '税率', '6.5%']);
      expect(zh).toContainEqual([...pad, '税额（元）', 160.43]);
      expect(zh).toContainEqual([...pad, '报价总额（元）', 2628.53]);
    });

    it('warns of lines beyond stock on the sheet answer, and accepting a quotation leaves stock alone', async () => {
      const dev = (await call<DeviceRow>(DEVICE, { method: 'add', model: 'NVR-8', name: 'Recorder', unit_price_cents: 80_000, stock: 5 })).data!;
      const { id } = await newQuote();
      await addLine(id, { quote_device_id: dev.id, quantity: 3 });
      expect((await call<QuotationSheet>(QUOTE, { method: 'sheet', id })).data!.short_stock).toEqual([]);
      await addLine(id, { quote_device_id: dev.id, quantity: 3 });
      expect((await call<QuotationSheet>(QUOTE, { method: 'sheet', id })).data!.short_stock).toEqual([{ model: 'NVR-8', quantity: 6, stock: 5 }]);
      for (const action of ['send', 'accept']) expect((await call(QUOTE, { method: action, id })).code, action).toBe(200);
      expect((await call<DeviceRow>(DEVICE, { method: 'detail', id: dev.id })).data!.stock).toBe(5);
    });
  });

  it('refuses removing a price-list device quoted on a line (1017)', async () => {
    const r = await call(DEVICE, { method: 'remove', id: apId });
    expect(r.code).toBe(Code.IN_USE);
  });
});
