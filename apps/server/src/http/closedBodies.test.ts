import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Api, Code, md5, type PersonalDataDetailAnswer } from '@gx/contract';
import { ADMIN_PASSWORD, engines, startTestApp, type TestApp } from '../testing/testApp';
import { mergeEndpoints } from './endpoint';
import { allEndpoints } from '../modules/areas';

/**
 * Every endpoint's body is closed (issue 8, point 7): exactly what the console (`apps/web`) and the documented
 * protocol send is accepted, and any other field answers 1001 naming it. Only the EMQX hooks, which are no API
 * methods (not among the endpoints), stay open.
 */

/** Closed: a `closedObject` (a loose object refusing unknown keys itself, saying so in its metadata) or a strict one. */
function isClosed(body: z.ZodType): boolean {
  if (z.globalRegistry.get(body)?.additionalProperties === false) return true;
  return body instanceof z.ZodObject && body.def.catchall instanceof z.ZodNever;
}

const newAccount = { username: 'closed_bodies', password: md5('Secret#2026'), phone: '13600000000', accept_terms: true };

/** What the console sends (JSON), and how the server answers it; `answer` defaults to 200. */
interface ConsoleCall { path: string; body: Record<string, unknown>; anonymous?: true; answer?: { code: number; field?: string } }

const consoleCalls = (me: number, org: number): ConsoleCall[] => [
  { path: Api.index.login, body: { username: 'admin', password: md5(ADMIN_PASSWORD), code: '' }, anonymous: true },
  { path: Api.index.info, body: {} },
  { path: Api.index.menu, body: {} },
  { path: Api.index.domainConfig, body: {}, anonymous: true },
  { path: Api.shell.personalData, body: { method: 'detail' } },
  // A wrong original password, so the administrator's stays as it is.
  { path: Api.shell.personalData, body: { method: 'change_password', id: me, password: md5('not it'), new_password: md5('New@123456') }, answer: { code: Code.BAD_CREDENTIALS, field: 'password' } },
  { path: Api.shell.personalData, body: { method: 'we_chart', id: me } },
  { path: Api.shell.personalData, body: { method: 'unbundle', id: me }, answer: { code: Code.NOT_FOUND } },
  { path: Api.shell.personalData, body: { method: 'set_theme', theme: 'light' } },
  // Page settings exist only on a custom-domain deployment.
  { path: Api.shell.personalData, body: { method: 'domain_config', domain: 'brand.example.com' }, answer: { code: Code.FORBIDDEN } },
  { path: Api.shell.personalData, body: { method: 'organization_change', id: org } },
  { path: Api.shell.personalData, body: { method: 'resignation_succession', quit_id: 2147483000, inherit_id: 2147483001 }, answer: { code: Code.NOT_FOUND } },
  { path: Api.shell.webmaster, body: { method: 'form_select', keyword: '' } },
  { path: Api.shell.notificationInbox, body: {} },
  { path: Api.shell.notificationInbox, body: { method: 'notice' } },
  { path: Api.shell.notificationInbox, body: { method: 'inform' } },
  { path: Api.shell.notificationInbox, body: { method: 'status', id: 2147483000 }, answer: { code: Code.NOT_FOUND } },
  { path: Api.shell.wechatUserAuth, body: { code: 'wechat-code', state: 'no-such-state' }, answer: { code: Code.VALIDATION, field: 'state' } },
  // Self-service accounts (public): a code is sent; the rest is refused on its single-use piece, named.
  { path: Api.index.register, body: { method: 'send_code', phone: '13600000000', code: '' }, anonymous: true },
  { path: Api.index.register, body: { ...newAccount, sms_code: '000000' }, anonymous: true, answer: { code: Code.VALIDATION, field: 'sms_code' } },
  { path: Api.index.exchangeAuth, body: { method: 'url' }, anonymous: true },
  { path: Api.index.exchangeAuth, body: { code: 'wechat-code', state: 'no-such-state' }, anonymous: true, answer: { code: Code.VALIDATION, field: 'state' } },
  { path: Api.shell.wechatRegister, body: { method: 'detail', ticket: 'no-such-ticket' }, anonymous: true, answer: { code: Code.VALIDATION, field: 'ticket' } },
  {
    path: Api.shell.wechatRegister, body: { method: 'bind', ticket: 'no-such-ticket', username: 'admin', password: md5('not it'), code: '' },
    anonymous: true, answer: { code: Code.VALIDATION, field: 'ticket' },
  },
  {
    path: Api.shell.wechatRegister, body: { method: 'register', ticket: 'no-such-ticket', ...newAccount, sms_code: '000000' },
    anonymous: true, answer: { code: Code.VALIDATION, field: 'ticket' },
  },
  { path: Api.shell.organization, body: { method: 'mine' } },
  { path: Api.shell.organization, body: { method: 'join', code: 'NOSUCHCODE000000' }, answer: { code: Code.NOT_FOUND } },
  { path: Api.shell.organization, body: { method: 'form', name: 'Closed bodies' } },
  // Last: it ends the session.
  { path: Api.index.logout, body: {} },
];

describe('endpoint bodies', () => {
  it('are never left open: no method of any endpoint passes unknown fields through', () => {
    const open: string[] = [];
    for (const e of mergeEndpoints(allEndpoints)) {
      for (const [name, m] of Object.entries(e.methods)) if (!isClosed(m.body)) open.push(`${e.path}#${name}`);
    }
    expect(open).toEqual([]);
  });
});

describe.each(engines)('closed bodies of the console\'s calls (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ engine }); });
  afterAll(async () => t.close());

  /** A multipart call, as the console sends its forms. */
  async function multipart(path: string, fields: Record<string, string | Blob>, auth: string): Promise<{ code: number; field?: string }> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${t.url}/v3${path}`, { method: 'POST', headers: { authorization: `Bearer ${auth}` }, body: form });
    return (await res.json()) as { code: number; field?: string };
  }

  it('refuses an unknown field with 1001 naming it, and accepts what the console sends', async () => {
    const token = await t.login();
    const me = await t.post<PersonalDataDetailAnswer>(Api.shell.personalData, { method: 'detail' }, { token });
    for (const c of consoleCalls(me.data!.detail.id, me.data!.or!.o_id)) {
      const auth = c.anonymous ? {} : { token };
      const where = `${c.path} ${JSON.stringify(c.body)}`;
      expect(await t.post(c.path, { ...c.body, unexpected: 1 }, auth), where).toMatchObject({ code: Code.VALIDATION, field: 'unexpected' });
      expect(await t.post(c.path, c.body, auth), where).toMatchObject(c.answer ?? { code: 200 });
    }
  });

  it('closes the form-urlencoded sign-in: username, password and code', async () => {
    const login = (fields: Record<string, string>) => fetch(`${t.url}/v3${Api.index.login}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(),
    }).then(async (r) => (await r.json()) as { code: number; field?: string });
    const form = { username: 'admin', password: md5(ADMIN_PASSWORD), code: '' };
    expect(await login({ ...form, unexpected: '1' })).toMatchObject({ code: Code.VALIDATION, field: 'unexpected' });
    expect(await login(form)).toMatchObject({ code: 200 });
  });

  it('closes the multipart forms: the personal data, the page settings and every import', async () => {
    const token = await t.login();
    const me = (await t.post<PersonalDataDetailAnswer>(Api.shell.personalData, { method: 'detail' }, { token })).data!.detail;
    const personal = { method: 'form', id: String(me.id), nickname: 'Administrator', cellphone: me.cellphone, sex: '2', company_name: '' };
    expect(await multipart(Api.shell.personalData, { ...personal, unexpected: '1' }, token)).toMatchObject({ code: Code.VALIDATION, field: 'unexpected' });
    expect(await multipart(Api.shell.personalData, personal, token)).toMatchObject({ code: 200 });
    const page = {
      method: 'domain_config_form', domain: 'brand.example.com', home_title: 'Home', company: 'Company', company_url: 'https://example.com',
      telephone: '400-000-0000', msg_id: '', icon: '', home_logo: '',
    };
    expect(await multipart(Api.shell.personalData, { ...page, unexpected: '1' }, token)).toMatchObject({ code: Code.VALIDATION, field: 'unexpected' });
    expect(await multipart(Api.shell.personalData, page, token)).toMatchObject({ code: Code.FORBIDDEN });
    const imports = mergeEndpoints(allEndpoints).filter((e) => Object.hasOwn(e.methods, 'import'));
    expect(imports.length).toBeGreaterThan(0);
    const csv = () => new File(['\uFEFFusername,nickname,password\r\nclosed_import,Closed,Secret12\r\n'], 'users.csv');
    for (const e of imports) {
      expect(await multipart(e.path, { method: 'import', file: csv(), unexpected: '1' }, token), e.path).toMatchObject({ code: Code.VALIDATION, field: 'unexpected' });
    }
    expect(await multipart('/admin/system/user', { method: 'import', file: csv() }, token)).toMatchObject({ code: 200 });
  });

  it('refuses a method name the endpoint lacks on a method-less call, naming the field', async () => {
    expect(await t.post(Api.index.info, { method: 'info' }, { token: await t.login() })).toMatchObject({ code: Code.VALIDATION, field: 'method' });
  });
});
