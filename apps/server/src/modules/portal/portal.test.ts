import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  Code, PortalApi, type AgentAnswer, type InquiryAnswer, type WechatMenuDetail, type WifiConfig, type WifiLoginAnswer, type WifiSendCodeAnswer,
} from '@gx/contract';
import { deviceModels, devices, deviceStock, notifications, portalGuestSessions, smsMessages } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { blobOf, PNG_1PX, postForm } from '../../testing/members';

const SETTINGS = '/admin/device/portal';
const ADVERT = '/admin/other_business/adv_list';
const AD_SLOT = '/admin/other_business/adv_code';
const AGENT = '/admin/portal/agent';
const past = '2020-01-01T00:00:00Z';
const future = '2099-01-01T00:00:00Z';

describe.each(engines)('portal (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: MadeUser;
  let other: MadeUser;
  let orgA: number;
  let orgB: number;
  let clock = new Date('2026-06-10T08:00:00Z');
  let ipSeq = 0;
  /** Every test speaks from its own address, so the per-IP limits of one test do not reach the next. */
  const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' }, services: { now: () => clock, captchaText: () => 'K7PQ' } });
    admin = await t.login();
    orgA = await makeOrg(t, 'Portal A');
    orgB = await makeOrg(t, 'Portal B');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = staff.token) => t.post<T>(path, body, { token });
  const pub = <T = unknown>(path: string, body: Record<string, unknown>, ip: string, cookie?: string) =>
    t.post<T>(path, body, { headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } });

  describe('settings', () => {
    it('keeps SPEC §3 limits, naming the field', async () => {
      for (const [field, value] of [['code_validity_min', 0], ['code_validity_min', 31], ['send_interval_s', 10], ['up_kbps', -1], ['session_minutes', 5]] as const) {
        const r = await call(SETTINGS, { method: 'add', place: `p-${field}-${value}`, [field]: value });
        expect(r, `${field}=${value}`).toMatchObject({ code: Code.VALIDATION, field });
      }
      expect(await call(SETTINGS, { method: 'add', place: 'bad-mode', mode: 'sometimes' })).toMatchObject({ code: Code.VALIDATION, field: 'mode' });
      expect(await call(SETTINGS, { method: 'add', place: 'x', whitelist: 'example.com\nnot a domain' })).toMatchObject({ code: Code.VALIDATION, field: 'whitelist' });
      const many = Array.from({ length: 101 }, (_, i) => `d${i}.example.com`).join('\n');
      expect(await call(SETTINGS, { method: 'add', place: 'x', whitelist: many })).toMatchObject({ code: Code.VALIDATION, field: 'whitelist' });
      expect(await call(SETTINGS, { method: 'add', place: 'x', mode: 'auth', auth_sms: false, auth_wechat: false, auth_one_click: false }))
        .toMatchObject({ code: Code.VALIDATION, field: 'auth_sms' });
      expect(await call(SETTINGS, { method: 'add', place: 'x', bogus: 1 })).toMatchObject({ code: Code.VALIDATION, field: 'bogus' });
    });

    it('stores the whitelist normalised, one row per place, and shows each organisation only its own', async () => {
      const r = await call<{ id: number; whitelist: string }>(SETTINGS, {
        method: 'add', place: '', mode: 'auth', auth_sms: true, auth_one_click: true, terms: 'Be nice', up_kbps: 2048, down_kbps: 8192,
        code_validity_min: 5, send_interval_s: 60, whitelist: 'Example.com, *.pay.example.com example.com',
      });
      expect(r.code, r.msg).toBe(200);
      const detail = await call<{ whitelist: string }>(SETTINGS, { method: 'detail', id: r.data!.id });
      expect(detail.data?.whitelist).toBe('example.com\n*.pay.example.com');
      expect(await call(SETTINGS, { method: 'add', place: '' })).toMatchObject({ code: Code.CONFLICT, field: 'place' });
      expect(await call(SETTINGS, { method: 'detail', id: r.data!.id }, other.token)).toMatchObject({ code: Code.NOT_FOUND });
      const theirs = await call<{ total: number }>(SETTINGS, { method: 'list' }, other.token);
      expect(theirs.data?.total).toBe(0);
    });

    it('is refused without its permission keys', async () => {
      const viewer = await makeUser(t, orgA, ['portal.settings.list']);
      expect((await call(SETTINGS, { method: 'list' }, viewer.token)).code).toBe(200);
      expect(await call(SETTINGS, { method: 'add', place: 'nope' }, viewer.token)).toMatchObject({ code: Code.FORBIDDEN });
      expect(await t.post(SETTINGS, { method: 'list' })).toMatchObject({ code: Code.NOT_LOGGED_IN });
    });
  });

  describe('/wifilogin', () => {
    const latestCode = async (phone: string) => {
      const [m] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.phone, phone)).orderBy(desc(smsMessages.id)).limit(1);
      return (m?.params as { code: string } | null)?.code ?? '';
    };

    it('answers the page config with the place\'s ads only, and nothing for an organisation without a portal', async () => {
      const slot = await call<{ id: number }>(AD_SLOT, { method: 'add', name: 'Banner', placement: 'login', max_ads: 5 });
      expect(slot.code, slot.msg).toBe(200);
      const ad = (title: string, extra: Record<string, unknown> = {}) =>
        call(ADVERT, { method: 'add', title, slot_id: slot.data!.id, image: 'https://cdn.example.com/a.png', link: 'https://example.com', starts_at: past, ends_at: future, ...extra });
      expect((await ad('Everywhere')).code).toBe(200);
      expect((await ad('Lobby only', { place: 'lobby' })).code).toBe(200);
      expect((await ad('Expired', { ends_at: '2021-01-01T00:00:00Z' })).code).toBe(200);
      expect(await ad('Backwards', { starts_at: future, ends_at: past })).toMatchObject({ code: Code.VALIDATION, field: 'ends_at' });
      expect(await ad('Foreign upload', { image: `/uploads/${orgB}/abcdefghijklmnopqrstuv.png` })).toMatchObject({ code: Code.VALIDATION, field: 'image' });

      // An uploaded image of the organisation's own is an ad's image; a script renamed .png is not.
      const up = await postForm<{ url: string }>(t, ADVERT, { method: 'upload', file: blobOf(PNG_1PX) }, staff.token);
      expect(up.data?.url).toMatch(new RegExp(`^/uploads/${orgA}/[A-Za-z0-9_-]{16,64}\\.png$`));
      expect((await ad('Uploaded', { image: up.data!.url, place: 'terrace' })).code).toBe(200);
      const fake = await postForm(t, ADVERT, { method: 'upload', file: blobOf(Buffer.from('<script>x</script>')) }, staff.token);
      expect(fake).toMatchObject({ code: Code.VALIDATION, field: 'file' });
      expect((await postForm(t, ADVERT, { method: 'upload', file: blobOf(PNG_1PX) }, (await makeUser(t, orgA, ['portal.advert.list'])).token)).code).toBe(Code.FORBIDDEN);

      const ip = freshIp();
      const hall = await pub<WifiConfig>(PortalApi.wifilogin, { method: 'config', org: orgA, place: 'hall' }, ip);
      expect(hall.code, hall.msg).toBe(200);
      expect(hall.data).toMatchObject({ org_name: 'Portal A', mode: 'auth', auth: ['sms', 'one_click'], terms: 'Be nice', send_interval_s: 60 });
      expect(hall.data?.ads.map((a) => a.title)).toEqual(['Everywhere']);
      const lobby = await pub<WifiConfig>(PortalApi.wifilogin, { method: 'config', org: orgA, place: 'lobby' }, ip);
      expect(lobby.data?.ads.map((a) => a.title).sort()).toEqual(['Everywhere', 'Lobby only']);
      expect(await pub(PortalApi.wifilogin, { method: 'config', org: orgB }, ip)).toMatchObject({ code: Code.NOT_FOUND });
      expect(await pub(PortalApi.wifilogin, { method: 'config', org: 999_999 }, ip)).toMatchObject({ code: Code.NOT_FOUND });
    });

    it('shows a place\'s branding, and terms in English alone still have to be accepted', async () => {
      const made = await call(SETTINGS, {
        method: 'add', place: 'branded', mode: 'auth', auth_one_click: true, brand_name: 'Harbour Wi-Fi', logo: '/uploads/1/logo.png',
        background: '/uploads/1/bg.jpg', terms: '', terms_en: 'Be kind',
      });
      expect(made.code, made.msg).toBe(200);
      const ip = freshIp();
      const page = await pub<WifiConfig>(PortalApi.wifilogin, { method: 'config', org: orgA, place: 'branded' }, ip);
      expect(page.data).toMatchObject({ brand_name: 'Harbour Wi-Fi', logo: '/uploads/1/logo.png', background: '/uploads/1/bg.jpg', terms: '', terms_en: 'Be kind' });
      expect(await pub(PortalApi.wifilogin, { method: 'login', org: orgA, place: 'branded', kind: 'one_click' }, ip)).toMatchObject({ code: Code.VALIDATION, field: 'accept_terms' });
      expect((await pub(PortalApi.wifilogin, { method: 'login', org: orgA, place: 'branded', kind: 'one_click', accept_terms: true }, ip)).code).toBe(200);
      const long = await call(SETTINGS, { method: 'add', place: 'too-long', mode: 'auth', auth_one_click: true, brand_name: 'x'.repeat(65) });
      expect([long.code, long.field]).toEqual([Code.VALIDATION, 'brand_name']);
    });

    it('signs a guest in with an SMS code: interval, wrong tries, single use, and the grant carries the speed limits', async () => {
      const ip = freshIp();
      const phone = '13800000001';
      const sent = await pub<WifiSendCodeAnswer>(PortalApi.wifilogin, { method: 'send_code', org: orgA, phone }, ip);
      expect(sent.code, sent.msg).toBe(200);
      expect(sent.data).toEqual({ resend_after: 60, valid_min: 5 });
      const again = await pub(PortalApi.wifilogin, { method: 'send_code', org: orgA, phone }, ip);
      expect(again).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS, field: 'phone' });
      const code = await latestCode(phone);
      expect(code).toMatch(/^\d{6}$/);
      const wrong = code === '000000' ? '111111' : '000000';
      const login = (c: string, extra: Record<string, unknown> = {}) =>
        pub<WifiLoginAnswer>(PortalApi.wifilogin, { method: 'login', org: orgA, kind: 'sms', phone, code: c, url: 'https://news.example.com/', ...extra }, ip);
      expect(await login(wrong)).toMatchObject({ code: Code.VALIDATION, field: 'code' });
      expect(await login('12')).toMatchObject({ code: Code.VALIDATION, field: 'code' });
      const ok = await login(code, { mac: 'aa:bb:cc:dd:ee:ff' });
      expect(ok.code, ok.msg).toBe(200);
      expect(ok.data).toEqual({ granted: true, up_kbps: 2048, down_kbps: 8192, session_minutes: 480, redirect: 'https://news.example.com/', gateway_url: '', ads: [] });
      expect(await login(code)).toMatchObject({ code: Code.VALIDATION, field: 'code' });
      const [session] = await t.database.db.select().from(portalGuestSessions).where(and(eq(portalGuestSessions.orgId, orgA), eq(portalGuestSessions.identity, phone)));
      expect(session).toMatchObject({ kind: 'sms', mac: 'AA:BB:CC:DD:EE:FF', upKbps: 2048 });
    });

    it('stops a code after 5 wrong tries and lets the next one wait for the interval', async () => {
      const ip = freshIp();
      const phone = '13800000002';
      expect((await pub(PortalApi.wifilogin, { method: 'send_code', org: orgA, phone }, ip)).code).toBe(200);
      const code = await latestCode(phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        expect(await pub(PortalApi.wifilogin, { method: 'login', org: orgA, kind: 'sms', phone, code: wrong }, ip)).toMatchObject({ code: Code.VALIDATION });
      }
      expect(await pub(PortalApi.wifilogin, { method: 'login', org: orgA, kind: 'sms', phone, code }, ip)).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS });
      clock = new Date(clock.getTime() + 61_000);
      expect((await pub(PortalApi.wifilogin, { method: 'send_code', org: orgA, phone }, ip)).code).toBe(200);
      const fresh = await latestCode(phone);
      expect((await pub(PortalApi.wifilogin, { method: 'login', org: orgA, kind: 'sms', phone, code: fresh }, ip)).code).toBe(200);
    });

    it('caps codes per phone a day, refuses an expired code, and refuses methods the place does not offer', async () => {
      const ip = freshIp();
      const phone = '13800000003';
      for (let i = 0; i < 10; i++) {
        const r = await pub(PortalApi.wifilogin, { method: 'send_code', org: orgA, phone }, freshIp());
        expect(r.code, r.msg).toBe(200);
        clock = new Date(clock.getTime() + 61_000);
      }
      expect(await pub(PortalApi.wifilogin, { method: 'send_code', org: orgA, phone }, ip)).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS });
      const code = await latestCode(phone);
      clock = new Date(clock.getTime() + 6 * 60_000);
      expect(await pub(PortalApi.wifilogin, { method: 'login', org: orgA, kind: 'sms', phone, code }, ip)).toMatchObject({ code: Code.VALIDATION, field: 'code' });
      expect(await pub(PortalApi.wifilogin, { method: 'login', org: orgA, kind: 'wechat', wx_code: 'x', wx_state: 'y' }, ip))
        .toMatchObject({ code: Code.VALIDATION, field: 'kind' });
      expect(await pub(PortalApi.wifilogin, { method: 'login', org: orgA, kind: 'one_click' }, ip)).toMatchObject({ code: Code.VALIDATION, field: 'accept_terms' });
      expect((await pub(PortalApi.wifilogin, { method: 'login', org: orgA, kind: 'one_click', accept_terms: true }, ip)).code).toBe(200);
    });

    it('stops sending at the monthly quota and alerts the organisation once when the remainder falls under its level', async () => {
      const r = await call<{ id: number }>(SETTINGS, { method: 'add', place: 'quota', mode: 'auth', auth_sms: true }, other.token);
      expect(r.code, r.msg).toBe(200);
      // Organisation B has sent nothing: a quota of 2 with an alert under 2 alerts after the first code.
      expect((await call(SETTINGS, { method: 'add', place: '', sms_quota: 2, sms_alert: 2 }, other.token)).code).toBe(200);
      const send = (phone: string) => pub(PortalApi.wifilogin, { method: 'send_code', org: orgB, phone }, freshIp());
      expect((await send('13900000001')).code).toBe(200);
      expect((await send('13900000002')).code).toBe(200);
      expect(await send('13900000003')).toMatchObject({ code: Code.FAILED, field: 'phone' });
      const alerts = await t.database.db.select().from(notifications).where(eq(notifications.orgId, orgB));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.title).toContain('SMS quantity alert');
    });

    it('signs in with WeChat through the provider, with a single-use state', async () => {
      const ip = freshIp();
      expect((await call(SETTINGS, { method: 'add', place: 'wx', mode: 'auth', auth_sms: false, auth_wechat: true })).code).toBe(200);
      const u = await pub<{ url: string }>(PortalApi.wifilogin, { method: 'wechat_url', org: orgA, place: 'wx' }, ip);
      expect(u.code, u.msg).toBe(200);
      const back = new URL(u.data!.url);
      expect(back.pathname).toBe('/wifilogin');
      const body = { method: 'login', org: orgA, place: 'wx', kind: 'wechat', wx_code: back.searchParams.get('code'), wx_state: back.searchParams.get('state') };
      expect((await pub(PortalApi.wifilogin, body, ip)).code).toBe(200);
      expect(await pub(PortalApi.wifilogin, body, ip)).toMatchObject({ code: Code.VALIDATION, field: 'wx_state' });
    });
  });

  describe('/inquiry and /agents', () => {
    let serials: { certified: string; expired: string; stock: string };
    beforeAll(async () => {
      const db = t.database.db;
      const [model] = await db.insert(deviceModels).values({ family: 'ig', code: 'GX-IG100', name: 'IG100 gateway' }).returning();
      const unit = (serial: string) => ({ serial, family: 'ig', modelId: model!.id, authorizationNumber: 'ABCDEFGH2345', secretHash: 'x', state: 'bound' });
      const [live] = await db.insert(devices).values({ orgId: orgA, serial: 'GXLIVE0001', family: 'ig', secretHash: 'x', serviceEnd: new Date('2027-06-01T00:00:00Z') }).returning();
      const [old] = await db.insert(devices).values({ orgId: orgB, serial: 'GXOLD0001', family: 'ig', secretHash: 'x', serviceEnd: new Date('2025-01-01T00:00:00Z') }).returning();
      await db.insert(deviceStock).values([
        { ...unit('GXLIVE0001'), orgId: orgA, deviceId: live!.id },
        { ...unit('GXOLD0001'), orgId: orgB, deviceId: old!.id },
        { ...unit('GXSTOCK0001'), state: 'in_stock' },
      ]);
      // A device in the registry that never came from the warehouse is not ours.
      await db.insert(devices).values({ orgId: orgA, serial: 'THIRDPARTY1', family: 'ig', secretHash: 'x' });
      serials = { certified: 'GXLIVE0001', expired: 'GXOLD0001', stock: 'GXSTOCK0001' };
    });

    it('answers the three outcomes with model, production date and warranty end only', async () => {
      const ip = freshIp();
      const ask = async (serial: string) => (await pub<InquiryAnswer>(PortalApi.inquiry, { serial }, ip)).data;
      const certified = await ask(serials.certified);
      expect(certified).toEqual({ result: 'certified', model: 'IG100 gateway (GX-IG100)', production_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), warranty_end: '2027-06-01' });
      expect(Object.keys(certified!).sort()).toEqual(['model', 'production_date', 'result', 'warranty_end']);
      expect((await ask(serials.expired))?.result).toBe('out_of_warranty');
      expect(await ask(serials.stock)).toMatchObject({ result: 'certified', warranty_end: null });
      expect(await ask('THIRDPARTY1')).toEqual({ result: 'not_certified', model: null, production_date: null, warranty_end: null });
      expect(await pub(PortalApi.inquiry, { serial: 'a/b' }, freshIp())).toMatchObject({ code: Code.VALIDATION, field: 'serial' });
    });

    it('asks an IP for the captcha after 5 queries and refuses one target after 20 from anywhere', async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await pub(PortalApi.inquiry, { serial: `NOPE${i}xx` }, ip)).code).toBe(200);
      expect(await pub(PortalApi.inquiry, { serial: 'NOPE9xx' }, ip)).toMatchObject({ code: Code.CAPTCHA_WRONG, field: 'code' });
      // With the captcha answered the query goes through; a wrong answer does not.
      const captcha = async () => {
        const img = await fetch(`${t.url}/v3/admin/index/captcha`, { headers: { 'x-forwarded-for': ip } });
        return (img.headers.get('set-cookie') ?? '').split(';')[0]!;
      };
      expect(await pub(PortalApi.inquiry, { serial: 'NOPE9xx', code: 'WRONG' }, ip, await captcha())).toMatchObject({ code: Code.CAPTCHA_WRONG });
      expect((await pub(PortalApi.inquiry, { serial: 'NOPE9xx', code: 'K7PQ' }, ip, await captcha())).code).toBe(200);

      for (let i = 0; i < 20; i++) expect((await pub(PortalApi.inquiry, { serial: 'HAMMERED1' }, freshIp())).code).toBe(200);
      expect(await pub(PortalApi.inquiry, { serial: 'hammered1' }, freshIp())).toMatchObject({ code: Code.TOO_MANY_ATTEMPTS });
    });

    it('answers an agent by name, phone or certificate without echoing private fields; platform staff keep the register', async () => {
      const add = (body: Record<string, unknown>) => call<{ id: number }>(AGENT, { method: 'add', region: 'Shanghai', valid_from: past, valid_to: future, ...body }, admin);
      expect((await add({ name: 'East Agent', phone: '13700000001', certificate_no: 'GXAG20260001' })).code).toBe(200);
      expect((await add({ name: 'Old Agent', phone: '13700000002', certificate_no: 'GXAG20200001', valid_to: '2021-01-01T00:00:00Z' })).code).toBe(200);
      expect(await add({ name: 'Bad', phone: '123', certificate_no: 'GXAG2026000X' })).toMatchObject({ code: Code.VALIDATION, field: 'phone' });
      expect(await call(AGENT, { method: 'add', name: 'Tenant', phone: '13700000003', certificate_no: 'GXAG20269999', region: 'X', valid_from: past, valid_to: future }))
        .toMatchObject({ code: Code.FORBIDDEN });

      const ask = async (query: string) => (await pub<AgentAnswer>(PortalApi.agents, { query }, freshIp())).data;
      const byName = await ask('east agent');
      expect(byName).toEqual({ result: 'authorised', name: 'East Agent', region: 'Shanghai', valid_to: '2099-01-01' });
      expect(await ask('13700000001')).toEqual(byName);
      expect(await ask('gxag20260001')).toEqual(byName);
      expect(await ask('Old Agent')).toEqual({ result: 'not_authorised', name: null, region: null, valid_to: null });
      expect(await ask('Nobody')).toEqual({ result: 'not_authorised', name: null, region: null, valid_to: null });
    });
  });

  describe('WeChat menu', () => {
    const MENU = '/admin/other_business/wechat_menu';
    it('keeps WeChat\'s limits, saves per organisation and publishes the saved menu', async () => {
      const leaf = (name: string) => ({ name, type: 'view', url: 'https://example.com' });
      expect(await call(MENU, { method: 'save', button: [leaf('A'), leaf('B'), leaf('C'), leaf('D')] })).toMatchObject({ code: Code.VALIDATION, field: 'button' });
      expect(await call(MENU, { method: 'save', button: [{ name: 'Sub', sub_button: Array.from({ length: 6 }, (_, i) => leaf(`s${i}`)) }] }))
        .toMatchObject({ code: Code.VALIDATION, field: 'button.0.sub_button' });
      expect(await call(MENU, { method: 'save', button: [leaf('一二三四五六')] })).toMatchObject({ code: Code.VALIDATION, field: 'button.0.name' });
      expect(await call(MENU, { method: 'save', button: [{ name: 'Click', type: 'click' }] })).toMatchObject({ code: Code.VALIDATION, field: 'button.0.key' });
      expect(await call(MENU, { method: 'publish' })).toMatchObject({ code: Code.VALIDATION, field: 'button' });

      const tree = [{ name: '服务', sub_button: [leaf('官网'), { name: '联系我们', type: 'click', key: 'CONTACT' }] }, leaf('Shop')];
      const saved = await call<WechatMenuDetail>(MENU, { method: 'save', button: tree });
      expect(saved.code, saved.msg).toBe(200);
      expect(saved.data).toMatchObject({ button: tree, unpublished: true, published_at: null, provider: 'local' });
      const published = await call<WechatMenuDetail>(MENU, { method: 'publish' });
      expect(published.data).toMatchObject({ unpublished: false, published_at: expect.any(String) });
      expect((await call<WechatMenuDetail>(MENU, { method: 'detail' }, other.token)).data).toMatchObject({ button: [], published_at: null });
      const viewer = await makeUser(t, orgA, ['portal.wechat_menu.detail']);
      expect(await call(MENU, { method: 'publish' }, viewer.token)).toMatchObject({ code: Code.FORBIDDEN });
    });
  });
});
