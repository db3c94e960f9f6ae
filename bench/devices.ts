// The `devices` bench part (issue 10 §7): heartbeat ingest at N simulated devices beside the bare broker's raw
// throughput, processing lag under a steady heartbeat load, command round trip at 1,000 devices, and server RSS per
// 1,000 connected devices. Loopback only; every phase is bounded in devices, messages and seconds.
import { loadavg } from 'node:os';
import { DEVICE_FAMILIES } from '@gx/contract';
import { provisionDevices } from '@gx/device-sim';
import { ADMIN_PASSWORD, startServer } from '../e2e/support/server';
import { openStream } from '../e2e/support/stream';
import { callApi, signInToken } from '../e2e/support/api';
import { rssMiB } from './memory';
import { child, freePort } from './child';
import type { LoadRequest } from './deviceLoad';

export interface DeviceFigures {
  devices: number;
  connectSeconds: number;
  /** Connections tried (more than devices when the server was too slow to answer CONNACK in 30 s). */
  connects: number;
  ingest: { messages: number; serverPerSecond: number; rawPerSecond: number; ratio: number };
  lag: { offeredPerSecond: number; seconds: number; samples: number; p50ms: number; p99ms: number };
  command: { devices: number; samples: number; p50ms: number; p99ms: number };
  rss: { idleMiB: number; connectedMiB: number; perThousandMiB: number; underLoadMiB: number };
  /** The machine's 1-minute load average when each phase began and ended (the machine is shared). */
  load: { connect: [number, number]; ingest: [number, number]; lag: [number, number]; command: [number, number]; raw: [number, number] };
}

export interface DeviceBenchSize {
  devices: number;
  /** Heartbeats each device sends back to back in the ingest burst. */
  burst: number;
  /** Seconds of steady load (every device beating once a second) while the lag is probed. */
  lagSeconds: number;
  commandDevices: number;
  commands: number;
}

const PROBES = 8;
/** Commands sent before the timed ones (not counted): the first calls of a fresh process compile their code paths. */
const WARMUP_COMMANDS = 10;
export const load1 = () => Math.round((loadavg()[0] ?? 0) * 10) / 10;
/** How often the bench reads a device back through the API while it waits for a marker. */
const POLL_MS = 25;

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0);
}

export function spread(n: number): Map<(typeof DEVICE_FAMILIES)[number], number> {
  return new Map(DEVICE_FAMILIES.map((f, i) => [f, Math.floor(n / DEVICE_FAMILIES.length) + (i < n % DEVICE_FAMILIES.length ? 1 : 0)]));
}

interface DeviceRow { id: number; snapshot: Record<string, number> | null }

async function deviceBySerial(url: string, token: string, serial: string): Promise<DeviceRow> {
  const r = await callApi<{ list: DeviceRow[] }>(url, '/admin/device/binding', { method: 'list', serial, page: 1, size: 1 }, token);
  const row = r.data?.list[0];
  if (!row) throw new Error(`device ${serial} not found: ${r.code} ${r.msg}`);
  return row;
}

async function snapshotOf(url: string, token: string, id: number): Promise<Record<string, number> | null> {
  const r = await callApi<DeviceRow>(url, '/admin/device/binding', { method: 'detail', id }, token);
  return r.data?.snapshot ?? null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureDevices(size: DeviceBenchSize): Promise<DeviceFigures> {
  const mqttPort = await freePort();
  const server = await startServer({ MQTT_PORT: String(mqttPort), DEMO_FLEET: '0', LOG_LEVEL: 'warn' });
  const load = child('./deviceLoad.ts');
  const url = `mqtt://127.0.0.1:${mqttPort}`;
  const pid = server.process.pid ?? 0;
  try {
    console.log(`[bench] devices: provisioning ${size.devices.toLocaleString()} + ${PROBES} probe devices…`);
    const { identities } = await provisionDevices({ api: server.url, username: 'admin', password: ADMIN_PASSWORD, counts: spread(size.devices) });
    const probes = (await provisionDevices({ api: server.url, username: 'admin', password: ADMIN_PASSWORD, counts: new Map([['ig', PROBES]]), prefix: 'PROBE' })).identities;
    const token = await signInToken(server.url);
    await sleep(1500);
    const idleMiB = rssMiB(pid);

    // Quiet fleet (hello says one beat an hour) so the burst below is the only traffic.
    console.log(`[bench] devices: connecting ${identities.length.toLocaleString()} devices…`);
    const connectLoad0 = load1();
    const quiet = { url, heartbeatS: 3600, telemetryS: 3600, connectConcurrency: 50 };
    const connected = await load.ask<LoadRequest>({ op: 'fleet', name: 'main', identities, options: quiet });
    await load.ask<LoadRequest>({ op: 'fleet', name: 'probe', identities: probes, options: quiet });
    // The fleet's hellos and online events are written in batches after CONNACK: wait for the server to settle.
    await sleep(3000);
    const connectedMiB = rssMiB(pid);
    const connectLoad = [connectLoad0, load1()] as [number, number];
    console.log(`[bench] devices: RSS ${idleMiB} → ${connectedMiB} MiB with ${identities.length.toLocaleString()} connected (load ${connectLoad.join(' → ')})`);

    // Ingest: every device sends `burst` heartbeats back to back; done when the last devices' last beats are stored.
    const marker = Date.now() % 1_000_000;
    // Two devices watched, the last one sent and one from the middle; polled gently so the watching costs little.
    const watch = await Promise.all([identities[identities.length >> 1], identities.at(-1)].flatMap((d) => (d ? [deviceBySerial(server.url, token, d.serial)] : [])));
    console.log(`[bench] devices: ingest burst of ${(identities.length * size.burst).toLocaleString()} heartbeats…`);
    const ingestLoad0 = load1();
    const burst = await load.ask<LoadRequest>({ op: 'burst', name: 'main', count: size.burst, marker });
    for (;;) {
      const snaps = await Promise.all(watch.map((w) => snapshotOf(server.url, token, w.id)));
      if (snaps.every((s) => s?.burst === marker && s.seq === size.burst)) break;
      await sleep(POLL_MS);
    }
    const serverMs = Date.now() - burst.at;
    const messages = burst.sent ?? 0;
    const ingestLoad = [ingestLoad0, load1()] as [number, number];
    console.log(`[bench] devices: ${messages.toLocaleString()} heartbeats stored in ${serverMs} ms (load ${ingestLoad.join(' → ')})`);

    // Lag: every device beats once a second; probe devices beat with a marker and we time until it is stored.
    console.log(`[bench] devices: steady ${identities.length.toLocaleString()} heartbeats/s for ${size.lagSeconds}s, probing the lag…`);
    const lagLoad0 = load1();
    await load.ask<LoadRequest>({ op: 'retime', name: 'main', heartbeatS: 1 });
    const probeRows = await Promise.all(probes.map((d) => deviceBySerial(server.url, token, d.serial)));
    const lags: number[] = [];
    const until = Date.now() + size.lagSeconds * 1000;
    let n = 0;
    // One probe at a time, polled every POLL_MS: the probing itself stays a small share of the server's work.
    while (Date.now() < until) {
      const i = n++ % probes.length;
      const row = probeRows[i];
      if (!row) continue;
      const sent = await load.ask<LoadRequest>({ op: 'beat', name: 'probe', index: i, marker: n });
      while ((await snapshotOf(server.url, token, row.id))?.probe !== n) await sleep(POLL_MS);
      lags.push(Date.now() - sent.at);
    }
    const loadedMiB = rssMiB(pid);
    const lagLoad = [lagLoad0, load1()] as [number, number];
    console.log(`[bench] devices: lag p50 ${percentile(lags, 50)} / p99 ${percentile(lags, 99)} ms over ${lags.length} probes (load ${lagLoad.join(' → ')})`);
    await load.ask<LoadRequest>({ op: 'stop', name: 'main' });

    // Command round trip: 1,000 devices online, one diagnose at a time, send → result seen on the live stream.
    console.log(`[bench] devices: ${size.commands} commands, one at a time, to ${size.commandDevices} devices…`);
    const cmdFleet = identities.slice(0, size.commandDevices);
    await load.ask<LoadRequest>({ op: 'fleet', name: 'cmd', identities: cmdFleet, options: { url, heartbeatS: 30, telemetryS: 60 } });
    // Unloaded: the rest of the fleet has gone offline and these devices are back online (both written), and
    // the count held for a second.
    for (let held = 0; held < 2;) {
      const r = await callApi<{ total: number }>(server.url, '/admin/device/binding', { method: 'list', online: 1, page: 1, size: 1 }, token);
      held = r.data?.total === cmdFleet.length + PROBES ? held + 1 : 0;
      await sleep(1000);
    }
    const done = new Map<number, () => void>();
    const stream = await openStream(server.url, token, (m) => {
      if (m.type === 'command' && (m.state === 'succeeded' || m.state === 'failed')) done.get(m.id)?.();
    });
    const rtts: number[] = [];
    const rows = await Promise.all(cmdFleet.slice(0, Math.min(cmdFleet.length, size.commands)).map((d) => deviceBySerial(server.url, token, d.serial)));
    const commandLoad0 = load1();
    for (let i = -WARMUP_COMMANDS; i < size.commands; i++) {
      const row = rows[i % rows.length];
      if (!row) continue;
      const t0 = performance.now();
      let resolveDone: () => void = () => {};
      const finished = new Promise<void>((r) => { resolveDone = r; });
      const r = await callApi<{ list: { id: number }[] }>(server.url, '/admin/device/command', { method: 'send', ids: [row.id], name: 'diagnose', params: { kind: 'ping', host: '10.0.0.1', count: 1 } }, token);
      const id = r.data?.list[0]?.id;
      if (r.code !== 200 || !id) throw new Error(`command send: ${r.code} ${r.msg}`);
      done.set(id, resolveDone);
      await finished;
      if (i >= 0) rtts.push(performance.now() - t0);
      done.delete(id);
    }
    stream.stop();
    const commandLoad = [commandLoad0, load1()] as [number, number];
    console.log(`[bench] devices: command round trip p50 ${percentile(rtts, 50)} / p99 ${percentile(rtts, 99)} ms (load ${commandLoad.join(' → ')})`);
    await load.ask<LoadRequest>({ op: 'stop', name: 'cmd' });
    await load.ask<LoadRequest>({ op: 'stop', name: 'probe' });
    await server.stop();

    // The same broker with no server logic, the same fleet and burst, in the same run.
    console.log('[bench] devices: the bare broker, same fleet and burst…');
    const bare = child('./bareBroker.ts');
    const rawLoad0 = load1();
    const rawPerSecond = await (async () => {
      try {
        const ready = await bare.reply(-1);
        const bareUrl = `mqtt://127.0.0.1:${ready.port ?? 0}`;
        await load.ask<LoadRequest>({ op: 'fleet', name: 'raw', identities, options: { ...quiet, url: bareUrl } });
        const reached = bare.ask({ expect: identities.length * size.burst });
        const rawBurst = await load.ask<LoadRequest>({ op: 'burst', name: 'raw', count: size.burst, marker });
        const end = await reached;
        await load.ask<LoadRequest>({ op: 'stop', name: 'raw' });
        return Math.round(((rawBurst.sent ?? 0) / Math.max(1, end.at - rawBurst.at)) * 1000);
      } finally {
        bare.stop();
      }
    })();

    const rawLoad = [rawLoad0, load1()] as [number, number];
    const serverPerSecond = Math.round((messages / Math.max(1, serverMs)) * 1000);
    return {
      devices: identities.length,
      connectSeconds: Math.round((connected.connectMs ?? 0) / 100) / 10,
      connects: connected.connects ?? 0,
      ingest: { messages, serverPerSecond, rawPerSecond, ratio: Math.round((serverPerSecond / Math.max(1, rawPerSecond)) * 100) / 100 },
      lag: { offeredPerSecond: identities.length, seconds: size.lagSeconds, samples: lags.length, p50ms: percentile(lags, 50), p99ms: percentile(lags, 99) },
      command: { devices: cmdFleet.length, samples: rtts.length, p50ms: percentile(rtts, 50), p99ms: percentile(rtts, 99) },
      rss: { idleMiB, connectedMiB, perThousandMiB: Math.round(((connectedMiB - idleMiB) / identities.length) * 1000 * 10) / 10, underLoadMiB: loadedMiB },
      load: { connect: connectLoad, ingest: ingestLoad, lag: lagLoad, command: commandLoad, raw: rawLoad },
    };
  } finally {
    load.stop();
    await server.stop();
  }
}
