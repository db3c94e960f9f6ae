import { describe, expect, it } from 'vitest';
import { localWechatMenuPublisher, officialWechatMenuPublisher } from './menu';

const menu = { button: [{ name: 'Shop', type: 'view' as const, url: 'https://example.com' }] };

/** A fetch that answers the documented official-account calls and records what it was sent. */
function fakeWechat(answers: { token: object; create: object }) {
  const calls: { url: string; body?: string }[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, ...(typeof init?.body === 'string' ? { body: init.body } : {}) });
    const answer = url.includes('/cgi-bin/token') ? answers.token : answers.create;
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchFn };
}

describe('WeChat menu publisher', () => {
  it('local accepts the menu without the network', async () => {
    expect(await localWechatMenuPublisher().publish(menu)).toEqual({ ok: true });
  });

  it('official fetches an access token, then creates the menu with it', async () => {
    const { calls, fetchFn } = fakeWechat({ token: { access_token: 'TOKEN', expires_in: 7200 }, create: { errcode: 0, errmsg: 'ok' } });
    const p = officialWechatMenuPublisher({ appId: 'wx0123456789abcdef', appSecret: 's', fetch: fetchFn, apiBase: 'https://wx.test' });
    expect(await p.publish(menu)).toEqual({ ok: true });
    expect(calls[0]?.url).toBe('https://wx.test/cgi-bin/token?grant_type=client_credential&appid=wx0123456789abcdef&secret=s');
    expect(calls[1]?.url).toBe('https://wx.test/cgi-bin/menu/create?access_token=TOKEN');
    expect(JSON.parse(calls[1]!.body!)).toEqual(menu);
  });

  it('official reports WeChat refusals with their code', async () => {
    const badToken = fakeWechat({ token: { errcode: 40125, errmsg: 'invalid appsecret' }, create: {} });
    expect(await officialWechatMenuPublisher({ appId: 'wx1', appSecret: 's', fetch: badToken.fetchFn }).publish(menu))
      .toEqual({ ok: false, error: '40125: invalid appsecret' });
    const badMenu = fakeWechat({ token: { access_token: 'T' }, create: { errcode: 40016, errmsg: 'invalid button size' } });
    expect(await officialWechatMenuPublisher({ appId: 'wx1', appSecret: 's', fetch: badMenu.fetchFn }).publish(menu))
      .toEqual({ ok: false, error: '40016: invalid button size' });
  });
});
