import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type TemplateDeviceRow } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser } from '../../resources/testing/fixtures';
import { deviceApi, playDevice, until, type PlayedDevice } from './testing';

/**
 * Configuration templates over the real channel: an AP template applied to a device played over MQTT arrives on
 * `down/config` inside the config message, the device applies it, and the template's devices list says applied.
 */
const SSID = { name: 'Guest', broadcast: true, encryption: 'wpa2_psk', password: 'guest-pass1', isolation: true, max_users: 64, vlan: 10, kvr_disable: false };
const AP = {
  method: 'add', name: 'Lobby APs', roaming_threshold: -75, lan_ports: 1,
  ssids: JSON.stringify([SSID]), radio_24: JSON.stringify({ bandwidth: '20', power: 20, channel: 6 }),
  radio_5: JSON.stringify({ bandwidth: '80', power: 23, channel: 36 }), up_limit_kbps: 2048, down_limit_kbps: 8192,
  whitelist: 'example.com\nwifi.example.org',
};
const PATH = '/admin/device/ap/template';

describe.each(engines)('configuration templates (%s)', (engine) => {
  let t: TestApp;
  let url: string;
  let api: ReturnType<typeof deviceApi>;
  let other: ReturnType<typeof deviceApi>;
  const open: PlayedDevice[] = [];
  const uid = () => `T${randomBytes(5).toString('hex').toUpperCase()}`;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto' } });
    url = t.app.deviceChannel.transport.address()!;
    const orgId = await makeOrg(t, 'Templates');
    api = deviceApi(t, (await makeUser(t, orgId, 'all')).token);
    other = deviceApi(t, (await makeUser(t, await makeOrg(t, 'Elsewhere'), 'all')).token);
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
  });

  const addAp = async (extra: Record<string, unknown> = {}) => {
    const r = await api.post<{ id: number }>(PATH, { ...AP, ...extra });
    expect(r.code, `${r.msg} ${r.field ?? ''}`).toBe(Code.OK);
    return r.data!.id;
  };
  const devicesOf = async (id: number) => (await api.post<{ list: TemplateDeviceRow[] }>(PATH, { method: 'devices', id })).data!.list;

  it('refuses every out-of-range value naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ roaming_threshold: -50 }, 'roaming_threshold'],
      [{ roaming_threshold: -101 }, 'roaming_threshold'],
      [{ ssids: JSON.stringify([{ ...SSID, password: '12345678' }]) }, 'ssids.0.password'],
      [{ ssids: JSON.stringify([{ ...SSID, vlan: 4095 }]) }, 'ssids.0.vlan'],
      [{ ssids: JSON.stringify([]) }, 'ssids'],
      [{ ssids: 'not json' }, 'ssids'],
      [{ radio_24: JSON.stringify({ bandwidth: '20', power: 31, channel: 6 }) }, 'radio_24.power'],
      [{ radio_24: JSON.stringify({ bandwidth: '80', power: 20, channel: 6 }) }, 'radio_24.bandwidth'],
      [{ radio_5: JSON.stringify({ bandwidth: '80', power: 20, channel: 37 }) }, 'radio_5.channel'],
      [{ whitelist: 'not a domain!' }, 'whitelist'],
      [{ lan_ports: 9 }, 'lan_ports'],
    ];
    for (const [extra, field] of cases) {
      const r = await api.post(PATH, { ...AP, ...extra });
      expect([r.code, r.field], JSON.stringify(extra)).toEqual([Code.VALIDATION, field]);
    }
    // Unencrypted SSIDs need no password; "auto" channels are fine.
    await addAp({ ssids: JSON.stringify([{ ...SSID, encryption: 'none', password: '' }]), radio_5: JSON.stringify({ bandwidth: '160', power: 1, channel: 'auto' }) });
    const lan = await api.post('/admin/device/lan_template', { method: 'add', name: 'LAN', lan_ports: 4, vlan: 0 });
    expect([lan.code, lan.field]).toEqual([Code.VALIDATION, 'vlan']);
    const phone = await api.post('/admin/device/phone_template', { method: 'add', name: 'SIP', account: '8001', password: 'x', server: 'bad host', port: 5060, register_interval_s: 300 });
    expect([phone.code, phone.field]).toEqual([Code.VALIDATION, 'server']);
    const phonePort = await api.post('/admin/device/phone_template', { method: 'add', name: 'SIP', account: '8001', password: 'x', server: 'sip.example.com', port: 70000, register_interval_s: 300 });
    expect([phonePort.code, phonePort.field]).toEqual([Code.VALIDATION, 'port']);
  });

  it('applies an AP template to a played AP: the config arrives, is applied, and the list says applied', async () => {
    const id = await addAp();
    const serial = uid();
    const dev = await api.add(serial, { family: 'ap' });
    const d = await playDevice(url, serial, dev.secret);
    open.push(d);
    await d.publish('hello', { type: 'ap', model: 'GX-AP', fw: '1.0.0', hw: 'A1', mac: '00:11:22:33:44:66', ip: '10.0.0.3', heartbeat_s: 60 });
    await until('online', async () => (await api.device(dev.id)).online === 1);

    const r = await api.post<{ batch: string; devices: number }>(PATH, { method: 'apply', id, device_ids: [dev.id] });
    expect(r.code, `${r.msg} ${r.field ?? ''}`).toBe(Code.OK);
    expect(await devicesOf(id)).toMatchObject([{ device_id: dev.id, state: 'pending', version: 1 }]);

    const config = await until('configuration received', () => d.configs[0]);
    const cmd = await until('command received', () => d.commands.find((c) => c.name === 'config_push'));
    expect(config.version).toBe(1);
    expect(config.checksum).toBe(createHash('sha256').update(JSON.stringify(config.body)).digest('hex'));
    const body = config.body as { heartbeat_s: number; template: { kind: string; id: number; config: { ssids: unknown[]; whitelist: string[]; radio_5: { channel: number } } } };
    expect(body.heartbeat_s).toBe(60);
    expect(body.template).toMatchObject({ kind: 'ap', id, name: 'Lobby APs' });
    expect(body.template.config.ssids).toEqual([SSID]);
    expect(body.template.config.whitelist).toEqual(['example.com', 'wifi.example.org']);
    await d.publish('ack', { id: cmd.id });
    await d.publish('config', { version: config.version, checksum: config.checksum, ok: true });
    await d.publish('result', { id: cmd.id, ok: true, data: { version: config.version } });
    await until('applied', async () => (await devicesOf(id))[0]?.state === 'applied');
    expect((await devicesOf(id))[0]).toMatchObject({ version: 1, applied_version: 1 });
    // The device list says it too, row and details.
    const rows = await api.post<{ list: { id: number; config_sync: string | null }[] }>('/admin/device/binding', { method: 'list', serial });
    expect(rows.data!.list.find((x) => x.id === dev.id)?.config_sync).toBe('applied');
    const list = await api.post<{ list: { id: number; devices: number }[] }>(PATH, { method: 'list' });
    expect(list.data!.list.find((x) => x.id === id)?.devices).toBe(1);

    // Applied again (a changed template): the next version, and a refusal from the device shows as error.
    expect((await api.post(PATH, { method: 'update', id, roaming_threshold: 0 })).code).toBe(Code.OK);
    expect((await api.post(PATH, { method: 'apply', id, device_ids: [dev.id] })).code).toBe(Code.OK);
    // The first push may arrive twice: the hello's dispatch can run after the apply's and publish the command again,
    // unanswered yet, as the protocol allows (docs/device-protocol.md §5). What counts is the next version's push.
    const second = await until('second configuration', () => d.configs.find((c) => c.version !== 1));
    expect(second.version).toBe(2);
    const cmd2 = await until('second command', () => d.commands.find((c) => c.name === 'config_push' && c.id !== cmd.id));
    await d.publish('result', { id: cmd2.id, ok: false, code: 'config_rejected', msg: 'radio busy' });
    await until('error', async () => (await devicesOf(id))[0]?.state === 'error');
    expect((await devicesOf(id))[0]).toMatchObject({ version: 2, applied_version: 1, msg: 'radio busy' });
    expect((await api.device(dev.id)).config_sync).toBe('error');
  });

  it('applies by filter to the families the template fits, and refuses other families and other tenants', async () => {
    const id = await addAp({ name: 'Filter APs' });
    const gw = await api.add(uid(), { family: 'ig' });
    const incompatible = await api.post(PATH, { method: 'apply', id, device_ids: [gw.id] });
    expect([incompatible.code, incompatible.field]).toEqual([Code.VALIDATION, 'device_ids']);
    const both = await api.post(PATH, { method: 'apply', id, device_ids: [gw.id], filter_online: 1 });
    expect([both.code, both.field]).toEqual([Code.VALIDATION, 'device_ids']);
    const none = await api.post(PATH, { method: 'apply', id, filter_model: 'NO-SUCH-MODEL' });
    expect([none.code, none.field]).toEqual([Code.VALIDATION, 'filter_model']);
    const ap = await api.add(uid(), { family: 'ap', model: 'GX-AP2' });
    const byFilter = await api.post<{ devices: number }>(PATH, { method: 'apply', id, filter_model: 'GX-AP2' });
    expect(byFilter.code, `${byFilter.msg} ${byFilter.field ?? ''}`).toBe(Code.OK);
    expect(byFilter.data!.devices).toBe(1);
    // Offline: pending until it connects.
    expect((await devicesOf(id)).map((r) => [r.device_id, r.state])).toEqual([[ap.id, 'pending']]);

    // Another organisation sees neither the template nor may it push to these devices.
    expect((await other.post(PATH, { method: 'detail', id })).code).toBe(Code.NOT_FOUND);
    expect((await other.post(PATH, { method: 'apply', id, device_ids: [ap.id] })).code).toBe(Code.NOT_FOUND);
    expect((await other.post(PATH, { method: 'devices', id })).code).toBe(Code.NOT_FOUND);
    const theirs = (await other.post<{ id: number }>(PATH, { ...AP, name: 'Theirs' })).data!.id;
    const foreign = await other.post(PATH, { method: 'apply', id: theirs, device_ids: [ap.id] });
    expect([foreign.code, foreign.field]).toEqual([Code.NOT_FOUND, 'device_ids']);
  });

  it('applies LAN and phone templates to their families', async () => {
    const lan = (await api.post<{ id: number }>('/admin/device/lan_template', { method: 'add', name: 'Office LAN', lan_ports: 4, vlan: 20, dhcp: true })).data!.id;
    const gw = await api.add(uid(), { family: 'ig' });
    expect((await api.post('/admin/device/lan_template', { method: 'apply', id: lan, device_ids: [gw.id] })).code).toBe(Code.OK);
    const phone = (await api.post<{ id: number }>('/admin/device/phone_template', {
      method: 'add', name: 'SIP', account: '8001', password: 'sip-secret', server: '10.0.0.9', port: 5060, register_interval_s: 300,
    })).data!.id;
    const detail = await api.post<Record<string, unknown>>('/admin/device/phone_template', { method: 'detail', id: phone });
    expect(detail.data).not.toHaveProperty('password');
    const ag = await api.add(uid(), { family: 'ag' });
    expect((await api.post('/admin/device/phone_template', { method: 'apply', id: phone, device_ids: [gw.id] })).code).toBe(Code.VALIDATION);
    expect((await api.post('/admin/device/phone_template', { method: 'apply', id: phone, device_ids: [ag.id] })).code).toBe(Code.OK);
  });
});
