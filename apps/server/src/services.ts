import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { loadConfig, type Config } from './config';
import type { SmsProvider } from './providers/sms/types';
import { smsProviderFromConfig } from './providers/sms/fromConfig';
import type { WechatProvider } from './providers/wechat/types';
import { wechatProviderFromConfig } from './providers/wechat/fromConfig';
import { wechatMenuPublisherFromConfig, type WechatMenuPublisher } from './providers/wechat/menu';
import type { FileStore } from './providers/files/types';
import type { PmsProvider } from './providers/pms/types';
import { pmsProviderFromConfig } from './providers/pms/fromConfig';
import { localDiskFileStore } from './providers/files/localDisk';
import { weatherFromConfig, type WeatherProvider } from './providers/weather/weather';
import type { LaundryProvider } from './providers/laundry/types';
import { laundryProviderFromConfig } from './providers/laundry/fromConfig';

/**
 * Replaceable collaborators. Production uses the defaults chosen by configuration; tests inject a fixed captcha,
 * a moving clock, or a provider of their own.
 */
export interface Services {
  now(): Date;
  captchaText(): string;
  /** SMS_PROVIDER: local (logged and kept in sms_messages) or aliyun. */
  sms: SmsProvider;
  /** WECHAT_PROVIDER: local stand-in or the WeChat open platform. */
  wechat: WechatProvider;
  /** PMS_PROVIDER: the hotel PMS portal account sign-in may ask (`local`: none, the organisations' own directories). */
  pms: PmsProvider;
  /** Uploaded images, under DATA_DIR/uploads. */
  files: FileStore;
  /** WECHAT_MP_APP_ID/SECRET: the official account's menu API; otherwise a local stand-in. */
  wechatMenu: WechatMenuPublisher;
  /** WEATHER_PROVIDER: the screens' weather (a local stand-in, or QWeather). */
  weather: WeatherProvider;
  /**
   * LAUNDRY_PROVIDER: the washing machines' platform (a local stand-in in memory, or the vendor's HTTP API). The
   * local one runs programs by the clock it was made with: a test moving `now` passes its own, made with that clock.
   */
  laundry: LaundryProvider;
}

// No 0/O, 1/I/l: the captcha must be readable.
const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function defaultServices(config: Config = loadConfig({})): Services {
  return {
    now: () => new Date(),
    captchaText: () => Array.from({ length: 4 }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join(''),
    sms: smsProviderFromConfig(config),
    wechat: wechatProviderFromConfig(config),
    pms: pmsProviderFromConfig(config),
    files: localDiskFileStore(join(config.dataDir, 'uploads')),
    wechatMenu: wechatMenuPublisherFromConfig(config),
    weather: weatherFromConfig(config),
    laundry: laundryProviderFromConfig(config),
  };
}
