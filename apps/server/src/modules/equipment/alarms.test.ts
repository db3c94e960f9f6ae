import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALARM_TRANSITIONS, Code, DEFAULT_ALARM_RULES, type AlarmSummary, type StreamMessage } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { alarmConditions } from './alarmTables';
import { deviceApi, playDevice, until, type PlayedDevice } from './testing';

interface RuleRow { id: number; name: string; metric: string; operator: string; threshold: number; threshold_high: number | null; duration_s: number; severity: string; status: number; family: string | null; model: string | null }
interface AlarmRow { id: number; rule_id: number; device_id: number; state: string; active: number; severity: string; value: number | null; acknowledged_by: string | null; acknowledged_at: string | null; cleared_by: string | null; clear_reason: string | null }
interface Page<T> { list: T[]; total: number }

/**
 * Alarm rules and alarms (issue 11 §6) against devices played over MQTT: presence rules on the sweep, threshold
 * rules with a duration on telemetry writes, one active alarm per rule and device, auto-clear, the acknowledge and
 * clear moves of `ALARM_TRANSITIONS`, notifications and stream messages to holders of the alarm permission,
 * tenancy and bad input.
 */
describe.each(engines)('alarms (%s)', (engine) => {
  let t: TestApp;
  let url: string;
  let orgA: number;
  let a: MadeUser;
  let watcher: MadeUser;
  let outsider: MadeUser;
  let b: MadeUser;
  let api: ReturnType<typeof deviceApi>;
  const open: PlayedDevice[] = [];
  const streamed: StreamMessage[] = [];
  const uid = (p: string) => `${p}-${randomBytes(4).toString('hex').toUpperCase()}`;
  const post = <T>(path: string, body: Record<string, unknown>, token = a.token) => t.post<T>(path, body, { token });
  const rules = async (token = a.token) => (await post<Page<RuleRow>>('/admin/device/alarm_rule', { method: 'list', size: 100 }, token)).data!.list;
  const alarms = async (filter: Record<string, unknown> = {}, token = a.token) =>
    (await post<Page<AlarmRow>>('/admin/device/alarm', { method: 'list', size: 100, ...filter }, token)).data!.list;
  const play = async (serial: string, secret: string, family: string) => {
    const d = await playDevice(url, serial, secret);
    open.push(d);
    await d.publish('hello', { type: family, model: 'GX-1', fw: '1.0.0', hw: 'A1', mac: '00:11:22:33:44:55', ip: '10.0.0.2', heartbeat_s: 60 });
    return d;
  };

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto' } });
    url = t.app.deviceChannel.transport.address()!;
    orgA = await makeOrg(t, 'Alarms A');
    a = await makeUser(t, orgA, 'all');
    watcher = await makeUser(t, orgA, ['device.alarm.list']);
    outsider = await makeUser(t, orgA, ['device.binding.list']);
    b = await makeUser(t, await makeOrg(t, 'Alarms B'), 'all');
    api = deviceApi(t, a.token);
    t.app.liveBus.subscribe((m) => { if (m.type === 'alarm') streamed.push(m); });
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
  });

  it('gives every new organisation the default rules, editable', async () => {
    const list = await rules();
    expect(list.map((r) => ({ name: r.name, metric: r.metric, operator: r.operator, threshold: r.threshold, threshold_high: r.threshold_high, duration_s: r.duration_s, severity: r.severity })))
      .toEqual(DEFAULT_ALARM_RULES.map((r) => ({ name: r.name, metric: r.metric, operator: r.operator, threshold: r.threshold, threshold_high: r.threshold_high, duration_s: r.duration_s, severity: r.severity })));
    expect((await rules(b.token)).length).toBe(DEFAULT_ALARM_RULES.length);
  });

  it('raises an offline alarm after the rule duration, notifies the holders, and clears it on reconnect', async () => {
    const offline = (await rules()).find((r) => r.metric === 'offline')!;
    expect((await post('/admin/device/alarm_rule', { method: 'update', id: offline.id, duration_s: 1 })).code).toBe(Code.OK);
    const serial = uid('IG');
    const { id, secret } = await api.add(serial, { family: 'ig' });
    const d = await play(serial, secret, 'ig');
    await until('online', async () => (await api.device(id)).online === 1);
    d.drop();
    const raised = await until('offline alarm', async () => (await alarms({ device_id: id, active: 1 })).find((x) => x.rule_id === offline.id));
    expect(raised).toMatchObject({ state: 'raised', severity: 'major' });
    // Only once per offline spell, however many sweeps pass.
    await until('two more sweeps', async () => streamed.filter((m) => m.type === 'alarm' && m.id === raised.id).length >= 1);
    expect((await alarms({ device_id: id })).length).toBe(1);
    const inbox = async (token: string) => (await t.post<{ inform: { title: string; content: string }[] }>('/admin/notification/inbox', { method: 'inform' }, { token })).data!.inform;
    await until('notified', async () => (await inbox(watcher.token)).some((n) => n.content.includes(serial)));
    expect((await inbox(outsider.token)).some((n) => n.content.includes(serial))).toBe(false);
    const again = await play(serial, secret, 'ig');
    await until('auto-cleared', async () => {
      const [x] = await alarms({ device_id: id });
      return x?.state === 'cleared' && x.active === 0 && x.clear_reason === 'auto';
    });
    await again.end();
  });

  it('raises a threshold alarm only after the duration, once, and clears it when the metric recovers', async () => {
    const added = await post<{ id: number }>('/admin/device/alarm_rule', {
      method: 'add', name: 'CPU high', family: 'ig', metric: 'cpu', operator: 'gt', threshold: 90, duration_s: 2, severity: 'critical',
    });
    expect(added.code).toBe(Code.OK);
    const ruleId = added.data!.id;
    const serial = uid('IG');
    const { id, secret } = await api.add(serial, { family: 'ig' });
    const d = await play(serial, secret, 'ig');
    await d.publish('telemetry', { metrics: { cpu: 95 } });
    await until('condition held', async () => (await t.database.db.select().from(alarmConditions).where(and(eq(alarmConditions.ruleId, ruleId), eq(alarmConditions.deviceId, id)))).length === 1);
    expect(await alarms({ device_id: id })).toEqual([]);
    const raised = await until('raised after 2 s', async () => (await alarms({ device_id: id, active: 1 }))[0]);
    expect(raised).toMatchObject({ rule_id: ruleId, severity: 'critical', state: 'raised', value: 95 });
    await d.publish('telemetry', { metrics: { cpu: 97 } });
    await d.publish('telemetry', { metrics: { cpu: 99 } });
    await t.app.deviceChannel.flush();
    await t.app.deviceChannel.alarms.sweep();
    expect((await alarms({ device_id: id })).length).toBe(1);
    const summary = (await post<AlarmSummary>('/admin/device/alarm', { method: 'summary' })).data!;
    expect(summary.critical).toBeGreaterThanOrEqual(1);
    expect(summary.total).toBe(Object.entries(summary).filter(([k]) => k !== 'total').reduce((s, [, n]) => s + n, 0));
    await d.publish('telemetry', { metrics: { cpu: 10 } });
    await until('auto-cleared', async () => (await alarms({ device_id: id }))[0]?.state === 'cleared');
    expect(streamed.some((m) => m.type === 'alarm' && m.id === raised.id && m.state === 'cleared')).toBe(true);
  });

  it('acknowledges and clears along the transitions, refusing the others', async () => {
    expect(ALARM_TRANSITIONS.filter((x) => x.action).map((x) => x.action)).toEqual(['acknowledge', 'clear']);
    const ruleId = (await post<{ id: number }>('/admin/device/alarm_rule', {
      method: 'add', name: 'Clients', family: 'ig', metric: 'clients', operator: 'gte', threshold: 100, duration_s: 0, severity: 'warning',
    })).data!.id;
    const serial = uid('IG');
    const { id, secret } = await api.add(serial, { family: 'ig' });
    const d = await play(serial, secret, 'ig');
    await d.publish('telemetry', { metrics: { clients: 150 } });
    const raised = await until('raised at once', async () => (await alarms({ device_id: id, active: 1 }))[0]);
    expect(raised.rule_id).toBe(ruleId);
    const act = (method: string, token = a.token) => post<AlarmRow>('/admin/device/alarm', { method, id: raised.id }, token);
    expect((await act('acknowledge', outsider.token)).code).toBe(Code.FORBIDDEN);
    expect((await act('acknowledge')).code).toBe(Code.OK);
    const acked = (await post<AlarmRow>('/admin/device/alarm', { method: 'detail', id: raised.id })).data!;
    expect(acked).toMatchObject({ state: 'acknowledged', acknowledged_by: a.username, active: 1 });
    expect(acked.acknowledged_at).toBeTruthy();
    // A row already in the target state is left alone (the engine's rule for bulk moves): the first ack stands.
    expect((await act('acknowledge', watcher.token)).code).toBe(Code.FORBIDDEN);
    expect((await act('acknowledge')).code).toBe(Code.OK);
    expect((await post<AlarmRow>('/admin/device/alarm', { method: 'detail', id: raised.id })).data!.acknowledged_at).toBe(acked.acknowledged_at);
    expect((await act('clear')).code).toBe(Code.OK);
    expect((await post<AlarmRow>('/admin/device/alarm', { method: 'detail', id: raised.id })).data).toMatchObject({ state: 'cleared', active: 0, clear_reason: 'manual', cleared_by: a.username });
    // cleared → acknowledged is not a move of the table.
    const back = await act('acknowledge');
    expect([back.code, back.field]).toEqual([Code.CONFLICT, 'state']);
    // Still breaching: a new alarm (the rule's duration is 0), never a second active one.
    await d.publish('telemetry', { metrics: { clients: 160 } });
    await until('raised again', async () => (await alarms({ device_id: id })).length === 2);
    expect((await alarms({ device_id: id, active: 1 })).length).toBe(1);
  });

  it('keeps each organisation to its own rules and alarms', async () => {
    const [mine] = await alarms();
    expect(mine).toBeTruthy();
    expect(await alarms({}, b.token)).toEqual([]);
    expect((await post('/admin/device/alarm', { method: 'detail', id: mine!.id }, b.token)).code).toBe(Code.NOT_FOUND);
    expect((await post('/admin/device/alarm', { method: 'clear', id: mine!.id }, b.token)).code).toBe(Code.NOT_FOUND);
    const ruleOfA = (await rules())[0]!;
    expect((await post('/admin/device/alarm_rule', { method: 'update', id: ruleOfA.id, threshold: 1 }, b.token)).code).toBe(Code.NOT_FOUND);
    const summaryB = (await post<AlarmSummary>('/admin/device/alarm', { method: 'summary' }, b.token)).data!;
    expect(summaryB.total).toBe(0);
    expect((await post('/admin/device/alarm', { method: 'summary' }, outsider.token)).code).toBe(Code.FORBIDDEN);
    expect(streamed.every((m) => m.type !== 'alarm' || m.org_id === orgA)).toBe(true);
  });

  it('refuses bad rules naming the field', async () => {
    const add = (extra: Record<string, unknown>) => post('/admin/device/alarm_rule', {
      method: 'add', name: 'Bad', metric: 'rx_power_dbm', operator: 'gt', threshold: 0, duration_s: 10, severity: 'minor', ...extra,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ operator: 'outside', threshold: -27 }, 'threshold_high'],
      [{ operator: 'inside', threshold: -8, threshold_high: -27 }, 'threshold_high'],
      [{ family: 'pbx' }, 'metric'],
      [{ metric: 'no_such_metric' }, 'metric'],
      [{ operator: 'about' }, 'operator'],
      [{ severity: 'fatal' }, 'severity'],
      [{ duration_s: -1 }, 'duration_s'],
      [{ threshold: 'high' }, 'threshold'],
      [{ name: '' }, 'name'],
    ];
    for (const [extra, field] of cases) {
      const r = await add(extra);
      expect([r.code, r.field], JSON.stringify(extra)).toEqual([Code.VALIDATION, field]);
    }
    const offline = (await rules()).find((r) => r.metric === 'offline')!;
    const r = await post('/admin/device/alarm_rule', { method: 'update', id: offline.id, family: 'olt', metric: 'cpu' });
    expect([r.code, r.field]).toEqual([Code.VALIDATION, 'metric']);
    expect((await post('/admin/device/alarm', { method: 'add', rule_id: offline.id })).code).not.toBe(Code.OK);
  });
});
