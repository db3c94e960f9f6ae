import type { WechatMenuItem } from '@gx/contract';
import type { Config } from '../../config';
import { WECHAT_API } from './openPlatform';

export type WechatMenuResult = { ok: true } | { ok: false; error: string };

/**
 * Publishing an official account's custom menu behind one small interface. `local` accepts the menu (the server
 * keeps what was published), so the page works end to end without WeChat; `official` calls the documented API.
 */
export interface WechatMenuPublisher {
  readonly name: 'local' | 'official';
  publish(menu: { button: WechatMenuItem[] }): Promise<WechatMenuResult>;
}

export function localWechatMenuPublisher(): WechatMenuPublisher {
  return { name: 'local', publish: async () => ({ ok: true }) };
}

interface WechatAnswer { errcode?: number; errmsg?: string; access_token?: string }

/**
 * `GET /cgi-bin/token?grant_type=client_credential&appid&secret` → {access_token}, then
 * `POST /cgi-bin/menu/create?access_token` with `{button}` → {errcode: 0}. Errors come as {errcode, errmsg}.
 */
export function officialWechatMenuPublisher(o: { appId: string; appSecret: string; fetch?: typeof fetch; apiBase?: string }): WechatMenuPublisher {
  const doFetch = o.fetch ?? fetch;
  const base = o.apiBase ?? WECHAT_API;
  const describe = (a: WechatAnswer) => `${a.errcode ?? 'error'}: ${a.errmsg ?? ''}`;
  return {
    name: 'official',
    async publish(menu) {
      try {
        const q = new URLSearchParams({ grant_type: 'client_credential', appid: o.appId, secret: o.appSecret });
        const token = (await (await doFetch(`${base}/cgi-bin/token?${q.toString()}`, { signal: AbortSignal.timeout(10_000) })).json()) as WechatAnswer;
        if (!token.access_token) return { ok: false, error: describe(token) };
        const res = await doFetch(`${base}/cgi-bin/menu/create?access_token=${encodeURIComponent(token.access_token)}`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(menu), signal: AbortSignal.timeout(10_000),
        });
        const answer = (await res.json()) as WechatAnswer;
        return answer.errcode === 0 ? { ok: true } : { ok: false, error: describe(answer) };
      } catch (e) {
        return { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}

export function wechatMenuPublisherFromConfig(config: Config): WechatMenuPublisher {
  const { mpAppId, mpAppSecret } = config.wechat;
  return mpAppId && mpAppSecret ? officialWechatMenuPublisher({ appId: mpAppId, appSecret: mpAppSecret }) : localWechatMenuPublisher();
}
