import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, PublicWorkOrderApi, type PublicWorkOrderReceipt, type PublicWorkOrderStatus } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const ORDERS = '/admin/business/work_order';

/** Issue 15 point 1: the public `/workOrder` page's submissions and status checks. */
describe.each(engines)('work orders from the public page (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let staff: MadeUser;
  let outsider: MadeUser;
  let device: number;
  let ipSeq = 0;
  /** Each test speaks from its own address, so the per-IP limits of one do not reach the next. */
  const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const pub = <T = unknown>(path: string, body: Record<string, unknown>, ip: string) => t.post<T>(path, body, { headers: { 'x-forwarded-for': ip } });
  const form = { method: 'submit', title: 'No Wi-Fi in room 1808', description: 'Since this morning', contact_name: 'Li Lei', contact_phone: '13912345678' };

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' } });
    orgA = await makeOrg(t, 'Harbour Hotel');
    staff = await makeUser(t, orgA, 'all');
    outsider = await makeUser(t, await makeOrg(t, 'Elsewhere'), 'all');
    const made = await t.post<{ id: number }>('/admin/device/binding', { method: 'add', serial: 'HARBOUR-AP-1', family: 'ap' }, { token: staff.token });
    expect(made.code, made.msg).toBe(200);
    device = made.data!.id;
  });
  afterAll(async () => t.close());

  it('names the organisation for the page, and nothing for one that does not exist', async () => {
    const ip = freshIp();
    expect((await pub(PublicWorkOrderApi.submit, { method: 'form', org: orgA }, ip)).data).toEqual({ org_name: 'Harbour Hotel' });
    expect((await pub(PublicWorkOrderApi.submit, { method: 'form', org: 999_999 }, ip)).code).toBe(Code.NOT_FOUND);
  });

  it('opens an order in the organisation\'s list, with the device by its serial and "submitted" on its timeline', async () => {
    const r = await pub<PublicWorkOrderReceipt>(PublicWorkOrderApi.submit, { ...form, org: orgA, serial: 'HARBOUR-AP-1' }, freshIp());
    expect(r.code, r.msg).toBe(200);
    expect(r.data!.order_no).toMatch(/^WO\d{20}$/);
    const list = (await t.post<{ list: Record<string, unknown>[] }>(ORDERS, { method: 'list', order_no: r.data!.order_no }, { token: staff.token })).data!.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: form.title, status: 'open', contact_name: 'Li Lei', contact_phone: '13912345678' });
    // The serial's device is the order's one linked device.
    expect(list[0]!.device_ids).toEqual([device]);
    const timeline = (await t.post<{ kind: string; user_id: number | null }[]>(ORDERS, { method: 'timeline', id: list[0]!.id }, { token: staff.token })).data!;
    expect(timeline.map((e) => [e.kind, e.user_id ?? null])).toEqual([['created', null]]);
    // Another organisation never sees it.
    expect((await t.post<{ list: unknown[] }>(ORDERS, { method: 'list', order_no: r.data!.order_no }, { token: outsider.token })).data!.list).toEqual([]);
  });

  it('refuses bad submissions naming the field, and writes nothing', async () => {
    const ip = freshIp();
    const before = (await t.post<{ total: number }>(ORDERS, { method: 'list' }, { token: staff.token })).data!.total;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title: '' }, Code.VALIDATION, 'title'],
      [{ contact_phone: '12345' }, Code.VALIDATION, 'contact_phone'],
      [{ contact_name: 'x'.repeat(33) }, Code.VALIDATION, 'contact_name'],
      [{ serial: 'bad serial' }, Code.VALIDATION, 'serial'],
      [{ serial: 'NOT-OURS-1' }, Code.VALIDATION, 'serial'],
      [{ org: 999_999 }, Code.NOT_FOUND, ''],
    ];
    for (const [over, code, field] of cases) {
      const r = await pub(PublicWorkOrderApi.submit, { ...form, org: orgA, ...over }, ip);
      expect([r.code, r.field ?? ''], JSON.stringify(over)).toEqual([code, field]);
    }
    expect((await t.post<{ total: number }>(ORDERS, { method: 'list' }, { token: staff.token })).data!.total).toBe(before);
  });

  it('tells the submitter the state by order number, down to closed, and nothing else', async () => {
    const ip = freshIp();
    const no = (await pub<PublicWorkOrderReceipt>(PublicWorkOrderApi.submit, { ...form, org: orgA }, ip)).data!.order_no;
    const status = async () => (await pub<PublicWorkOrderStatus>(PublicWorkOrderApi.status, { order_no: no }, freshIp())).data!;
    expect(await status()).toMatchObject({ found: true, order_no: no, status: 'open' });
    const id = (await t.post<{ list: { id: number }[] }>(ORDERS, { method: 'list', order_no: no }, { token: staff.token })).data!.list[0]!.id;
    for (const [step, extra] of [['assign', { assignee_id: staff.id }], ['start', {}], ['resolve', { resolution: 'Router restarted' }], ['close', {}]] as const) {
      const r = await t.post(ORDERS, { method: step, id, ...extra }, { token: staff.token });
      expect([step, r.code, r.msg]).toEqual([step, 200, expect.any(String)]);
    }
    const closed = await status();
    expect(closed).toMatchObject({ found: true, status: 'closed' });
    expect(Object.keys(closed).sort()).toEqual(['found', 'order_no', 'status', 'submitted_at', 'updated_at']);
    expect((await pub<PublicWorkOrderStatus>(PublicWorkOrderApi.status, { order_no: `WO${'0'.repeat(20)}` }, freshIp())).data).toEqual({ found: false });
    expect(await pub(PublicWorkOrderApi.status, { order_no: 'WO123' }, freshIp())).toMatchObject({ code: Code.VALIDATION, field: 'order_no' });
  });
});
