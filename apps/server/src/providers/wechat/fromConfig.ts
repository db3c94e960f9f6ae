import type { Config } from '../../config';
import { localWechatProvider } from './local';
import { openPlatformWechatProvider } from './openPlatform';
import type { WechatProvider } from './types';

export function wechatProviderFromConfig(config: Config): WechatProvider {
  if (config.wechat.provider === 'wechat') {
    return openPlatformWechatProvider({ appId: config.wechat.appId, appSecret: config.wechat.appSecret });
  }
  return localWechatProvider();
}
