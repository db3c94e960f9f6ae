import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('./data');
    expect(c.captcha).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });
  it('stops on a wrong value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOGIN_CAPTCHA: 'maybe' })).toThrow(/LOGIN_CAPTCHA/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_TTL: '5' })).toThrow(/SESSION_TTL/);
  });
  it('reads LOGIN_CAPTCHA=off', () => {
    expect(loadConfig({ LOGIN_CAPTCHA: 'off' }).captcha).toBe(false);
  });
});
