import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { defaultServices } from '../services';

describe('provider settings', () => {
  it('default to the local SMS and WeChat providers', () => {
    const s = defaultServices(loadConfig({}));
    expect(s.sms.name).toBe('local');
    expect(s.wechat.name).toBe('local');
    expect(s.pms.name).toBe('local');
  });

  it('choose the real providers by environment', () => {
    const s = defaultServices(loadConfig({
      SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'id', SMS_ACCESS_KEY_SECRET: 'secret', SMS_SIGN_NAME: 'GX',
      WECHAT_PROVIDER: 'wechat', WECHAT_APP_ID: 'wx123', WECHAT_APP_SECRET: 'secret',
      PMS_PROVIDER: 'opera', OHIP_GATEWAY_URL: 'https://tenant.hospitality-api.example.com', OHIP_APP_KEY: 'key', OHIP_CLIENT_ID: 'id',
      OHIP_CLIENT_SECRET: 'secret', OHIP_USERNAME: 'user', OHIP_PASSWORD: 'pass',
    }));
    expect(s.pms).toMatchObject({ name: 'opera', kinds: ['hotel'] });
    expect(s.sms.name).toBe('aliyun');
    expect(s.wechat).toMatchObject({ name: 'wechat', appId: 'wx123' });
  });

  it('stop the server on a wrong value or a missing credential, naming the variable', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ WECHAT_PROVIDER: 'qq' })).toThrow(/WECHAT_PROVIDER/);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'id', SMS_SIGN_NAME: 'GX' })).toThrow(/SMS_ACCESS_KEY_SECRET/);
    expect(() => loadConfig({ WECHAT_PROVIDER: 'wechat', WECHAT_APP_SECRET: 's' })).toThrow(ConfigError);
    expect(() => loadConfig({ WECHAT_PROVIDER: 'wechat', WECHAT_APP_SECRET: 's' })).toThrow(/WECHAT_APP_ID/);
    expect(() => loadConfig({ PMS_PROVIDER: 'protel' })).toThrow(/PMS_PROVIDER/);
    expect(() => loadConfig({ PMS_PROVIDER: 'opera', OHIP_GATEWAY_URL: 'https://h.example.com', OHIP_APP_KEY: 'k' })).toThrow(/OHIP_CLIENT_ID/);
  });
});
