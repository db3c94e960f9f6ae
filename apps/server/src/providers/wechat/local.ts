import { createHash, randomBytes } from 'node:crypto';
import type { WechatExchange, WechatProvider } from './types';

export const LOCAL_WECHAT_APP_ID = 'local-wechat';

/**
 * A stand-in for the open platform: "scanning" is following the authorise URL, which leads straight back with a
 * fresh code; any code maps to a deterministic openid and nickname, so tests can predict who gets bound.
 */
export function localWechatProvider(): WechatProvider {
  return {
    name: 'local',
    appId: LOCAL_WECHAT_APP_ID,
    authorizeUrl(redirectUri, state) {
      const code = `local-${randomBytes(8).toString('hex')}`;
      return `${redirectUri}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
    },
    async exchange(code): Promise<WechatExchange> {
      const digest = createHash('sha256').update(code).digest('hex');
      return {
        ok: true,
        identity: { openid: `local_${digest.slice(0, 24)}`, unionid: '', nickname: `WeChat ${digest.slice(0, 6)}`, avatar: '' },
      };
    },
  };
}
