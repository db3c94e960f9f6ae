import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Code, type Page } from '@gx/contract';
import { deviceCommands, devices } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { until } from '../equipment/testing';
import { runDueTasks, type RunnerDeps } from './timedTaskRunner';
import { timedTaskRuns, timedTasks } from './timedTaskTables';

const TASK = '/admin/business/timed_task';
const RUN = '/admin/business/timed_task_run';
const MIN = 60_000;

interface TaskRow { id: number; next_run_at: string | null; last_run_at: string | null; last_outcome: string | null; status: number }

describe.each(engines)('timed tasks (%s)', (engine) => {
  let t: TestApp;
  /** The app's clock: tests move it; the runner (the app's own ticks and ours) reads it. */
  let clock = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 7 * MIN);
  let orgA: number;
  let orgB: number;
  let staff: MadeUser;
  let outsider: MadeUser;
  let devA: number[];
  let devB: number;
  let runner: RunnerDeps;

  beforeAll(async () => {
    t = await startTestApp({ engine, services: { now: () => clock } });
    orgA = await makeOrg(t, 'Timed A');
    orgB = await makeOrg(t, 'Timed B');
    staff = await makeUser(t, orgA, 'all');
    outsider = await makeUser(t, orgB, 'all');
    const rows = await t.database.db.insert(devices).values([
      { orgId: orgA, serial: `TT-${engine}-A1`, family: 'ap', model: 'AP-1', secretHash: 'x' },
      { orgId: orgA, serial: `TT-${engine}-A2`, family: 'ap', model: 'AP-2', secretHash: 'x' },
      { orgId: orgA, serial: `TT-${engine}-A3`, family: 'ig', model: 'IG-1', secretHash: 'x' },
      { orgId: orgB, serial: `TT-${engine}-B1`, family: 'ap', model: 'AP-1', secretHash: 'x' },
    ]).returning({ id: devices.id });
    devA = rows.slice(0, 3).map((r) => r.id);
    devB = rows[3]!.id;
    runner = { db: t.database.db, now: () => clock, delivery: () => null, onError: (err) => { throw err; } };
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    // Tasks of earlier tests stop, so each test counts only its own runs.
    await t.database.db.update(timedTasks).set({ status: 0, nextRunAt: null });
  });

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = staff.token) => t.post<T>(path, body, { token });
  const add = async (body: Record<string, unknown>, token = staff.token) => {
    const r = await call<{ id: number }>(TASK, { method: 'add', name: 'Task', cron: '0 3 * * *', time_zone: 'Asia/Shanghai', command_name: 'restart', filter_family: 'ap', ...body }, token);
    expect(r.code, JSON.stringify(r)).toBe(200);
    return r.data!.id;
  };
  const row = async (id: number) => (await call<TaskRow>(TASK, { method: 'detail', id })).data!;
  const runsOf = (id: number) => t.database.db.select().from(timedTaskRuns).where(eq(timedTaskRuns.taskId, id)).orderBy(timedTaskRuns.id);
  const commandsOf = async (batch: string) => t.database.db.select().from(deviceCommands).where(eq(deviceCommands.batch, batch));
  const lanTemplate = async (token: string) => {
    const r = await call<{ id: number }>('/admin/device/lan_template', { method: 'add', name: `LAN ${Math.random()}`, lan_ports: 4, vlan: 100, dhcp: true }, token);
    expect(r.code, JSON.stringify(r)).toBe(200);
    return r.data!.id;
  };
  const at = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

  describe('validation names the field', () => {
    it.each([
      [{ cron: '61 * * * *' }, 'cron'],
      [{ cron: '0 0 31 2 *' }, 'cron'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ schedule_kind: 'once', cron: '' }, 'run_at'],
      [{ schedule_kind: 'once', run_at: '2001-01-01T00:00:00Z' }, 'run_at'],
      [{ command_name: 'diagnose', command_params: '{"kind":"ping"}' }, 'command_params.host'],
      [{ command_name: 'diagnose', command_params: '{nope' }, 'command_params'],
      [{ command_name: 'restart', command_params: '{"x":1}' }, 'command_params'],
      [{ filter_family: undefined }, 'device_ids'],
      [{ device_ids: [1], filter_family: 'ap' }, 'device_ids'],
      [{ action_kind: 'template', command_name: undefined, template_kind: 'ap' }, 'template_id'],
      [{ action_kind: 'template', template_kind: 'ap', template_id: 999_999, filter_family: undefined }, 'template_id'],
    ])('%j → %s', async (body, field) => {
      const r = await call(TASK, { method: 'add', name: 'Bad', cron: '0 3 * * *', time_zone: 'Asia/Shanghai', command_name: 'restart', filter_family: 'ap', ...body });
      expect(r.code).not.toBe(200);
      expect(r.field).toBe(field);
    });

    it('answers the rule in the caller language, naming the field by its label', async () => {
      const en = await t.post(TASK, { method: 'add', name: 'Bad', cron: '* *', time_zone: 'UTC', command_name: 'restart', filter_family: 'ap' }, { token: staff.token, headers: { 'accept-language': 'en' } });
      expect(en).toMatchObject({ code: Code.VALIDATION, field: 'cron' });
      expect(en.msg).toContain('five fields');
      const zh = await t.post(TASK, { method: 'add', name: 'Bad', cron: '* *', time_zone: 'UTC', command_name: 'restart', filter_family: 'ap' }, { token: staff.token, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.msg).toContain('Cron');
    });
  });

  it('shows the next run in the list, computed in the task time zone', async () => {
    const id = await add({ name: 'Shanghai three', cron: '0 3 * * *', time_zone: 'Asia/Shanghai' });
    const list = await call<Page<TaskRow>>(TASK, { method: 'list', name: 'Shanghai three' });
    const r = list.data!.list.find((x) => x.id === id)!;
    const next = new Date(r.next_run_at!);
    expect(next.getTime()).toBeGreaterThan(clock.getTime());
    expect(next.getTime() - clock.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
    expect((next.getUTCHours() + 8) % 24).toBe(3);
    expect(next.getUTCMinutes()).toBe(0);
  });

  it('checks an update merged onto the task and moves the next run when the schedule changes', async () => {
    const id = await add({ name: 'Edited', cron: '0 3 * * *', time_zone: 'UTC' });
    expect(await call(TASK, { method: 'update', id, command_name: 'diagnose' })).toMatchObject({ code: Code.VALIDATION, field: 'command_params.kind' });
    expect(await call(TASK, { method: 'update', id, cron: '0 3 * *' })).toMatchObject({ code: Code.VALIDATION, field: 'cron' });
    expect((await call(TASK, { method: 'update', id, cron: '15 4 * * *' })).code).toBe(200);
    const next = new Date((await row(id)).next_run_at!);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([4, 15]);
    expect(next.getTime() - clock.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('creates the commands of a due run once, advances the next run and records the run', async () => {
    const id = await add({ name: 'Every minute', cron: '* * * * *', command_name: 'diagnose', command_params: '{"kind":"ping","host":"10.0.0.1","count":3}', filter_family: 'ap' });
    const due = at((await row(id)).next_run_at)!;
    clock = new Date(due + 1000);
    await runDueTasks(runner);
    await runDueTasks(runner);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'done', devices: 2, dueAt: new Date(due) });
    const cmds = await commandsOf(runs[0]!.batch);
    expect(cmds.map((c) => c.deviceId).sort()).toEqual(devA.slice(0, 2).sort());
    expect(cmds.every((c) => c.name === 'diagnose' && c.state === 'queued' && c.orgId === orgA)).toBe(true);
    expect(cmds[0]!.params).toEqual({ kind: 'ping', host: '10.0.0.1', count: 3 });
    const after = await row(id);
    expect(at(after.next_run_at)).toBe(due + MIN);
    expect(after.last_outcome).toBe('done');
    // The run history lists it with its commands counted by state.
    const listed = await call<Page<{ task_id: number; outcome: string; devices: number; active: number; batch: string }>>(RUN, { method: 'list', task_id: id });
    expect(listed.data!.list).toEqual([expect.objectContaining({ task_id: id, outcome: 'done', devices: 2, active: 2, batch: runs[0]!.batch })]);
  });

  it("runs due tasks by itself: the area's runner ticks with the server", async () => {
    const id = await add({ name: 'By itself', cron: '* * * * *' });
    const due = at((await row(id)).next_run_at)!;
    clock = new Date(due + 1000);
    const runs = await until('the runner to claim the task', async () => ((await runsOf(id)).length ? runsOf(id) : null));
    expect(runs).toMatchObject([{ outcome: 'done', devices: 2 }]);
  });

  it('never runs a due task twice when several runners claim it at once', async () => {
    const id = await add({ name: 'Raced', cron: '*/5 * * * *', device_ids: [devA[0]!], filter_family: undefined });
    const due = at((await row(id)).next_run_at)!;
    clock = new Date(due + 1000);
    const claimed = await Promise.all(Array.from({ length: 6 }, () => runDueTasks(runner)));
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    // The app's own tick may have claimed it too, but only one of all did.
    expect(claimed.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    expect(await commandsOf(runs[0]!.batch)).toHaveLength(1);
  });

  it('skips runs missed while down under `skip`, to the next future run', async () => {
    const id = await add({ name: 'Skipper', cron: '*/10 * * * *', missed_policy: 'skip' });
    const due = at((await row(id)).next_run_at)!;
    clock = new Date(due + 95 * MIN);
    await runDueTasks(runner);
    const runs = await runsOf(id);
    expect(runs).toMatchObject([{ outcome: 'skipped', reason: 'missed', devices: 0, batch: '' }]);
    expect(at((await row(id)).next_run_at)).toBe(due + 100 * MIN);
  });

  it('runs once for all the missed runs under `run_once`, then goes on', async () => {
    const id = await add({ name: 'Catcher', cron: '*/10 * * * *', missed_policy: 'run_once' });
    const due = at((await row(id)).next_run_at)!;
    clock = new Date(due + 95 * MIN);
    await runDueTasks(runner);
    await runDueTasks(runner);
    const runs = await runsOf(id);
    expect(runs).toMatchObject([{ outcome: 'done', devices: 2 }]);
    expect(at((await row(id)).next_run_at)).toBe(due + 100 * MIN);
  });

  it('runs a one-off task once and then has nothing left', async () => {
    const when = new Date(clock.getTime() + 30 * MIN);
    const id = await add({ name: 'Once', schedule_kind: 'once', cron: '', run_at: when.toISOString() });
    expect(at((await row(id)).next_run_at)).toBe(when.getTime());
    clock = new Date(when.getTime() + 1000);
    await runDueTasks(runner);
    expect(await runsOf(id)).toHaveLength(1);
    expect((await row(id)).next_run_at).toBeNull();
  });

  it('does not run a disabled task, and enabling counts from now', async () => {
    const id = await add({ name: 'Paused', cron: '*/5 * * * *' });
    expect((await call(TASK, { method: 'disable', id })).code).toBe(200);
    expect((await row(id)).next_run_at).toBeNull();
    clock = new Date(clock.getTime() + 60 * MIN);
    await runDueTasks(runner);
    expect(await runsOf(id)).toHaveLength(0);
    expect((await call(TASK, { method: 'enable', id })).code).toBe(200);
    const next = at((await row(id)).next_run_at)!;
    expect(next).toBeGreaterThan(clock.getTime());
    expect(await runsOf(id)).toHaveLength(0);
  });

  it('records a failed run when nothing matches, and keeps its schedule', async () => {
    const id = await add({ name: 'No match', cron: '*/5 * * * *', filter_family: undefined, filter_model: 'NO-SUCH-MODEL' });
    const due = at((await row(id)).next_run_at)!;
    clock = new Date(due + 1000);
    await runDueTasks(runner);
    expect(await runsOf(id)).toMatchObject([{ outcome: 'failed', reason: 'no_targets', devices: 0 }]);
    expect(at((await row(id)).next_run_at)).toBe(due + 5 * MIN);
  });

  it('pushes a configuration template on schedule through the template path', async () => {
    const tpl = await lanTemplate(staff.token);
    const id = await add({ name: 'Template push', action_kind: 'template', template_kind: 'lan', template_id: tpl, command_name: undefined, filter_family: undefined, device_ids: [devA[2]!] });
    const due = at((await row(id)).next_run_at)!;
    clock = new Date(due + 1000);
    await runDueTasks(runner);
    const runs = await runsOf(id);
    expect(runs).toMatchObject([{ outcome: 'done', devices: 1 }]);
    expect(await commandsOf(runs[0]!.batch)).toMatchObject([{ name: 'config_push', deviceId: devA[2] }]);
  });

  it('runs a task by hand now, recorded as such, leaving its next scheduled run; a refused action is a failed run', async () => {
    const id = await add({ name: 'By hand', cron: '0 3 * * *', filter_family: 'ap' });
    const next = (await row(id)).next_run_at;
    const r = await call<{ run_id: number; outcome: string; devices: number }>(TASK, { method: 'run_now', id });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ outcome: 'done', devices: 2 });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ id: r.data!.run_id, trigger: 'manual', outcome: 'done', devices: 2 });
    expect((await commandsOf(run!.batch)).map((c) => c.name)).toEqual(['restart', 'restart']);
    expect(await row(id)).toMatchObject({ next_run_at: next, last_outcome: 'done' });
    const listed = await call<Page<{ trigger: string }>>(RUN, { method: 'list', task_id: id, trigger: 'manual' });
    expect(listed.data!.list).toHaveLength(1);

    // No device matches any more: the run is recorded as failed with its reason, not answered as an error.
    const none = await add({ name: 'Nobody', cron: '0 3 * * *', filter_family: 'ap', filter_model: 'NO-SUCH' });
    expect(await call(TASK, { method: 'run_now', id: none })).toMatchObject({ code: 200, data: { outcome: 'failed', reason: 'no_targets', devices: 0 } });
    expect(await call(TASK, { method: 'run_now', id }, outsider.token)).toMatchObject({ code: Code.NOT_FOUND });
    const viewer = await makeUser(t, orgA, ['business.timed_task.list']);
    expect((await call(TASK, { method: 'run_now', id }, viewer.token)).code).toBe(Code.FORBIDDEN);
  });

  describe('tenancy', () => {
    it("refuses another organisation's devices and templates", async () => {
      const r = await call(TASK, { method: 'add', name: 'Foreign', cron: '0 3 * * *', time_zone: 'UTC', command_name: 'restart', device_ids: [devB] });
      expect(r).toMatchObject({ code: Code.NOT_FOUND, field: 'device_ids' });
      const tpl = await lanTemplate(outsider.token);
      const r2 = await call(TASK, { method: 'add', name: 'Foreign tpl', cron: '0 3 * * *', time_zone: 'UTC', action_kind: 'template', template_kind: 'lan', template_id: tpl });
      expect(r2).toMatchObject({ code: Code.NOT_FOUND, field: 'template_id' });
    });

    it("scopes lists, and a run reaches only its organisation's devices", async () => {
      const id = await add({ name: 'Scoped', cron: '*/5 * * * *', filter_family: 'ap' });
      const theirs = await call<Page<TaskRow>>(TASK, { method: 'list' }, outsider.token);
      expect(theirs.data!.list.map((r) => r.id)).not.toContain(id);
      expect((await call(TASK, { method: 'detail', id }, outsider.token)).code).toBe(Code.NOT_FOUND);
      const due = at((await row(id)).next_run_at)!;
      clock = new Date(due + 1000);
      await runDueTasks(runner);
      const [run] = await runsOf(id);
      const cmds = await commandsOf(run!.batch);
      expect(cmds.map((c) => c.deviceId)).not.toContain(devB);
      expect((await call<Page<unknown>>(RUN, { method: 'list', task_id: id }, outsider.token)).data!.list).toEqual([]);
      const ids = cmds.map((c) => c.id);
      expect((await t.database.db.select().from(deviceCommands).where(inArray(deviceCommands.id, ids))).every((c) => c.orgId === orgA)).toBe(true);
    });
  });
});
