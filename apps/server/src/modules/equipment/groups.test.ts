import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type TemplatePreview } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser } from '../../resources/testing/fixtures';
import { deviceApi, playDevice, until, type PlayedDevice } from './testing';

/**
 * Device groups (issue 12): group variables between the device's and the organisation's, a group's default
 * template for the devices that join it, a template applied to a group, removal and tenancy.
 */
const SSID = { name: 'Guest-{{ site }}', broadcast: true, encryption: 'wpa2_psk', password: '{{ wifi_key }}', isolation: true, max_users: 64, vlan: 10, kvr_disable: false };
const AP = {
  method: 'add', name: 'Group APs', roaming_threshold: 0, lan_ports: 1, ssids: JSON.stringify([SSID]),
  radio_24: JSON.stringify({ bandwidth: '20', power: 20, channel: 6 }), radio_5: JSON.stringify({ bandwidth: '80', power: 23, channel: 36 }),
  variables: JSON.stringify({ site: 'Default', wifi_key: 'template-key' }),
};
const PATH = '/admin/device/ap/template';
const GROUPS = '/admin/device/group';
const HELLO = { type: 'ap', model: 'GX-AP', fw: '1.0.0', hw: 'A1', mac: '00:11:22:33:44:78', ip: '10.0.0.5', heartbeat_s: 60 };
type ApConfig = { ssids: { name: string; password: string }[] };

describe.each(engines)('device groups (%s)', (engine) => {
  let t: TestApp;
  let url: string;
  let api: ReturnType<typeof deviceApi>;
  let other: ReturnType<typeof deviceApi>;
  const open: PlayedDevice[] = [];
  const uid = () => `G${randomBytes(5).toString('hex').toUpperCase()}`;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto' } });
    url = t.app.deviceChannel.transport.address()!;
    api = deviceApi(t, (await makeUser(t, await makeOrg(t, 'Groups'), 'all')).token);
    other = deviceApi(t, (await makeUser(t, await makeOrg(t, 'Other groups'), 'all')).token);
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
  });

  const ok = <T>(r: { code: number; msg: string; field?: string; data?: T }) => {
    expect(r.code, `${r.msg} ${r.field ?? ''}`).toBe(Code.OK);
    return r.data!;
  };
  const addAp = async (extra: Record<string, unknown> = {}, as = api) => ok(await as.post<{ id: number }>(PATH, { ...AP, ...extra })).id;
  const addGroup = async (extra: Record<string, unknown>, as = api) => ok(await as.post<{ id: number }>(GROUPS, { method: 'add', ...extra })).id;
  const preview = async (id: number, deviceId: number) => ok(await api.post<TemplatePreview>(PATH, { method: 'preview', id, device_id: deviceId }));

  it('checks a group\'s variables and default templates, naming the field', async () => {
    const bad = await api.post(GROUPS, { method: 'add', name: 'Bad', config_variables: JSON.stringify({ site: 'x'.repeat(256) }) });
    expect([bad.code, bad.field]).toEqual([Code.VALIDATION, 'config_variables.site']);
    const noName = await api.post(GROUPS, { method: 'add', config_variables: '{}' });
    expect([noName.code, noName.field]).toEqual([Code.VALIDATION, 'name']);
    const theirs = await addAp({ name: 'Their template' }, other);
    const foreign = await api.post(GROUPS, { method: 'add', name: 'Foreign', ap_template_id: theirs });
    expect([foreign.code, foreign.field]).toEqual([Code.NOT_FOUND, 'ap_template_id']);
    const theirGroup = await addGroup({ name: 'Theirs' }, other);
    const dev = await api.post('/admin/device/binding', { method: 'add', serial: uid(), family: 'ap', group_id: theirGroup });
    expect([dev.code, dev.field]).toEqual([Code.NOT_FOUND, 'group_id']);
    expect((await api.post(GROUPS, { method: 'detail', id: theirGroup })).code).toBe(Code.NOT_FOUND);
  });

  it('resolves by precedence device > group > organisation > template default, and the preview names the group', async () => {
    const id = await addAp({ name: 'Precedence with groups' });
    const group = await addGroup({ name: 'Lobby', config_variables: JSON.stringify({ site: 'Lobby', wifi_key: 'group-key-1' }) });
    ok(await api.post(PATH, { method: 'set_org_variables', variables: JSON.stringify({ site: 'Org', wifi_key: 'org-key-12' }) }));
    const dev = await api.add(uid(), { family: 'ap', group_id: group, config_variables: JSON.stringify({ wifi_key: 'device-key-1' }) });
    let p = await preview(id, dev.id);
    expect(p.variables).toEqual([
      { name: 'site', value: 'Lobby', source: 'group' },
      { name: 'wifi_key', value: 'device-key-1', source: 'device' },
    ]);
    expect(p.levels.group).toEqual({ site: 'Lobby', wifi_key: 'group-key-1' });
    expect((p.config as ApConfig).ssids[0]).toMatchObject({ name: 'Guest-Lobby', password: 'device-key-1' });
    // Out of the group, the organisation's value comes next.
    ok(await api.post('/admin/device/binding', { method: 'update', id: dev.id, group_id: null }));
    p = await preview(id, dev.id);
    expect(p.variables.find((v) => v.name === 'site')).toEqual({ name: 'site', value: 'Org', source: 'organization' });
    ok(await api.post(PATH, { method: 'set_org_variables', variables: '{}' }));
  });

  it('applies a template to a group: every fitting device of the group, each with its group\'s values', async () => {
    const id = await addAp({ name: 'To a group' });
    const group = await addGroup({ name: 'Hall', config_variables: JSON.stringify({ site: 'Hall', wifi_key: 'hall-key-12' }) });
    const inGroup = await Promise.all([1, 2].map(() => api.add(uid(), { family: 'ap', group_id: group })));
    const gateway = await api.add(uid(), { family: 'ig', group_id: group });
    await api.add(uid(), { family: 'ap' });
    const r = await api.post<{ devices: number }>(PATH, { method: 'apply', id, group_id: group });
    expect(ok(r).devices).toBe(2);
    const rows = ok(await api.post<{ list: { device_id: number; state: string }[] }>(PATH, { method: 'devices', id })).list;
    expect(rows.map((x) => x.device_id).sort()).toEqual(inGroup.map((d) => d.id).sort());
    expect(rows.map((x) => x.device_id)).not.toContain(gateway.id);
    // Ids and a group together are refused, and an empty group names the group.
    const both = await api.post(PATH, { method: 'apply', id, group_id: group, device_ids: [inGroup[0]!.id] });
    expect([both.code, both.field]).toEqual([Code.VALIDATION, 'device_ids']);
    const empty = await addGroup({ name: 'Empty' });
    const none = await api.post(PATH, { method: 'apply', id, group_id: empty });
    expect([none.code, none.field]).toEqual([Code.VALIDATION, 'group_id']);
    const theirs = await addGroup({ name: 'Not yours' }, other);
    const foreign = await api.post(PATH, { method: 'apply', id, group_id: theirs });
    expect([foreign.code, foreign.field]).toEqual([Code.NOT_FOUND, 'group_id']);
  });

  it('a device joining a group gets the group\'s default template, resolved with the group\'s variables, over MQTT', async () => {
    const id = await addAp({ name: 'Group default' });
    const group = await addGroup({ name: 'Roof', config_variables: JSON.stringify({ site: 'Roof' }), ap_template_id: id });
    const serial = uid();
    const dev = await api.add(serial, { family: 'ap' });
    const d = await playDevice(url, serial, dev.secret);
    open.push(d);
    await d.publish('hello', HELLO);
    await until('online', async () => (await api.device(dev.id)).online === 1);
    expect(d.configs).toHaveLength(0);
    ok(await api.post('/admin/device/binding', { method: 'update', id: dev.id, group_id: group }));
    const c = await until('group default configuration', () => d.configs[0]);
    expect((c.body as { template: { id: number; config: ApConfig } }).template).toMatchObject({ id, config: { ssids: [{ name: 'Guest-Roof', password: 'template-key' }] } });
    expect(ok(await api.post<{ devices: number }>(GROUPS, { method: 'detail', id: group })).devices).toBe(1);
    // A device added straight into the group gets it too.
    const added = await api.add(uid(), { family: 'ap', group_id: group });
    const rows = ok(await api.post<{ list: { device_id: number }[] }>(PATH, { method: 'devices', id })).list;
    expect(rows.map((x) => x.device_id)).toContain(added.id);
  });

  it('removing a group asks first, then takes its devices out of it; removing a default template clears it', async () => {
    const tpl = await addAp({ name: 'Removed default' });
    const group = await addGroup({ name: 'Temporary', ap_template_id: tpl });
    const dev = await api.add(uid(), { family: 'ig', group_id: group });
    const asked = await api.post(PATH, { method: 'remove', id: tpl });
    expect(asked.code).toBe(Code.IN_USE);
    ok(await api.post(PATH, { method: 'remove', id: tpl, confirm: true }));
    expect(ok(await api.post<{ ap_template_id: number | null }>(GROUPS, { method: 'detail', id: group })).ap_template_id).toBeNull();
    const r = await api.post(GROUPS, { method: 'remove', id: group });
    expect(r.code).toBe(Code.IN_USE);
    ok(await api.post(GROUPS, { method: 'remove', id: group, confirm: true }));
    expect((await api.device(dev.id) as unknown as { group_id: number | null }).group_id).toBeNull();
  });

  it('tags a device: kept trimmed and unique, found by any one of them in any case, refused when malformed', async () => {
    const a = await api.add(uid(), { family: 'ig', tags: ' Pilot , floor 3,pilot,门店A ' });
    const b = await api.add(uid(), { family: 'ig', tags: 'floor 3' });
    await api.add(uid(), { family: 'ig' });
    await other.add(uid(), { family: 'ig', tags: 'pilot' });
    expect((await api.device(a.id) as unknown as { tags: string }).tags).toBe('Pilot,floor 3,门店A');
    const find = async (tag: string) => ok(await api.post<{ list: { id: number }[] }>('/admin/device/binding', { method: 'list', tags: tag, size: 100 })).list.map((d) => d.id);
    expect(await find('PILOT')).toEqual([a.id]);
    expect(await find(' Floor 3 ')).toEqual([a.id, b.id]);
    expect(await find('门店a')).toEqual([a.id]);
    // A tag matches whole, never a part of one.
    expect(await find('floor')).toEqual([]);
    for (const tags of ['a,,b', 'x'.repeat(33), Array.from({ length: 21 }, (_, i) => `t${i}`).join(','), 'bad/tag', ' ,lead']) {
      const r = await api.post('/admin/device/binding', { method: 'update', id: b.id, tags });
      expect([r.code, r.field, r.msg], tags).toEqual([Code.VALIDATION, 'tags', expect.stringContaining('标签')]);
    }
    ok(await api.post('/admin/device/binding', { method: 'update', id: b.id, tags: '' }));
    expect(await find('floor 3')).toEqual([a.id]);
  });
});
