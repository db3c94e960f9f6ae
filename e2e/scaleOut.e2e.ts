import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '@gx/contract';
import { MAX_AGE_MS } from '../apps/server/src/auth/sessionCache';
import { callApi, ok, signInToken, untilRefusedEverywhere } from './support/api';
import { connectDevice, type E2eDevice } from './support/device';
import { useScratchDatabase } from './support/scratchDatabase';
import { startServer, type RunningServer } from './support/server';
import { openStream, type OpenStream } from './support/stream';

/**
 * Issue 17 point 1: three built servers on loopback, one PostgreSQL, one external broker (the machine's Mosquitto),
 * as a deployment at scale runs them. Runs where CI provides TEST_DATABASE_URL and TEST_MQTT_URL.
 */
const base = process.env.TEST_DATABASE_URL;
const broker = process.env.TEST_MQTT_URL;

/**
 * Waits until every instance refuses the token. An instance that missed the change channel would still answer from
 * memory until its safety net (the session cache's MAX_AGE_MS, 30 s) read the session again, so the wait stops well
 * before that: a refusal within it is the channel's doing. How fast it comes is the bench's figure
 * (`bench/revocation.ts`, ≤ 1 s), since tests never assert timings.
 */
const refusedEverywhere = (servers: RunningServer[], token: string) => untilRefusedEverywhere(servers.map((s) => s.url), token, MAX_AGE_MS / 2);

describe.runIf(base && broker)('three instances, one PostgreSQL, one external broker', () => {
  const database = useScratchDatabase(base);
  const servers: RunningServer[] = [];
  const streams: OpenStream[] = [];
  let device: E2eDevice | null = null;
  let admin = '';
  let deviceId = 0;
  let taskId = 0;
  const serial = `SCALE${randomBytes(4).toString('hex').toUpperCase()}`;

  beforeAll(async () => {
    // This run's own shared-subscription group: other deployments on the same broker never see its devices.
    const env = { DATABASE_URL: database(), MQTT_URL: broker!, MQTT_SHARE_GROUP: `e2e_${randomBytes(4).toString('hex')}` };
    // The first migrates and seeds; the others start together on the ready database.
    servers.push(await startServer(env));
    servers.push(...await Promise.all([startServer(env), startServer(env)]));
    admin = await signInToken(servers[0]!.url);
  });
  afterAll(async () => {
    for (const s of streams) s.stop();
    await device?.end();
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('a session made on one instance is valid on all; logout, a password change or a disabled account refuse it on every instance by the change channel', async () => {
    const [a, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    for (const s of servers) expect((await callApi(s.url, '/admin/index/info', {}, admin)).code).toBe(200);

    const leaving = await signInToken(b.url);
    await ok(a.url, '/admin/index/logout', {}, leaving);
    await refusedEverywhere(servers, leaving);

    const password = md5('Scale@12345');
    const user = await ok<{ id: number }>(a.url, '/admin/system/user', { method: 'add', username: 'scale_user', password }, admin);
    const [first, second] = [await signInToken(b.url, 'scale_user', 'Scale@12345'), await signInToken(c.url, 'scale_user', 'Scale@12345')];
    for (const s of servers) expect((await callApi(s.url, '/admin/index/info', {}, first)).code).toBe(200);
    await ok(c.url, '/admin/system/personal_data', { method: 'change_password', id: user.id, password, new_password: md5('Scale@67890') }, second);
    await refusedEverywhere(servers, first);
    // The session that changed it carries on, everywhere.
    for (const s of servers) expect((await callApi(s.url, '/admin/index/info', {}, second)).code).toBe(200);

    await ok(b.url, '/admin/system/user', { method: 'disable', id: user.id }, admin);
    await refusedEverywhere(servers, second);
  });

  it('splits device traffic between instances and handles each message once; commands and pushes cross instances', async () => {
    const [a, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    for (const s of servers) streams.push(await openStream(s.url, admin));
    const added = await ok<{ id: number }>(a.url, '/admin/device/binding', { method: 'add', serial, family: 'ig' }, admin);
    deviceId = added.id;

    device = await connectDevice(broker!, serial);
    // The device's presence, read by whichever instance its messages reached, is pushed to consoles on all three.
    for (const s of streams) {
      await expect.poll(() => s.messages.some((m) => m.type === 'device' && m.id === deviceId && m.online === 1)).toBe(true);
    }

    // A command queued through one instance reaches the device through the broker; its answer, handled by any
    // instance, is pushed to every console and read back from another.
    const sent = await ok<{ list: { id: number }[] }>(b.url, '/admin/device/command', { method: 'send', ids: [deviceId], name: 'restart', params: {} }, admin);
    const commandId = sent.list[0]!.id;
    for (const s of streams) {
      await expect.poll(() => s.messages.some((m) => m.type === 'command' && m.id === commandId && m.state === 'succeeded')).toBe(true);
    }
    expect((await ok<{ state: string }>(c.url, '/admin/device/command', { method: 'detail', id: commandId }, admin)).state).toBe('succeeded');
    expect(device.commands.filter((m) => m.id === commandId)).toHaveLength(1);

    // 40 events through the shared subscription: split between the instances, every one stored, none twice.
    const taken = async () => Promise.all(servers.map(async (s) => ((await (await fetch(`${s.url}/healthz`)).json()) as { device_messages: number }).device_messages));
    const before = await taken();
    const codes = Array.from({ length: 40 }, (_, i) => `scale_${i}`);
    for (const code of codes) await device.publish('event', { level: 'info', code, msg: code });
    const stored = async () => (await ok<{ list: { code: string }[] }>(c.url, '/admin/device/event', { method: 'list', device_id: deviceId, size: 100 }, admin))
      .list.map((e) => e.code).filter((code) => code.startsWith('scale_')).sort();
    await expect.poll(async () => (await stored()).length).toBeGreaterThanOrEqual(codes.length);
    expect(await stored()).toEqual([...codes].sort());
    const shares = (await taken()).map((n, i) => n - before[i]!);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(codes.length);
    expect(shares.filter((n) => n > 0).length, `messages taken per instance: ${shares.join(', ')}`).toBeGreaterThanOrEqual(2);
  });

  it('runs a timed task once, whichever instance claims it', async () => {
    const [a] = servers as [RunningServer];
    const before = device!.commands.length;
    const task = await ok<{ id: number }>(a.url, '/admin/business/timed_task', {
      method: 'add', name: 'Scale once', schedule_kind: 'once', run_at: new Date(Date.now() + 5_000).toISOString(),
      time_zone: 'Asia/Shanghai', action_kind: 'command', command_name: 'restart', device_ids: [deviceId],
    }, admin);
    taskId = task.id;
    const runs = async (s: RunningServer) => (await ok<{ list: { outcome: string }[] }>(s.url, '/admin/business/timed_task_run', { method: 'list', task_id: taskId }, admin)).list;
    await expect.poll(async () => (await runs(a)).length).toBe(1);
    await expect.poll(() => device!.commands.length).toBe(before + 1);
  });

  it('runs an upgrade campaign across instances: each batch released once, each device upgraded once', async () => {
    const [a, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const ids: number[] = [];
    const played: E2eDevice[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        const s = `SCALEUP${tag}${i}`;
        ids.push((await ok<{ id: number }>(a.url, '/admin/device/binding', { method: 'add', serial: s, family: 'ig' }, admin)).id);
        played.push(await connectDevice(broker!, s));
      }
      // Every instance must see them online before the campaign starts, so no batch waits for a device.
      await expect.poll(async () => (await ok<{ list: { online: number }[] }>(c.url, '/admin/device/binding', { method: 'list', size: 100, serial: `SCALEUP${tag}` }, admin))
        .list.filter((d) => d.online === 1).length).toBe(ids.length);
      const form = new FormData();
      for (const [k, v] of Object.entries({ method: 'upload', version: `9.0.${Date.now() % 100_000}`, family: 'ig', notes: 'scale' })) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(randomBytes(2048))]), 'fw.bin');
      const pkg = (await (await fetch(`${b.url}/v3/admin/upgrade/firmware`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form })).json()) as { code: number; data: { id: number } };
      expect(pkg.code).toBe(200);
      const campaign = await ok<{ id: number }>(b.url, '/admin/upgrade/campaign', {
        method: 'add', name: `Scale ${tag}`, firmware_id: pkg.data.id, device_ids: ids, batch_size: 2, failure_threshold: 0,
      }, admin);
      // Started on one instance; the devices' answers land on any of the three, each of which may release the next batch.
      await ok(c.url, '/admin/upgrade/campaign', { method: 'start', id: campaign.id }, admin);
      await expect.poll(async () => (await ok<{ state: string }>(a.url, '/admin/upgrade/campaign', { method: 'detail', id: campaign.id }, admin)).state, { timeout: 60_000 })
        .toBe('completed');
      const upgrades = played.map((d) => d.commands.filter((m) => m.name === 'upgrade'));
      // One command per device (a repeated id would be the same command delivered again, and is not expected here).
      expect(upgrades.map((list) => new Set(list.map((m) => m.id)).size)).toEqual(Array(ids.length).fill(1));
      // And so the platform recorded it: one upgrade command per device, succeeded.
      for (const id of ids) {
        const list = (await ok<{ list: { name: string; state: string }[] }>(b.url, '/admin/device/command', { method: 'list', device_id: id, size: 100 }, admin)).list;
        expect(list.filter((m) => m.name === 'upgrade').map((m) => m.state)).toEqual(['succeeded']);
      }
    } finally {
      await Promise.all(played.map((d) => d.end()));
    }
  });

  it('loses nothing acknowledged when an instance is killed mid-run; devices and consoles carry on through the others', async () => {
    const [a, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    // Consoles keep writing through b and c while b is killed: every answered write must be there afterwards.
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const name = `scale-group-${i}`;
        const via = i % 2 ? b : c;
        try {
          const r = await callApi(via.url, '/admin/device/group', { method: 'add', name }, admin);
          if (r.code === 200) acknowledged.push(name);
        } catch { /* b is gone: not acknowledged */ }
      }
    })();
    await expect.poll(() => acknowledged.length).toBeGreaterThanOrEqual(10);
    b.process.kill('SIGKILL');
    await b.stop();
    const afterKill = acknowledged.length;
    await expect.poll(() => acknowledged.length).toBeGreaterThanOrEqual(afterKill + 10);
    writing = false;
    await writer;
    const groups = new Set<string>();
    for (let page = 1; ; page++) {
      const { list } = await ok<{ list: { name: string }[] }>(a.url, '/admin/device/group', { method: 'list', page, size: 100 }, admin);
      for (const g of list) groups.add(g.name);
      if (list.length < 100) break;
    }
    expect(acknowledged.filter((name) => !groups.has(name))).toEqual([]);

    // b's console stream ended with it; those on a and c carry on.
    const [sa, sb, sc] = streams as [OpenStream, OpenStream, OpenStream];
    await expect.poll(() => sb.ended()).toBe(true);
    const sent = await ok<{ list: { id: number }[] }>(c.url, '/admin/device/command', { method: 'send', ids: [deviceId], name: 'restart', params: {} }, admin);
    const commandId = sent.list[0]!.id;
    for (const s of [sa, sc]) {
      await expect.poll(() => s.messages.some((m) => m.type === 'command' && m.id === commandId && m.state === 'succeeded')).toBe(true);
    }
    // Device traffic is now split between the two left: every message still handled once.
    const codes = Array.from({ length: 20 }, (_, i) => `after_${i}`);
    for (const code of codes) await device!.publish('event', { level: 'info', code, msg: code });
    const stored = async () => (await ok<{ list: { code: string }[] }>(a.url, '/admin/device/event', { method: 'list', device_id: deviceId, size: 100 }, admin))
      .list.map((e) => e.code).filter((code) => code.startsWith('after_')).sort();
    await expect.poll(async () => (await stored()).length).toBeGreaterThanOrEqual(codes.length);
    expect(await stored()).toEqual([...codes].sort());
    expect((await ok<{ online: number }>(c.url, '/admin/device/binding', { method: 'detail', id: deviceId }, admin)).online).toBe(1);

    // The timed task ran once in all, through everything above.
    const runs = (await ok<{ list: unknown[] }>(c.url, '/admin/business/timed_task_run', { method: 'list', task_id: taskId }, admin)).list;
    expect(runs).toHaveLength(1);
  });
});
