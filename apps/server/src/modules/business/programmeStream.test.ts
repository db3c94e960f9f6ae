import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { Code, PROGRAMME_PATH, TEMPLATE_PATH, defaultLayoutFor, type Page } from '@gx/contract';
import { deviceCommands } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { playDevice, until, type PlayedDevice } from '../equipment/testing';
import { runProgrammeStream, type StreamDeps } from './programmeStreamRunner';
import { programmeStreamScreens, programmeStreamSwitches } from './programmeStreamTables';

/**
 * The programme stream: entries switch screens as their windows open and close (a `play` command, as publishing
 * sends, to a screen played with a real MQTT client), the higher priority winning, a window running past midnight,
 * disabled entries ignored, every switch logged, each switch made once however many instances tick.
 */
const STREAM = '/admin/business/programme_stream';
const LOG = '/admin/business/programme_stream_log';
/** Shanghai is UTC+8 all year: 08:30 there is 00:30 UTC. Wednesday 10 June 2026. */
const DAY = '2026-06-10';
const at = (utc: string) => new Date(`${utc}Z`);

interface EntryRow { id: number; name: string; on_screens: number; next_change: string | null; programme_name: string; status: number }
interface SwitchRow { id: number; device_id: number; kind: string; entry_id: number | null; from_programme: string | null; to_programme: string | null; command_id: number | null; command_state: string | null }

describe.each(engines)('programme stream (%s)', (engine) => {
  let t: TestApp;
  let clock = at(`${DAY}T00:30:00`);
  let staff: MadeUser;
  let outsider: MadeUser;
  let deps: StreamDeps;
  let screen1: PlayedDevice;
  let s1: number;
  let s2: number;
  let gateway: number;
  let foreignScreen: number;
  const p: Record<'morning' | 'promo' | 'lobby' | 'foreign', number> = { morning: 0, promo: 0, lobby: 0, foreign: 0 };

  const call = <T = unknown>(path: string, body: Record<string, unknown>, who: MadeUser = staff) => t.post<T>(path, body, { token: who.token });
  const device = async (who: MadeUser, family: string) => {
    const r = await call<{ id: number; secret: string; serial: string }>('/admin/device/binding', { method: 'add', serial: `PS${randomBytes(5).toString('hex').toUpperCase()}`, family }, who);
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };
  const programme = async (who: MadeUser, name: string) => {
    const tpl = await call<{ id: number }>(TEMPLATE_PATH, { method: 'save', name, preset: 'hotel', layout: defaultLayoutFor('hotel') }, who);
    expect(tpl.code, tpl.msg).toBe(200);
    const r = await call<{ id: number }>(PROGRAMME_PATH, { method: 'save', name, start: '00:00', end: '00:00', items: [{ template_id: tpl.data!.id, seconds: 10 }] }, who);
    expect(r.code, r.msg).toBe(200);
    return r.data!.id;
  };
  const entry = (over: Record<string, unknown>) => ({
    method: 'add', name: 'Entry', programme_id: p.morning, device_ids: [s1], start_date: DAY, end_date: DAY,
    start_time: '09:00', end_time: '12:00', days: [1, 2, 3, 4, 5, 6, 7], priority: 0, time_zone: 'Asia/Shanghai', ...over,
  });
  const add = async (over: Record<string, unknown>) => {
    const r = await call<{ id: number }>(STREAM, entry(over));
    expect(r.code, `${r.msg} ${r.field ?? ''}`).toBe(200);
    return r.data!.id;
  };
  const tick = async (utc: string) => {
    clock = at(utc);
    return runProgrammeStream(deps);
  };
  const switchesOf = (deviceId: number) => t.database.db.select().from(programmeStreamSwitches)
    .where(eq(programmeStreamSwitches.deviceId, deviceId)).orderBy(asc(programmeStreamSwitches.id));
  const holdOf = async (deviceId: number) => (await t.database.db.select().from(programmeStreamScreens).where(eq(programmeStreamScreens.deviceId, deviceId)))[0];
  const plays = (deviceId: number) => t.database.db.select().from(deviceCommands)
    .where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.name, 'play'))).orderBy(asc(deviceCommands.id));
  const entryRow = async (id: number) => (await call<EntryRow>(STREAM, { method: 'detail', id })).data!;

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto' }, services: { now: () => clock } });
    staff = await makeUser(t, await makeOrg(t, 'Stream A'), 'all');
    outsider = await makeUser(t, await makeOrg(t, 'Stream B'), 'all');
    const d1 = await device(staff, 'screen');
    s1 = d1.id;
    s2 = (await device(staff, 'screen')).id;
    gateway = (await device(staff, 'ig')).id;
    foreignScreen = (await device(outsider, 'screen')).id;
    p.morning = await programme(staff, 'Morning');
    p.promo = await programme(staff, 'Promo');
    p.lobby = await programme(staff, 'Lobby');
    p.foreign = await programme(outsider, 'Theirs');
    const serial = (await call<{ serial: string }>('/admin/device/binding', { method: 'detail', id: s1 })).data!.serial;
    screen1 = await playDevice(t.app.deviceChannel.transport.address()!, serial, d1.secret);
    await screen1.publish('hello', { type: 'screen', model: 'CS-1', fw: '1.0.0', hw: 'A1', mac: '00:11:22:33:44:66', ip: '10.0.0.9', heartbeat_s: 3600 });
    await until('the screen online', async () => (await call<{ online: number }>('/admin/device/binding', { method: 'detail', id: s1 })).data!.online === 1);
    // The lobby programme was published to screen 1 by hand: what it goes back to when the stream lets it go.
    expect((await call(PROGRAMME_PATH, { method: 'publish', id: p.lobby, screens: [{ device_id: s1, fields: { room: '101' } }] })).code).toBe(200);
    deps = { db: t.database.db, now: () => clock, publicUrl: undefined, delivery: () => t.app.deviceChannel, onError: (err) => { throw err; } };
  });
  afterAll(async () => {
    await screen1?.end();
    await t?.close();
  });

  it('refuses bad entries naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ end_date: '2026-06-09' }, Code.VALIDATION, 'end_date'],
      [{ start_date: '2026-02-30' }, Code.VALIDATION, 'start_date'],
      [{ start_date: '10/06/2026' }, Code.VALIDATION, 'start_date'],
      [{ start_time: '9:00' }, Code.VALIDATION, 'start_time'],
      [{ end_time: '24:00' }, Code.VALIDATION, 'end_time'],
      [{ days: [] }, Code.VALIDATION, 'days'],
      [{ days: [1, 8] }, Code.VALIDATION, 'days'],
      [{ days: [0] }, Code.VALIDATION, 'days.0'],
      [{ time_zone: 'Mars/Olympus' }, Code.VALIDATION, 'time_zone'],
      [{ priority: 1001 }, Code.VALIDATION, 'priority'],
      [{ device_ids: [] }, Code.VALIDATION, 'device_ids'],
      [{ device_ids: [gateway] }, Code.VALIDATION, 'device_ids'],
      // Another organisation's programme and screen are not the caller's to name.
      [{ programme_id: p.foreign }, Code.VALIDATION, 'programme_id'],
      [{ device_ids: [foreignScreen] }, Code.NOT_FOUND, 'device_ids'],
    ];
    for (const [over, code, field] of cases) {
      const r = await call(STREAM, entry({ name: 'Bad', ...over }));
      expect([r.code, r.field], JSON.stringify(over)).toEqual([code, field]);
    }
    const listed = await call<Page<EntryRow>>(STREAM, { method: 'list', name: 'Bad' });
    expect(listed.data!.total).toBe(0);
    // An update is checked merged onto the row: the end date moved before the stored start is refused.
    const id = await add({ name: 'Checked', start_date: '2026-07-01', end_date: '2026-07-02' });
    expect(await call(STREAM, { method: 'update', id, end_date: '2026-06-30' })).toMatchObject({ code: Code.VALIDATION, field: 'end_date' });
    expect((await call(STREAM, { method: 'update', id, end_date: '2026-07-01' })).code).toBe(200);
    expect((await call(STREAM, { method: 'remove', id })).code).toBe(200);
  });

  it('keeps entries, switches and pickers to their organisation', async () => {
    const id = await add({ name: 'Private', start_date: '2027-01-01', end_date: '2027-01-01' });
    expect((await call<Page<EntryRow>>(STREAM, { method: 'list' }, outsider)).data!.list).toEqual([]);
    expect((await call(STREAM, { method: 'detail', id }, outsider)).code).toBe(Code.NOT_FOUND);
    expect((await call(STREAM, { method: 'update', id, name: 'Mine' }, outsider)).code).toBe(Code.NOT_FOUND);
    const theirs = await call(STREAM, entry({ name: 'Theirs', programme_id: p.foreign, device_ids: [s1] }), outsider);
    expect([theirs.code, theirs.field]).toEqual([Code.NOT_FOUND, 'device_ids']);
    const ours = await call(STREAM, entry({ name: 'Theirs', programme_id: p.morning, device_ids: [foreignScreen] }), outsider);
    expect([ours.code, ours.field]).toEqual([Code.VALIDATION, 'programme_id']);
    const options = (await call<{ programmes: { id: number }[]; screens: { id: number }[] }>(STREAM, { method: 'options' }, outsider)).data!;
    expect(options.programmes.map((x) => x.id)).toEqual([p.foreign]);
    expect(options.screens.map((x) => x.id)).toEqual([foreignScreen]);
    const mine = (await call<{ programmes: { id: number }[]; screens: { id: number }[] }>(STREAM, { method: 'options' })).data!;
    expect(mine.screens.map((x) => x.id).sort()).toEqual([s1, s2].sort());
    expect((await call(STREAM, { method: 'remove', id })).code).toBe(200);
  });

  let morning = 0;
  let promo = 0;

  it('plays an entry on its screens when its window opens, once however many instances tick, and logs the switch', async () => {
    morning = await add({ name: 'Morning show', device_ids: [s1, s2] });
    // 08:30 in Shanghai: not yet. The list shows when it starts.
    await tick(`${DAY}T00:30:00`);
    expect(await switchesOf(s1)).toEqual([]);
    expect(await entryRow(morning)).toMatchObject({ on_screens: 0, next_change: `${DAY}T01:00:00.000Z`, programme_name: 'Morning' });
    // 09:00:10: three instances tick at once; each screen is switched once.
    clock = at(`${DAY}T01:00:10`);
    await Promise.all([runProgrammeStream(deps), runProgrammeStream(deps), runProgrammeStream(deps)]);
    await runProgrammeStream(deps);
    const [sw] = await switchesOf(s1);
    expect(await switchesOf(s1)).toHaveLength(1);
    expect(await switchesOf(s2)).toHaveLength(1);
    expect(sw).toMatchObject({ kind: 'entry', entryId: morning, fromProgrammeId: p.lobby, toProgrammeId: p.morning });
    // The screen gets the programme as a `play` over MQTT, its render links and bound fields kept.
    const cmd = await until('the play command on the screen', () => screen1.commands.find((c) => c.name === 'play' && (c.params as { programme_id: number }).programme_id === p.morning));
    expect(cmd.id).toBe(sw!.commandId);
    expect((cmd.params as { items: { url: string; seconds: number }[] }).items).toEqual([{ url: expect.stringMatching(/\/screen-render\/[A-Za-z0-9_-]{43}\?item=0$/), seconds: 10 }]);
    expect(await entryRow(morning)).toMatchObject({ on_screens: 2, next_change: `${DAY}T04:00:00.000Z` });
    // The switch log lists it with the command and its state.
    const log = (await call<Page<SwitchRow>>(LOG, { method: 'list', device_id: s1 })).data!.list;
    expect(log).toEqual([expect.objectContaining({ kind: 'entry', entry_id: morning, from_programme: 'Lobby', to_programme: 'Morning', command_id: cmd.id })]);
    expect(['queued', 'sent', 'delivered']).toContain(log[0]!.command_state);
    expect((await call<Page<SwitchRow>>(LOG, { method: 'list' }, outsider)).data!.list).toEqual([]);
    const exported = await call<{ rows: number }>(LOG, { method: 'export', format: 'csv' });
    expect(exported.code, exported.msg).toBe(200);
    expect(exported.data!.rows).toBe(2);
  });

  it('lets the higher priority win where entries overlap on a screen, and goes back as they end', async () => {
    promo = await add({ name: 'Promo hour', programme_id: p.promo, start_time: '10:00', end_time: '11:00', priority: 5 });
    await tick(`${DAY}T02:00:05`);
    expect((await switchesOf(s1)).at(-1)).toMatchObject({ kind: 'entry', entryId: promo, fromProgrammeId: p.morning, toProgrammeId: p.promo });
    // Screen 2 is not in the promotion: left on the morning show.
    expect(await switchesOf(s2)).toHaveLength(1);
    // A lower priority entry starting later does not take a screen a higher one holds.
    await add({ name: 'Low', programme_id: p.lobby, start_time: '10:30', end_time: '10:45', priority: 1 });
    await tick(`${DAY}T02:30:05`);
    expect((await switchesOf(s1)).at(-1)!.entryId).toBe(promo);
    // 11:00: the promotion is over, the morning show is back.
    await tick(`${DAY}T03:00:05`);
    expect((await switchesOf(s1)).at(-1)).toMatchObject({ kind: 'entry', entryId: morning, toProgrammeId: p.morning });
    // 12:00: nothing is on. Screen 1 goes back to the programme published to it by hand; screen 2 had none, so it is
    // let go as it is, with no command.
    const before = (await plays(s2)).length;
    await tick(`${DAY}T04:00:05`);
    expect((await switchesOf(s1)).at(-1)).toMatchObject({ kind: 'default', entryId: morning, fromProgrammeId: p.morning, toProgrammeId: p.lobby });
    expect((await switchesOf(s2)).at(-1)).toMatchObject({ kind: 'released', toProgrammeId: null, commandId: null });
    expect(await plays(s2)).toHaveLength(before);
    expect((await plays(s1)).at(-1)!.params).toMatchObject({ programme_id: p.lobby });
    expect(await holdOf(s1)).toMatchObject({ entryId: null, programmeId: p.lobby });
    expect(await entryRow(morning)).toMatchObject({ on_screens: 0, next_change: null });
    const n = (await switchesOf(s1)).length;
    await tick(`${DAY}T05:00:00`);
    expect(await switchesOf(s1)).toHaveLength(n);
  });

  it('plays a window past midnight until its end the next morning, by the day it starts on', async () => {
    // Wednesdays from 22:00 to 02:00.
    const night = await add({ name: 'Night', programme_id: p.promo, device_ids: [s2], end_date: '', start_time: '22:00', end_time: '02:00', days: [3] });
    await tick(`${DAY}T13:59:00`);
    expect((await switchesOf(s2)).at(-1)!.kind).toBe('released');
    await tick(`${DAY}T14:00:30`);
    expect((await switchesOf(s2)).at(-1)).toMatchObject({ kind: 'entry', entryId: night, toProgrammeId: p.promo });
    const n = (await switchesOf(s2)).length;
    // Thursday 01:30: still Wednesday's window.
    await tick('2026-06-10T17:30:00');
    expect(await switchesOf(s2)).toHaveLength(n);
    expect(await entryRow(night)).toMatchObject({ on_screens: 1, next_change: '2026-06-10T18:00:00.000Z' });
    // Thursday 02:00: over; the screen goes back to what it showed when the stream took it.
    await tick('2026-06-10T18:00:30');
    expect((await switchesOf(s2)).at(-1)).toMatchObject({ kind: 'default', entryId: night, toProgrammeId: p.morning });
    // Thursday 23:00: Thursday is not one of its days.
    await tick('2026-06-11T15:00:00');
    expect(await switchesOf(s2)).toHaveLength(n + 1);
    expect(await entryRow(night)).toMatchObject({ next_change: '2026-06-17T14:00:00.000Z' });

    // Disabled, it is ignored: the next Wednesday night passes with no switch, and it shows no next change.
    expect((await call(STREAM, { method: 'disable', id: night })).code).toBe(200);
    await tick('2026-06-17T15:00:00');
    expect(await switchesOf(s2)).toHaveLength(n + 1);
    expect(await entryRow(night)).toMatchObject({ status: 0, next_change: null });
  });

  it('leaves a programme published by hand during an entry alone, and goes back to it when the entry ends', async () => {
    const day = '2026-06-18';
    const short = await add({ name: 'Short', start_date: day, end_date: day, start_time: '09:00', end_time: '10:00' });
    await tick(`${day}T01:00:05`);
    expect((await switchesOf(s1)).at(-1)).toMatchObject({ kind: 'entry', entryId: short, toProgrammeId: p.morning });
    expect((await call(PROGRAMME_PATH, { method: 'publish', id: p.promo, screens: [{ device_id: s1, fields: {} }] })).code).toBe(200);
    const n = (await switchesOf(s1)).length;
    const sent = (await plays(s1)).length;
    await tick(`${day}T01:30:00`);
    expect(await switchesOf(s1)).toHaveLength(n);
    await tick(`${day}T02:00:05`);
    expect((await switchesOf(s1)).at(-1)).toMatchObject({ kind: 'default', entryId: short, fromProgrammeId: p.promo, toProgrammeId: p.promo, commandId: null });
    expect(await plays(s1)).toHaveLength(sent);
    expect(await holdOf(s1)).toMatchObject({ entryId: null, programmeId: p.promo, defaultProgrammeId: p.promo });
  });

  it('refuses removing a programme a stream entry plays, naming the entry', async () => {
    // The lobby programme is on no screen now, but the low-priority entry plays it.
    const r = await call<{ names: string[] }>(PROGRAMME_PATH, { method: 'remove', id: p.lobby });
    expect(r).toMatchObject({ code: Code.IN_USE, data: { count: 1, names: ['Low'] } });
  });
});
