import type { WechatExchange, WechatProvider } from './types';

/**
 * WeChat open platform website login, as documented: the QR page
 * `https://open.weixin.qq.com/connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state#wechat_redirect`,
 * then `GET https://api.weixin.qq.com/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code`
 * → {access_token, openid, unionid?} and `GET https://api.weixin.qq.com/sns/userinfo?access_token&openid`
 * → {openid, nickname, headimgurl, unionid?}. Failures answer {errcode, errmsg} with HTTP 200.
 */
export const WECHAT_QR_URL = 'https://open.weixin.qq.com/connect/qrconnect';
export const WECHAT_API = 'https://api.weixin.qq.com';

export interface OpenPlatformOptions {
  appId: string;
  appSecret: string;
  fetch?: typeof fetch;
  apiBase?: string;
  timeoutMs?: number;
}

interface WechatError { errcode?: number; errmsg?: string }
interface AccessTokenAnswer extends WechatError { access_token?: string; openid?: string; unionid?: string }
interface UserInfoAnswer extends WechatError { openid?: string; nickname?: string; headimgurl?: string; unionid?: string }

export function qrConnectUrl(appId: string, redirectUri: string, state: string): string {
  const q = new URLSearchParams({ appid: appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state });
  return `${WECHAT_QR_URL}?${q.toString()}#wechat_redirect`;
}

export function accessTokenUrl(o: OpenPlatformOptions, code: string): string {
  const q = new URLSearchParams({ appid: o.appId, secret: o.appSecret, code, grant_type: 'authorization_code' });
  return `${o.apiBase ?? WECHAT_API}/sns/oauth2/access_token?${q.toString()}`;
}

export function userInfoUrl(o: OpenPlatformOptions, accessToken: string, openid: string): string {
  const q = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' });
  return `${o.apiBase ?? WECHAT_API}/sns/userinfo?${q.toString()}`;
}

const describe = (a: WechatError) => `${a.errcode ?? 'error'}: ${a.errmsg ?? ''}`;

export function openPlatformWechatProvider(o: OpenPlatformOptions): WechatProvider {
  const doFetch = o.fetch ?? fetch;
  const getJson = async <T>(url: string): Promise<T> => {
    const res = await doFetch(url, { signal: AbortSignal.timeout(o.timeoutMs ?? 10_000) });
    return (await res.json()) as T;
  };
  return {
    name: 'wechat',
    appId: o.appId,
    authorizeUrl: (redirectUri, state) => qrConnectUrl(o.appId, redirectUri, state),
    async exchange(code): Promise<WechatExchange> {
      try {
        const token = await getJson<AccessTokenAnswer>(accessTokenUrl(o, code));
        if (token.errcode || !token.access_token || !token.openid) return { ok: false, error: describe(token) };
        const info = await getJson<UserInfoAnswer>(userInfoUrl(o, token.access_token, token.openid));
        if (info.errcode) return { ok: false, error: describe(info) };
        return {
          ok: true,
          identity: {
            openid: token.openid,
            unionid: info.unionid ?? token.unionid ?? '',
            nickname: info.nickname ?? '',
            avatar: info.headimgurl ?? '',
          },
        };
      } catch (e) {
        return { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}
