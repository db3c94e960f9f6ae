import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type TemplatePreview } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser } from '../../resources/testing/fixtures';
import { deviceApi, playDevice, until, type PlayedDevice } from './testing';

/**
 * Configuration variables (docs/config-variables.md): placeholders filled per device by precedence, refusals naming
 * the field and the variable, each played device receiving its own resolved configuration over MQTT, the preview
 * with its sources, default templates per model, and tenancy.
 */
const SSID = { name: 'Guest-{{ site }}', broadcast: true, encryption: 'wpa2_psk', password: '{{ wifi_key }}', isolation: true, max_users: 64, vlan: 10, kvr_disable: false };
const AP = {
  method: 'add', name: 'Variable APs', roaming_threshold: 0, lan_ports: 1, ssids: JSON.stringify([SSID]),
  radio_24: JSON.stringify({ bandwidth: '20', power: 20, channel: 6 }), radio_5: JSON.stringify({ bandwidth: '80', power: 23, channel: 36 }),
  variables: JSON.stringify({ site: 'Default', wifi_key: 'template-key' }),
};
const PATH = '/admin/device/ap/template';
const HELLO = { type: 'ap', model: 'GX-AP', fw: '1.0.0', hw: 'A1', mac: '00:11:22:33:44:77', ip: '10.0.0.4', heartbeat_s: 60 };
type ApBody = { template: { config: { ssids: { name: string; password: string }[] } } };

describe.each(engines)('configuration variables (%s)', (engine) => {
  let t: TestApp;
  let url: string;
  let api: ReturnType<typeof deviceApi>;
  let other: ReturnType<typeof deviceApi>;
  const open: PlayedDevice[] = [];
  const uid = () => `V${randomBytes(5).toString('hex').toUpperCase()}`;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto' } });
    url = t.app.deviceChannel.transport.address()!;
    api = deviceApi(t, (await makeUser(t, await makeOrg(t, 'Variables'), 'all')).token);
    other = deviceApi(t, (await makeUser(t, await makeOrg(t, 'Elsewhere'), 'all')).token);
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
  });

  const addAp = async (extra: Record<string, unknown> = {}, as = api) => {
    const r = await as.post<{ id: number }>(PATH, { ...AP, ...extra });
    expect(r.code, `${r.msg} ${r.field ?? ''}`).toBe(Code.OK);
    return r.data!.id;
  };
  const preview = (id: number, deviceId: number, as = api) => as.post<TemplatePreview>(PATH, { method: 'preview', id, device_id: deviceId });
  const setOrg = async (variables: Record<string, string>, as = api) => {
    const r = await as.post(PATH, { method: 'set_org_variables', variables: JSON.stringify(variables) });
    expect(r.code, `${r.msg} ${r.field ?? ''}`).toBe(Code.OK);
  };

  it('checks variables where they are stored, naming the field and the variable', async () => {
    const bad = await api.post(PATH, { ...AP, variables: JSON.stringify({ Site: 'x' }) });
    expect([bad.code, bad.field]).toEqual([Code.VALIDATION, 'variables.Site']);
    const dev = await api.post('/admin/device/binding', { method: 'add', serial: uid(), family: 'ap', config_variables: JSON.stringify({ site: 'x'.repeat(256) }) });
    expect([dev.code, dev.field]).toEqual([Code.VALIDATION, 'config_variables.site']);
    const org = await api.post(PATH, { method: 'set_org_variables', variables: 'not json' });
    expect([org.code, org.field]).toEqual([Code.VALIDATION, 'variables']);
    // A placeholder is checked once filled in: a typed 7-character password would be refused, `{{ k }}` is not.
    expect((await api.post(PATH, { ...AP, ssids: JSON.stringify([{ ...SSID, password: '1234567' }]) })).field).toBe('ssids.0.password');
    await addAp({ name: 'Short placeholder', ssids: JSON.stringify([{ ...SSID, password: '{{ k }}' }]) });
    // Phone fields with formats take placeholders too.
    const phone = await api.post('/admin/device/phone_template', {
      method: 'add', name: 'SIP vars', account: '{{ ext }}', password: 'x', server: 'sip.{{ domain }}', port: 5060, register_interval_s: 300,
    });
    expect(phone.code, `${phone.msg} ${phone.field ?? ''}`).toBe(Code.OK);
  });

  it('resolves by precedence: device > organisation > template default, and the preview names each source', async () => {
    const id = await addAp({ name: 'Precedence' });
    const dev = await api.add(uid(), { family: 'ap', config_variables: JSON.stringify({ site: 'Lobby' }) });
    let p = await preview(id, dev.id);
    expect(p.code, `${p.msg} ${p.field ?? ''}`).toBe(Code.OK);
    expect((p.data!.config as ApBody['template']['config']).ssids[0]).toMatchObject({ name: 'Guest-Lobby', password: 'template-key' });
    expect(p.data!.variables).toEqual([
      { name: 'site', value: 'Lobby', source: 'device' },
      { name: 'wifi_key', value: 'template-key', source: 'template' },
    ]);
    await setOrg({ wifi_key: 'organisation-key', site: 'Org' });
    p = await preview(id, dev.id);
    expect(p.data!.variables).toEqual([
      { name: 'site', value: 'Lobby', source: 'device' },
      { name: 'wifi_key', value: 'organisation-key', source: 'organization' },
    ]);
    expect(p.data!.levels).toEqual({ device: { site: 'Lobby' }, group: {}, organization: { wifi_key: 'organisation-key', site: 'Org' }, template: { site: 'Default', wifi_key: 'template-key' } });
    expect((await api.post<{ variables: string }>(PATH, { method: 'org_variables' })).data!.variables).toBe('{"site":"Org","wifi_key":"organisation-key"}');
    await setOrg({});
  });

  it('refuses a missing variable and a substituted value beyond its limit, naming the device, field and variable', async () => {
    const id = await addAp({ name: 'Missing', variables: '{}' });
    const dev = await api.add(uid(), { family: 'ap', config_variables: JSON.stringify({ wifi_key: 'device-key-1' }) });
    const r = await api.post<{ device_id: number; serial: string; variable: string }>(PATH, { method: 'apply', id, device_ids: [dev.id] });
    expect([r.code, r.field]).toEqual([Code.VALIDATION, 'ssids.0.name']);
    expect(r.msg).toContain('site');
    expect(r.data).toMatchObject({ device_id: dev.id, variable: 'site' });
    const p = await preview(id, dev.id);
    expect(p.code).toBe(Code.OK);
    expect(p.data).toMatchObject({ config: null, error: { field: 'ssids.0.name', variable: 'site' } });
    expect(p.data!.error!.msg).toContain('site');

    // Too long once substituted: "Guest-" + 30 characters is beyond the 32 an SSID allows.
    const long = await api.add(uid(), { family: 'ap', config_variables: JSON.stringify({ site: 'x'.repeat(30), wifi_key: 'device-key-1' }) });
    const tooLong = await api.post<{ serial: string }>(PATH, { method: 'apply', id, device_ids: [long.id] });
    expect([tooLong.code, tooLong.field]).toEqual([Code.VALIDATION, 'ssids.0.name']);
    expect(tooLong.data!.serial).toBeTruthy();
    expect(tooLong.msg).toContain(tooLong.data!.serial);
    // All or nothing: with one unresolvable device among fine ones nothing is sent.
    const fine = await api.add(uid(), { family: 'ap', config_variables: JSON.stringify({ site: 'Ok', wifi_key: 'device-key-1' }) });
    expect((await api.post(PATH, { method: 'apply', id, device_ids: [fine.id, long.id] })).code).toBe(Code.VALIDATION);
    expect((await api.post<{ total: number }>(PATH, { method: 'devices', id })).data!.total).toBe(0);
  });

  it('two played devices receive their own resolved configurations over MQTT', async () => {
    const id = await addAp({ name: 'Per device' });
    const played = await Promise.all(['Hall', 'Roof'].map(async (site) => {
      const serial = uid();
      const dev = await api.add(serial, { family: 'ap', config_variables: JSON.stringify({ site, wifi_key: `key-of-${site.toLowerCase()}` }) });
      const d = await playDevice(url, serial, dev.secret);
      open.push(d);
      await d.publish('hello', HELLO);
      await until('online', async () => (await api.device(dev.id)).online === 1);
      return { dev, d, site };
    }));
    const r = await api.post(PATH, { method: 'apply', id, device_ids: played.map((p) => p.dev.id) });
    expect(r.code, `${r.msg} ${r.field ?? ''}`).toBe(Code.OK);
    const got = await Promise.all(played.map(({ d }) => until('configuration', () => d.configs[0])));
    got.forEach((c, i) => {
      const ssid = (c.body as ApBody).template.config.ssids[0]!;
      expect(ssid).toMatchObject({ name: `Guest-${played[i]!.site}`, password: `key-of-${played[i]!.site.toLowerCase()}` });
      expect(c.checksum).toBe(createHash('sha256').update(JSON.stringify(c.body)).digest('hex'));
    });
    expect(got[0]!.checksum).not.toBe(got[1]!.checksum);
  });

  it('a new device of a model gets the template marked default for it, pending until its hello', async () => {
    const id = await addAp({ name: 'Default for GX-DEF', default_model: 'GX-DEF' });
    const taken = await api.post(PATH, { ...AP, name: 'Second default', default_model: 'GX-DEF' });
    expect([taken.code, taken.field]).toEqual([Code.VALIDATION, 'default_model']);
    const serial = uid();
    const dev = await api.add(serial, { family: 'ap', model: 'GX-DEF', config_variables: JSON.stringify({ site: 'New' }) });
    const rows = (await api.post<{ list: { device_id: number; state: string }[] }>(PATH, { method: 'devices', id })).data!.list;
    expect(rows).toEqual([expect.objectContaining({ device_id: dev.id, state: 'pending' })]);
    const d = await playDevice(url, serial, dev.secret);
    open.push(d);
    await d.publish('hello', { ...HELLO, model: 'GX-DEF' });
    const c = await until('default configuration', () => d.configs[0]);
    expect((c.body as ApBody).template.config.ssids[0]).toMatchObject({ name: 'Guest-New', password: 'template-key' });
    // Another model gets nothing.
    const plain = await api.add(uid(), { family: 'ap', model: 'GX-OTHER' });
    expect((await preview(id, plain.id)).code).toBe(Code.OK);
    expect((await api.post<{ total: number }>(PATH, { method: 'devices', id })).data!.total).toBe(1);
  });

  it('a provisioned device whose default template cannot be resolved gets no push and an event saying why', async () => {
    const id = await addAp({ name: 'Default for GX-PRV', default_model: 'GX-PRV', variables: '{}' });
    const r = await api.post<{ rows: number }>('/admin/device/binding', { method: 'provision', family: 'ap', model: 'GX-PRV', count: 2 });
    expect(r.code, `${r.msg} ${r.field ?? ''}`).toBe(Code.OK);
    expect((await api.post<{ total: number }>(PATH, { method: 'devices', id })).data!.total).toBe(0);
    const list = await api.post<{ list: { id: number }[] }>('/admin/device/binding', { method: 'list', family: 'ap', size: 100 });
    const made = (await Promise.all(list.data!.list.map((d) => api.device(d.id)))).filter((d) => (d as unknown as { model: string }).model === 'GX-PRV');
    expect(made).toHaveLength(2);
    for (const d of made) {
      const events = await api.events(d.id);
      expect(events.find((e) => e.code === 'config_unresolved')?.msg).toContain('site');
    }
  });

  it("refuses another organisation's template or device in the preview and keeps variables per organisation", async () => {
    const mine = await addAp({ name: 'Mine' });
    const myDevice = await api.add(uid(), { family: 'ap' });
    const theirs = await addAp({ name: 'Theirs' }, other);
    const theirDevice = await other.add(uid(), { family: 'ap' });
    expect([(await preview(mine, theirDevice.id)).code, (await preview(mine, theirDevice.id)).field]).toEqual([Code.NOT_FOUND, 'device_id']);
    expect([(await preview(theirs, myDevice.id)).code, (await preview(theirs, myDevice.id)).field]).toEqual([Code.NOT_FOUND, 'id']);
    expect((await preview(mine, myDevice.id, other)).code).toBe(Code.NOT_FOUND);
    const gw = await api.add(uid(), { family: 'ig' });
    expect([(await preview(mine, gw.id)).code, (await preview(mine, gw.id)).field]).toEqual([Code.VALIDATION, 'device_id']);
    await setOrg({ site: 'Their site' }, other);
    const p = await preview(mine, myDevice.id);
    expect(p.data!.levels.organization).toEqual({});
    expect(p.data!.variables.find((v) => v.name === 'site')).toEqual({ name: 'site', value: 'Default', source: 'template' });
    await setOrg({}, other);
  });
});
