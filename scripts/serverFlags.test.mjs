import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './serverFlags.mjs';

describe('the server process flags', () => {
  it('keeps device connections cheap by default, and runs for speed with an external broker', () => {
    expect(serverNodeFlags({})).toEqual(['--optimize-for-size']);
    expect(serverNodeFlags({ MQTT_URL: 'mqtt://broker:1883' })).toEqual(['--max-semi-space-size=32']);
    expect(serverNodeFlags({ MQTT_URL: 'mqtt://broker:1883', SERVER_TUNING: 'size' })).toEqual(['--optimize-for-size']);
  });

  it('runs a brief server for speed without the optimised compile of WebAssembly', () => {
    expect(serverNodeFlags({ SERVER_TUNING: 'brief' })).toEqual(['--max-semi-space-size=32', '--liftoff-only']);
  });

  it('refuses a tuning it does not know, naming the ones it does', () => {
    expect(() => serverNodeFlags({ SERVER_TUNING: 'fast' })).toThrow('SERVER_TUNING: must be one of size, speed, brief, not fast');
    expect(() => serverNodeFlags({ SERVER_TUNING: 'toString' })).toThrow(/must be one of/);
  });
});
