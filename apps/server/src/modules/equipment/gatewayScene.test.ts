import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code, type CommandMessage } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser } from '../../resources/testing/fixtures';
import { deviceCommands } from '../../db/schema';
import { deviceApi, playDevice, until, type PlayedDevice } from './testing';
import { gatewayScenes } from './sceneTables';
import { runDueScenes, type SceneTriggerDeps } from './sceneTriggers';

/**
 * Smart-control scenes (SPEC §7 `gateway_scene`): the engine's fields, the programme saved whole and checked by
 * field, and the three ways a scene reaches its gateway as a `scene` command — by hand, on its schedule (claimed
 * once however many instances tick) and on the gateway's own event — played with a real MQTT client.
 */
const SCENES = '/admin/device/gateway_scene';
const PLACES = '/admin/device/gateway_place';
const STEPS = [{ target: 'light-1', action: 'on' }, { target: 'curtain-1', action: 'set', value: 40, delay_s: 0 }];

describe.each(engines)('gateway scenes (%s)', (engine) => {
  let t: TestApp;
  let clock = new Date('2026-06-10T08:00:00Z');
  let api: ReturnType<typeof deviceApi>;
  let other: ReturnType<typeof deviceApi>;
  let gateway: PlayedDevice;
  let gatewayId: number;
  let placeId: number;
  const uid = () => `S${randomBytes(5).toString('hex').toUpperCase()}`;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto' }, services: { now: () => clock } });
    api = deviceApi(t, (await makeUser(t, await makeOrg(t, 'Scenes'), 'all')).token);
    other = deviceApi(t, (await makeUser(t, await makeOrg(t, 'Other scenes'), 'all')).token);
    const serial = uid();
    const gw = await api.add(serial, { family: 'ig' });
    gatewayId = gw.id;
    gateway = await playDevice(t.app.deviceChannel.transport.address()!, serial, gw.secret);
    // The longest heartbeat: the clock moves by hours here and the silence sweep must not take the gateway offline.
    await gateway.hello(3600);
    await until('the gateway online', async () => (await api.device(gw.id)).online === 1);
    placeId = (await api.post<{ id: number }>(PLACES, { method: 'add', name: 'Flat 301', gateway_id: gw.id })).data!.id;
  });
  afterAll(async () => {
    await gateway?.end();
    await t?.close();
  });

  const addScene = async (name: string) => {
    const r = await api.post<{ id: number }>(SCENES, { method: 'add', name, place_id: placeId });
    expect(r.code, r.msg).toBe(Code.OK);
    return r.data!.id;
  };
  const program = (body: Record<string, unknown>) => api.post<{ id: number }>(SCENES, { method: 'program', ...body });
  const sceneCommands = (id: number) => gateway.commands.filter((c) => c.name === 'scene' && (c.params as { scene_id: number }).scene_id === id);
  /** Answers a command as the gateway would: ack, then the result. */
  const answer = async (c: CommandMessage) => {
    await gateway.publish('ack', { id: c.id });
    await gateway.publish('result', { id: c.id, ok: true, data: { steps: 2 } });
  };

  it('adds a scene with its fields checked by name, keeps it to its organisation', async () => {
    const noPlace = await api.post(SCENES, { method: 'add', name: 'No place' });
    expect([noPlace.code, noPlace.field]).toEqual([Code.VALIDATION, 'place_id']);
    const long = await api.post(SCENES, { method: 'add', name: 'x'.repeat(65), place_id: placeId });
    expect([long.code, long.field]).toEqual([Code.VALIDATION, 'name']);
    const foreign = await other.post(SCENES, { method: 'add', name: 'Theirs', place_id: placeId });
    expect([foreign.code, foreign.field]).toEqual([Code.NOT_FOUND, 'place_id']);
    const id = await addScene('Welcome home');
    const row = (await api.post<Record<string, unknown>>(SCENES, { method: 'detail', id })).data!;
    expect(row).toMatchObject({ name: 'Welcome home', place_id: placeId, enabled: true, trigger: 'manual', steps: 0, last_state: null });
    expect((await other.post(SCENES, { method: 'detail', id })).code).toBe(Code.NOT_FOUND);
    expect((await other.post(SCENES, { method: 'program', id, trigger: 'manual', actions: STEPS })).code).toBe(Code.NOT_FOUND);
    expect((await other.post(SCENES, { method: 'run', id })).code).toBe(Code.NOT_FOUND);
  });

  it('saves a programme whole, refusing a bad one by field and keeping the last good one', async () => {
    const id = await addScene('Checked');
    const cases: [Record<string, unknown>, string][] = [
      [{ trigger: 'manual', actions: [] }, 'actions'],
      [{ trigger: 'manual', actions: [{ target: 'light 1', action: 'on' }] }, 'actions.0.target'],
      [{ trigger: 'manual', actions: [{ target: 'l1', action: 'set' }] }, 'actions.0.value'],
      [{ trigger: 'manual', actions: [{ target: 'l1', action: 'on', value: 3 }] }, 'actions.0.value'],
      [{ trigger: 'manual', actions: [{ target: 'l1', action: 'dance' }] }, 'actions.0.action'],
      [{ trigger: 'manual', actions: [{ target: 'l1', action: 'on', delay_s: 3601 }] }, 'actions.0.delay_s'],
      [{ trigger: 'schedule', cron: '61 * * * *', time_zone: 'Asia/Shanghai', actions: STEPS }, 'cron'],
      [{ trigger: 'schedule', cron: '0 7 * * *', time_zone: 'Mars/Olympus', actions: STEPS }, 'time_zone'],
      [{ trigger: 'event', event_code: 'door open', actions: STEPS }, 'event_code'],
      [{ trigger: 'sometimes', actions: STEPS }, 'trigger'],
    ];
    expect((await program({ id, trigger: 'manual', actions: STEPS })).code).toBe(Code.OK);
    for (const [body, field] of cases) {
      const r = await program({ id, ...body });
      expect([r.code, r.field], JSON.stringify(body)).toEqual([Code.VALIDATION, field]);
    }
    const row = (await api.post<{ actions: unknown; trigger: string; steps: number }>(SCENES, { method: 'detail', id })).data!;
    expect(row).toMatchObject({ trigger: 'manual', steps: 2, actions: STEPS });
  });

  it('runs by hand: the gateway gets the steps as `scene`, and the run shows its result', async () => {
    const id = await addScene('Good night');
    const empty = await api.post(SCENES, { method: 'run', id });
    expect([empty.code, empty.field]).toEqual([Code.VALIDATION, 'actions']);
    expect((await program({ id, trigger: 'manual', actions: STEPS })).code).toBe(Code.OK);
    const run = await api.post<{ command_id: number }>(SCENES, { method: 'run', id });
    expect(run.code, run.msg).toBe(Code.OK);
    const [cmd] = await until('the scene command', () => (sceneCommands(id).length ? sceneCommands(id) : null));
    expect(cmd!.id).toBe(run.data!.command_id);
    expect(cmd!.params).toEqual({ scene_id: id, name: 'Good night', actions: STEPS });
    await answer(cmd!);
    await until('the run succeeded', async () => (await api.post<{ last_state: string }>(SCENES, { method: 'detail', id })).data!.last_state === 'succeeded');
  });

  it('runs on its schedule once per due time, however many instances tick; skips while disabled', async () => {
    const id = await addScene('Morning');
    expect((await program({ id, trigger: 'schedule', cron: '30 7 * * *', time_zone: 'Asia/Shanghai', actions: STEPS })).code).toBe(Code.OK);
    const [s] = await t.database.db.select().from(gatewayScenes).where(eq(gatewayScenes.id, id));
    // 07:30 in Shanghai is 23:30 UTC.
    expect(s!.nextRunAt?.toISOString()).toBe('2026-06-10T23:30:00.000Z');
    clock = new Date('2026-06-10T23:30:20Z');
    const deps: SceneTriggerDeps = { db: t.database.db, now: () => clock, delivery: () => t.app.deviceChannel, onError: (e) => { throw e; } };
    // Three instances at once, besides the server's own ticker.
    await Promise.all([runDueScenes(deps), runDueScenes(deps), runDueScenes(deps)]);
    await until('the scheduled command', () => sceneCommands(id).length > 0);
    const made = await t.database.db.select({ id: deviceCommands.id }).from(deviceCommands)
      .where(and(eq(deviceCommands.deviceId, gatewayId), eq(deviceCommands.name, 'scene')));
    expect(made.filter((c) => sceneCommands(id).some((x) => x.id === c.id))).toHaveLength(1);
    const [after] = await t.database.db.select().from(gatewayScenes).where(eq(gatewayScenes.id, id));
    expect(after!.nextRunAt?.toISOString()).toBe('2026-06-11T23:30:00.000Z');
    expect(await runDueScenes(deps)).toBe(0);

    expect((await api.post(SCENES, { method: 'update', id, enabled: false })).code).toBe(Code.OK);
    const [off] = await t.database.db.select().from(gatewayScenes).where(eq(gatewayScenes.id, id));
    expect(off!.nextRunAt).toBeNull();
    clock = new Date('2026-06-11T23:30:10Z');
    expect(await runDueScenes(deps)).toBe(0);
    expect((await api.post(SCENES, { method: 'update', id, enabled: true })).code).toBe(Code.OK);
    const [on] = await t.database.db.select().from(gatewayScenes).where(eq(gatewayScenes.id, id));
    expect(on!.nextRunAt?.toISOString()).toBe('2026-06-12T23:30:00.000Z');
  });

  it("runs on the gateway's event, once per event", async () => {
    const id = await addScene('Door opened');
    expect((await program({ id, trigger: 'event', event_code: 'door_open', actions: [{ target: 'hall-light', action: 'on' }] })).code).toBe(Code.OK);
    await gateway.publish('event', { level: 'info', code: 'door_bell', msg: 'ring' });
    await gateway.publish('event', { level: 'info', code: 'door_open', msg: 'front door' });
    const [cmd] = await until('the event-triggered command', () => (sceneCommands(id).length ? sceneCommands(id) : null));
    expect(cmd!.params).toMatchObject({ scene_id: id, actions: [{ target: 'hall-light', action: 'on' }] });
    // The bell rang first and ran nothing; the door ran the scene once.
    await until('the event logged', async () => (await api.events(gatewayId)).some((e) => e.code === 'door_open'));
    expect(sceneCommands(id)).toHaveLength(1);
  });
});
