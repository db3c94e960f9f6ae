import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, helloPayload, type ConfigMessage, type TemplateDeviceRow } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser } from '../../resources/testing/fixtures';
import { deviceApi, playDevice, until, type PlayedDevice } from './testing';

/**
 * Configuration sync states (docs/device-protocol.md §6): pending until the device confirms the pushed checksum
 * (applied), another checksum is modified, a refusal is error; a hello reporting a stale version or another
 * checksum gets the current configuration pushed again; a hello without the optional fields stays valid.
 */
const SSID = { name: 'Sync', broadcast: true, encryption: 'wpa2_psk', password: 'sync-pass-1', isolation: false, max_users: 32, vlan: 1, kvr_disable: false };
const AP = {
  method: 'add', name: 'Sync APs', roaming_threshold: 0, lan_ports: 1, ssids: JSON.stringify([SSID]),
  radio_24: JSON.stringify({ bandwidth: '20', power: 20, channel: 6 }), radio_5: JSON.stringify({ bandwidth: '80', power: 23, channel: 36 }),
};
const PATH = '/admin/device/ap/template';
const HELLO = { type: 'ap', model: 'GX-AP', fw: '1.0.0', hw: 'A1', mac: '00:11:22:33:44:79', ip: '10.0.0.6', heartbeat_s: 60 };

describe.each(engines)('configuration sync states (%s)', (engine) => {
  let t: TestApp;
  let url: string;
  let api: ReturnType<typeof deviceApi>;
  const open: PlayedDevice[] = [];
  const uid = () => `S${randomBytes(5).toString('hex').toUpperCase()}`;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto' } });
    url = t.app.deviceChannel.transport.address()!;
    api = deviceApi(t, (await makeUser(t, await makeOrg(t, 'Sync'), 'all')).token);
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
  });

  const rowOf = async (templateId: number, deviceId: number) =>
    (await api.post<{ list: TemplateDeviceRow[] }>(PATH, { method: 'devices', id: templateId, size: 100 })).data!.list.find((r) => r.device_id === deviceId);
  const stateIs = (templateId: number, deviceId: number, state: string) =>
    until(state, async () => (await rowOf(templateId, deviceId))?.state === state);

  /** A played AP with a template applied and its first configuration received (not yet confirmed). */
  async function pushed(name: string) {
    const r = await api.post<{ id: number }>(PATH, { ...AP, name });
    expect(r.code, `${r.msg} ${r.field ?? ''}`).toBe(Code.OK);
    const id = r.data!.id;
    const serial = uid();
    const dev = await api.add(serial, { family: 'ap' });
    const d = await playDevice(url, serial, dev.secret);
    open.push(d);
    await d.publish('hello', HELLO);
    await until('online', async () => (await api.device(dev.id)).online === 1);
    expect((await api.post(PATH, { method: 'apply', id, device_ids: [dev.id] })).code).toBe(Code.OK);
    expect((await rowOf(id, dev.id))?.state).toBe('pending');
    const config = await until('configuration', () => d.configs[0]);
    return { id, dev, d, serial, config };
  }
  /** The device answers on up/config, then finishes the config_push that carried it, as a real one does. */
  const confirm = async (d: PlayedDevice, c: ConfigMessage, checksum = c.checksum, ok = true) => {
    const cmd = await until('config_push', () => d.commands.filter((x) => x.name === 'config_push').at(-1));
    await d.publish('config', { version: c.version, checksum, ok, ...(ok ? {} : { msg: 'radio busy' }) });
    await d.publish('result', { id: cmd.id, ok, ...(ok ? {} : { code: 'config_rejected', msg: 'radio busy' }) });
  };

  it('hello stays valid without the optional fields and accepts them', () => {
    expect(helloPayload.safeParse(HELLO).success).toBe(true);
    expect(helloPayload.safeParse({ ...HELLO, config_version: 3, config_checksum: 'ab'.repeat(32) }).success).toBe(true);
    expect(helloPayload.safeParse({ ...HELLO, config_version: -1 }).success).toBe(false);
  });

  it('is applied when the device confirms the checksum sent, modified on another, error on a refusal', async () => {
    const a = await pushed('Confirmed');
    await confirm(a.d, a.config);
    await stateIs(a.id, a.dev.id, 'applied');

    const b = await pushed('Other checksum');
    await confirm(b.d, b.config, 'f'.repeat(64));
    await stateIs(b.id, b.dev.id, 'modified');
    await until('config_modified event', async () => (await api.events(b.dev.id)).some((e) => e.code === 'config_modified'));

    const c = await pushed('Refused');
    await confirm(c.d, c.config, c.config.checksum, false);
    await stateIs(c.id, c.dev.id, 'error');
  });

  it('a config_push canceled before delivery leaves the configuration in error', async () => {
    const r = await api.post<{ id: number }>(PATH, { ...AP, name: 'Canceled' });
    const dev = await api.add(uid(), { family: 'ap' });
    expect((await api.post(PATH, { method: 'apply', id: r.data!.id, device_ids: [dev.id] })).code).toBe(Code.OK);
    const row = (await rowOf(r.data!.id, dev.id))!;
    expect(row.state).toBe('pending');
    expect((await api.post('/admin/device/command', { method: 'cancel', id: row.command_id })).code).toBe(Code.OK);
    await stateIs(r.data!.id, dev.id, 'error');
  });

  it('a device reconnecting with a stale version gets the current configuration pushed again, then applied', async () => {
    const a = await pushed('Stale');
    await confirm(a.d, a.config);
    await stateIs(a.id, a.dev.id, 'applied');
    // Reconnects reporting what it ran before (factory reset): pending, and the configuration comes again.
    await a.d.publish('hello', { ...HELLO, config_version: 0, config_checksum: '0'.repeat(64) });
    const again = await until('configuration pushed again', () => a.d.configs.find((c) => c.version > a.config.version));
    expect(again.body).toEqual(a.config.body);
    expect(again.version).toBeGreaterThan(a.config.version);
    await stateIs(a.id, a.dev.id, 'pending');
    expect((await api.events(a.dev.id)).some((e) => e.code === 'config_stale')).toBe(true);
    await confirm(a.d, again);
    await stateIs(a.id, a.dev.id, 'applied');
    // Reporting exactly what was sent changes nothing and pushes nothing.
    const received = a.d.configs.length;
    await a.d.publish('hello', { ...HELLO, config_version: again.version, config_checksum: again.checksum });
    // The device's messages are handled in order: once its next event is logged, the hello has been.
    await a.d.publish('event', { level: 'info', code: 'probe_current', msg: '' });
    await until('hello handled', async () => (await api.events(a.dev.id)).some((e) => e.code === 'probe_current'));
    expect((await rowOf(a.id, a.dev.id))?.state).toBe('applied');
    expect(a.d.configs).toHaveLength(received);
  });

  it('a device reporting the current version with another checksum is modified and gets the configuration again', async () => {
    const a = await pushed('Changed on the device');
    await confirm(a.d, a.config);
    await stateIs(a.id, a.dev.id, 'applied');
    await a.d.publish('hello', { ...HELLO, config_version: a.config.version, config_checksum: 'e'.repeat(64) });
    await stateIs(a.id, a.dev.id, 'modified');
    const again = await until('configuration pushed again', () => a.d.configs.find((c) => c.version > a.config.version));
    // The same configuration (same body, same checksum) under the next version.
    expect(again.checksum).toBe(a.config.checksum);
    expect(again.version).toBeGreaterThan(a.config.version);
    await confirm(a.d, again);
    await stateIs(a.id, a.dev.id, 'applied');
  });

  it('a hello with the fields but nothing sent yet (no template) changes nothing', async () => {
    const serial = uid();
    const dev = await api.add(serial, { family: 'ap' });
    const d = await playDevice(url, serial, dev.secret);
    open.push(d);
    await d.publish('hello', { ...HELLO, config_version: 4, config_checksum: 'a'.repeat(64) });
    await d.publish('event', { level: 'info', code: 'probe_none', msg: '' });
    await until('hello handled', async () => (await api.events(dev.id)).some((e) => e.code === 'probe_none'));
    await until('online', async () => (await api.device(dev.id)).online === 1);
    expect(d.configs).toHaveLength(0);
    expect((await api.events(dev.id)).some((e) => e.code === 'malformed')).toBe(false);
  });
});
