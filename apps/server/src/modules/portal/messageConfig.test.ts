import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, type Page, type SmsLogRow, type SmsTemplate } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember, createOrganization } from '../../testing/members';
import { smsMessages } from '../../db/schema';
import type { SmsProvider } from '../../providers/sms/types';

const PATH = '/admin/other_business/message_config';
const KEYS = ['portal.sms.list', 'portal.sms.add', 'portal.sms.update', 'portal.sms.remove', 'portal.sms.test', 'portal.sms.log'];

describe.each(engines)('SMS configuration (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  let failing = false;
  // The local provider, except that a test can make it refuse like a real provider would.
  const provider: SmsProvider = {
    name: 'local',
    send: async () => (failing ? { ok: false, error: 'isv.BUSINESS_LIMIT_CONTROL: limit' } : { ok: true, providerId: 'local-1' }),
  };
  beforeAll(async () => {
    t = await startTestApp({ engine, services: { sms: provider }, env: { SMS_SIGN_NAME: 'GX' } });
    orgA = await createOrganization(t, 'SMS A');
    const orgB = await createOrganization(t, 'SMS B');
    a = await createMember(t, { username: 'sms-a', orgs: [orgA], nickname: 'A', keys: KEYS });
    b = await createMember(t, { username: 'sms-b', orgs: [orgB], nickname: 'B', keys: KEYS });
  });
  afterAll(async () => t.close());

  const add = (token: string, name: string) =>
    t.post<SmsTemplate>(PATH, { method: 'add', name, content: 'Your code is ${code}', sign: '', template_code: 'SMS_71390007' }, { token });
  const list = async (token: string) => (await t.post<Page<SmsTemplate>>(PATH, { method: 'list' }, { token })).data;

  it('adds templates and lists them in data.list for the current organisation only', async () => {
    expect((await add(a.token, 'Login code')).code).toBe(200);
    const mine = await list(a.token);
    expect(mine?.list).toEqual([{ id: expect.any(Number), name: 'Login code', content: 'Your code is ${code}', sign: '', template_code: 'SMS_71390007' }]);
    expect((await list(b.token))?.list).toEqual([]);
  });

  it('updates and removes only the organisation\'s own templates', async () => {
    const id = (await add(a.token, 'Temp')).data?.id;
    expect((await t.post(PATH, { method: 'update', id, name: 'Stolen', content: 'x', template_code: 'SMS_1' }, { token: b.token })).code).toBe(Code.NOT_FOUND);
    expect((await t.post(PATH, { method: 'remove', id }, { token: b.token })).code).toBe(Code.NOT_FOUND);
    const u = await t.post<SmsTemplate>(PATH, { method: 'update', id, name: 'Renamed', content: 'Hi ${code}', sign: 'ACME', template_code: 'SMS_2' }, { token: a.token });
    expect(u.data).toMatchObject({ name: 'Renamed', sign: 'ACME', template_code: 'SMS_2' });
    expect((await t.post(PATH, { method: 'remove', id }, { token: a.token })).code).toBe(200);
    expect((await list(a.token))?.list.map((x) => x.name)).toEqual(['Login code']);
  });

  it('requires name, content and template code', async () => {
    expect(await t.post(PATH, { method: 'add', name: '', content: 'x', template_code: 'S' }, { token: a.token })).toMatchObject({ code: Code.VALIDATION, field: 'name' });
    expect(await t.post(PATH, { method: 'add', name: 'n', content: 'x' }, { token: a.token })).toMatchObject({ code: Code.VALIDATION, field: 'template_code' });
  });

  it('sends a test message through the provider and keeps it, with its code, in the send log', async () => {
    const id = (await list(a.token))?.list[0]?.id;
    expect((await t.post(PATH, { method: 'test', id, phone: '13800138000' }, { token: a.token })).code).toBe(200);
    const [row] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.phone, '13800138000'));
    expect(row).toMatchObject({ orgId: orgA, signName: 'GX', templateCode: 'SMS_71390007', provider: 'local', status: 'sent' });
    expect((row?.params as { code: string }).code).toMatch(/^\d{6}$/);
    const log = await t.post<Page<SmsLogRow>>(PATH, { method: 'send_msg_log' }, { token: a.token });
    expect(log.data?.list[0]).toMatchObject({ phone: '13800138000', status: 'sent' });
    expect((await t.post<Page<SmsLogRow>>(PATH, { method: 'send_msg_log' }, { token: b.token })).data?.total).toBe(0);
  });

  it('reports a provider refusal and still logs the failed attempt', async () => {
    const id = (await list(a.token))?.list[0]?.id;
    failing = true;
    const r = await t.post(PATH, { method: 'test', id, phone: '13900139000' }, { token: a.token });
    failing = false;
    expect(r.code).toBe(Code.FAILED);
    const [row] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.phone, '13900139000'));
    expect(row).toMatchObject({ status: 'failed', error: 'isv.BUSINESS_LIMIT_CONTROL: limit' });
  });

  it('refuses an invalid phone number', async () => {
    const id = (await list(a.token))?.list[0]?.id;
    expect(await t.post(PATH, { method: 'test', id, phone: '12345' }, { token: a.token })).toMatchObject({ code: Code.VALIDATION, field: 'phone' });
  });

  it('refuses a field it does not know, naming it, on every writing method (issue 8 point 7)', async () => {
    const id = (await list(a.token))?.list[0]?.id;
    const body = { name: 'n', content: 'c', template_code: 'SMS_1' };
    expect(await t.post(PATH, { method: 'add', ...body, org_id: 99 }, { token: a.token })).toMatchObject({ code: Code.VALIDATION, field: 'org_id' });
    expect(await t.post(PATH, { method: 'update', id, name: 'n2', status: 0 }, { token: a.token })).toMatchObject({ code: Code.VALIDATION, field: 'status' });
    expect(await t.post(PATH, { method: 'test', id, phone: '13800138000', code: '123456' }, { token: a.token })).toMatchObject({ code: Code.VALIDATION, field: 'code' });
    expect((await list(a.token))?.list.map((x) => x.name)).toEqual(['Login code']);
  });

  it('needs the permission keys', async () => {
    const plain = await createMember(t, { username: 'sms-plain', orgs: [orgA], nickname: 'P' });
    expect((await t.post(PATH, { method: 'list' }, { token: plain.token })).code).toBe(Code.FORBIDDEN);
  });
});
