import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, PortalApi, type DailySeries, type WifiConfig, type WifiLoginAnswer } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const SETTINGS = '/admin/device/portal';
const SLOT = '/admin/other_business/adv_code';
const ADVERT = '/admin/other_business/adv_list';
const past = '2020-01-01T00:00:00Z';
const future = '2099-01-01T00:00:00Z';

/**
 * Issue 14 value-added: ad slots on the guest pages, each showing its first ads, counting views and clicks and
 * earning at its prices; the ad-revenue report per day in the reader's zone.
 */
describe.each(engines)('ad slots and revenue (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let other: MadeUser;
  let orgA: number;
  let orgB: number;
  // Late evening in UTC: already the next day in Shanghai.
  const clock = new Date('2026-06-10T22:30:00Z');
  let ipSeq = 0;
  const ids = { banner: 0, online: 0, foreignSlot: 0, first: 0, second: 0, third: 0, onlineAd: 0 };

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' }, services: { now: () => clock } });
    orgA = await makeOrg(t, 'Ads A');
    orgB = await makeOrg(t, 'Ads B');
    staff = await makeUser(t, orgA, 'all');
    other = await makeUser(t, orgB, 'all');
    const ok = async (path: string, body: Record<string, unknown>, who = staff) => {
      const r = await t.post<{ id: number }>(path, body, { token: who.token });
      expect(r.code, `${path} ${String(body.method)}: ${r.msg}`).toBe(200);
      return r.data?.id ?? 0;
    };
    await ok(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_one_click: true, auth_sms: false });
    await ok(SETTINGS, { method: 'add', place: '', mode: 'auth', auth_one_click: true, auth_sms: false }, other);
    // ¥20 per thousand views and ¥0.50 a click on the sign-in page; ¥5 per thousand on the online page.
    ids.banner = await ok(SLOT, { method: 'add', name: 'Banner', placement: 'login', max_ads: 2, cpm_cents: 2000, cpc_cents: 50 });
    ids.online = await ok(SLOT, { method: 'add', name: 'Online strip', placement: 'success', max_ads: 1, cpm_cents: 500, cpc_cents: 0 });
    ids.foreignSlot = await ok(SLOT, { method: 'add', name: 'B banner', placement: 'login' }, other);
    const ad = (title: string, slot: number, extra: Record<string, unknown> = {}) => ok(ADVERT, {
      method: 'add', title, slot_id: slot, image: 'https://cdn.example.com/a.png', link: 'https://example.com/a', starts_at: past, ends_at: future, ...extra,
    });
    ids.first = await ad('First', ids.banner, { sort: 1 });
    ids.second = await ad('Second', ids.banner, { sort: 2 });
    ids.third = await ad('Third', ids.banner, { sort: 3 });
    ids.onlineAd = await ad('Welcome offer', ids.online);
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, who = staff) => t.post<T>(path, body, { token: who.token });
  const pub = <T = unknown>(body: Record<string, unknown>) =>
    t.post<T>(PortalApi.wifilogin, body, { headers: { 'x-forwarded-for': `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` } });
  const adRow = async (id: number) => (await call<{ views: number; clicks: number }>(ADVERT, { method: 'detail', id })).data!;

  it('refuses bad slots and ads naming the field, and another organisation\'s slot', async () => {
    for (const [field, value] of [['max_ads', 0], ['max_ads', 11], ['cpm_cents', -1], ['cpc_cents', 1.5], ['placement', 'sidebar']] as const) {
      expect(await call(SLOT, { method: 'add', name: 'Bad', placement: 'login', [field]: value }), `${field}=${value}`).toMatchObject({ code: Code.VALIDATION, field });
    }
    const base = { method: 'add', title: 'X', image: 'https://cdn.example.com/x.png', starts_at: past, ends_at: future };
    expect(await call(ADVERT, base)).toMatchObject({ code: Code.VALIDATION, field: 'slot_id' });
    expect((await call(ADVERT, { ...base, slot_id: ids.foreignSlot })).code).not.toBe(200);
    expect((await call(SLOT, { method: 'list', size: 50 }, other)).data).toMatchObject({ total: 1 });
  });

  it('shows each slot its first ads on its own page, and counts a view for each ad served', async () => {
    const config = await pub<WifiConfig>({ method: 'config', org: orgA });
    expect(config.code, config.msg).toBe(200);
    expect(config.data?.ads.map((a) => [a.title, a.slot_id])).toEqual([['First', ids.banner], ['Second', ids.banner]]);
    expect(config.data?.ads[0]).toEqual({ id: ids.first, title: 'First', image: 'https://cdn.example.com/a.png', link: 'https://example.com/a', slot_id: ids.banner });

    const online = await pub<WifiLoginAnswer>({ method: 'login', org: orgA, kind: 'one_click' });
    expect(online.code, online.msg).toBe(200);
    expect(online.data?.ads.map((a) => a.title)).toEqual(['Welcome offer']);

    expect(await adRow(ids.first)).toMatchObject({ views: 1, clicks: 0 });
    expect(await adRow(ids.third)).toMatchObject({ views: 0 });
    expect(await adRow(ids.onlineAd)).toMatchObject({ views: 1 });
  });

  it('counts a click only on an ad the guest could be shown', async () => {
    const again = { 'x-forwarded-for': '10.8.0.1' };
    expect(await t.post(PortalApi.wifilogin, { method: 'ad_click', org: orgA, ad: ids.second }, { headers: again })).toMatchObject({ code: 200, data: { counted: true } });
    // The same address clicking again within the hour earns nothing more.
    expect(await t.post(PortalApi.wifilogin, { method: 'ad_click', org: orgA, ad: ids.second }, { headers: again })).toMatchObject({ code: 200, data: { counted: false } });
    expect(await pub({ method: 'ad_click', org: orgA, ad: ids.third })).toMatchObject({ code: Code.NOT_FOUND });
    expect(await pub({ method: 'ad_click', org: orgB, ad: ids.second })).toMatchObject({ code: Code.NOT_FOUND });
    expect(await pub({ method: 'ad_click', org: orgA, ad: 'x' })).toMatchObject({ code: Code.VALIDATION, field: 'ad' });
    expect(await adRow(ids.second)).toMatchObject({ views: 1, clicks: 1 });
  });

  it('stops showing ads of a disabled slot', async () => {
    expect((await call(SLOT, { method: 'disable', id: ids.online })).code).toBe(200);
    const online = await pub<WifiLoginAnswer>({ method: 'login', org: orgA, kind: 'one_click' });
    expect(online.data?.ads).toEqual([]);
    expect(await pub({ method: 'ad_click', org: orgA, ad: ids.onlineAd })).toMatchObject({ code: Code.NOT_FOUND });
    expect((await call(SLOT, { method: 'enable', id: ids.online })).code).toBe(200);
  });

  it('reports views, clicks and earnings per day in the reader\'s zone, only the organisation\'s own', async () => {
    // So far: 2 + 1 views on the banner (2 × ¥0.02), 1 click (¥0.50), 1 view on the online strip (¥0.005).
    // 500 more banner views make ¥10 more: earnings are kept exact below the cent until the day adds up.
    for (let i = 0; i < 250; i += 1) expect((await pub({ method: 'config', org: orgA })).code).toBe(200);
    const stats = await call<DailySeries>(SLOT, { method: 'statistics', from: '2026-06-10', to: '2026-06-11', tz: 'Asia/Shanghai' });
    expect(stats.code, stats.msg).toBe(200);
    expect(stats.data?.days).toEqual(['2026-06-10', '2026-06-11']);
    const series = Object.fromEntries(stats.data!.series.map((s) => [s.key, s.values]));
    expect(series).toEqual({ views: [0, 503], clicks: [0, 1], revenue: [0, 1000 + 4 + 50] });
    // The same hour is still 10 June in UTC.
    const utc = await call<DailySeries>(SLOT, { method: 'statistics', from: '2026-06-10', to: '2026-06-10' });
    expect(utc.data?.series.find((s) => s.key === 'views')?.values).toEqual([503]);
    const foreign = await call<DailySeries>(SLOT, { method: 'statistics', from: '2026-06-10', to: '2026-06-11', tz: 'Asia/Shanghai' }, other);
    expect(foreign.data?.series.every((s) => s.values.every((v) => v === 0))).toBe(true);
    expect(await call(SLOT, { method: 'statistics', from: '2026-06-11', to: '2026-06-10' })).toMatchObject({ code: Code.VALIDATION, field: 'to' });
    const viewer = await makeUser(t, orgA, ['portal.advert.list']);
    expect((await call(SLOT, { method: 'statistics', from: '2026-06-10', to: '2026-06-10' }, viewer)).code).toBe(Code.FORBIDDEN);
  });

  it('refuses removing a slot that holds ads, and keeps what it earned once its ads and it are gone', async () => {
    const refused = await call<{ holders?: unknown }>(SLOT, { method: 'remove', id: ids.online });
    expect(refused.code).toBe(Code.IN_USE);
    expect((await call(ADVERT, { method: 'remove', id: ids.onlineAd })).code).toBe(200);
    expect((await call(SLOT, { method: 'remove', id: ids.online })).code).toBe(200);
    const stats = await call<DailySeries>(SLOT, { method: 'statistics', from: '2026-06-11', to: '2026-06-11', tz: 'Asia/Shanghai' });
    expect(stats.data?.series.find((s) => s.key === 'views')?.values).toEqual([503]);
  });
});
