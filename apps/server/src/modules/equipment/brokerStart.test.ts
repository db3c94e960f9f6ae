import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../config';
import { startTestApp } from '../../testing/testApp';

/** A broker the server cannot use stops it at start, naming the variable to fix. */
describe('broker at start', () => {
  it('refuses an unreachable MQTT_URL, naming it', async () => {
    // A port that was free a moment ago and is closed now: the connection is refused at once.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const a = s.address();
        s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
      });
    });
    await expect(startTestApp({ env: { MQTT_URL: `mqtt://127.0.0.1:${port}` } })).rejects.toThrow(/MQTT_URL/);
  });

  it('refuses a malformed MQTT_URL or MQTT_PORT in the configuration, naming it', () => {
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow(ConfigError);
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow(/MQTT_URL/);
    expect(() => loadConfig({ MQTT_PORT: 'many' })).toThrow(/MQTT_PORT/);
    expect(() => loadConfig({ TELEMETRY_DAYS: '0' })).toThrow(/TELEMETRY_DAYS/);
    expect(() => loadConfig({ DEMO_FLEET: 'yes' })).toThrow(/DEMO_FLEET/);
    expect(loadConfig({ MQTT_PORT: '0' }).device.mqttPort).toBeNull();
    expect(loadConfig({ MQTT_PORT: 'auto' }).device.mqttPort).toBe(0);
    expect(loadConfig({}).device.mqttPort).toBe(1884);
    expect(loadConfig({}).device.demoFleet).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).device.demoFleet).toBe(false);
  });

  it('refuses a taken MQTT_PORT, naming it', async () => {
    const taken = createServer();
    const port = await new Promise<number>((resolve) => taken.listen(0, '0.0.0.0', () => {
      const a = taken.address();
      resolve(typeof a === 'object' && a ? a.port : 0);
    }));
    try {
      await expect(startTestApp({ env: { MQTT_PORT: String(port) } })).rejects.toThrow(/MQTT_PORT/);
    } finally {
      taken.close();
    }
  });
});
