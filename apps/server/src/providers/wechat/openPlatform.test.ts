import { describe, expect, it } from 'vitest';
import { accessTokenUrl, openPlatformWechatProvider, qrConnectUrl, userInfoUrl } from './openPlatform';
import { localWechatProvider } from './local';

const O = { appId: 'wxbdc5610cc59c1631', appSecret: 'SECRET' };

function fakeFetch(answers: Record<string, unknown>[], seen: string[]): typeof fetch {
  return (async (url: string | URL | Request) => {
    seen.push(String(url));
    return new Response(JSON.stringify(answers.shift()), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

describe('WeChat open platform client', () => {
  it('builds the documented QR login URL (scope snsapi_login, state, #wechat_redirect)', () => {
    expect(qrConnectUrl(O.appId, 'https://console.example.com/wxlogin', 'abc123')).toBe(
      'https://open.weixin.qq.com/connect/qrconnect?appid=wxbdc5610cc59c1631&redirect_uri=https%3A%2F%2Fconsole.example.com%2Fwxlogin'
      + '&response_type=code&scope=snsapi_login&state=abc123#wechat_redirect',
    );
  });

  it('exchanges the code for an access token, then reads the user info', async () => {
    const seen: string[] = [];
    const provider = openPlatformWechatProvider({
      ...O,
      fetch: fakeFetch([
        { access_token: 'ACCESS', expires_in: 7200, refresh_token: 'R', openid: 'OPENID', scope: 'snsapi_login', unionid: 'UNION' },
        { openid: 'OPENID', nickname: '张三', headimgurl: 'https://thirdwx.qlogo.cn/x/0', unionid: 'UNION' },
      ], seen),
    });
    expect(await provider.exchange('CODE')).toEqual({ ok: true, identity: { openid: 'OPENID', unionid: 'UNION', nickname: '张三', avatar: 'https://thirdwx.qlogo.cn/x/0' } });
    expect(seen).toEqual([accessTokenUrl(O, 'CODE'), userInfoUrl(O, 'ACCESS', 'OPENID')]);
    expect(seen[0]).toBe('https://api.weixin.qq.com/sns/oauth2/access_token?appid=wxbdc5610cc59c1631&secret=SECRET&code=CODE&grant_type=authorization_code');
    expect(seen[1]).toBe('https://api.weixin.qq.com/sns/userinfo?access_token=ACCESS&openid=OPENID&lang=zh_CN');
  });

  it('reports WeChat\'s errcode answers', async () => {
    const provider = openPlatformWechatProvider({ ...O, fetch: fakeFetch([{ errcode: 40029, errmsg: 'invalid code' }], []) });
    expect(await provider.exchange('bad')).toEqual({ ok: false, error: '40029: invalid code' });
  });

  it('has a local stand-in that maps a code to the same identity every time', async () => {
    const local = localWechatProvider();
    const [a, b, c] = await Promise.all([local.exchange('x'), local.exchange('x'), local.exchange('y')]);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(local.authorizeUrl('http://h/wxlogin', 's1')).toMatch(/^http:\/\/h\/wxlogin\?code=local-[0-9a-f]{16}&state=s1$/);
  });
});
