// The `campaign` bench part (issue 12 §8): one upgrade campaign over BENCH_CAMPAIGN_DEVICES simulated devices
// (the figure: 10,000) in 10 groups, every device downloading the package over HTTP (signed link), checking
// its SHA-256 and answering; the campaign runs until it completes. Prints the wall time, the server's peak RSS and
// the download throughput per device. Loopback only; bounded by BENCH_CAMPAIGN_MINUTES.
import { createHash, randomBytes } from 'node:crypto';
import { provisionDevices } from '@gx/device-sim';
import { ADMIN_PASSWORD, startServer } from '../e2e/support/server';
import { callApi, signInToken } from '../e2e/support/api';
import { rssMiB } from './memory';
import { child, freePort } from './child';
import { load1, percentile } from './devices';
import type { LoadRequest } from './deviceLoad';

export interface CampaignFigures {
  devices: number;
  groups: number;
  packageKiB: number;
  /** From `start` until the campaign says completed. */
  wallSeconds: number;
  succeeded: number;
  failed: number;
  rss: { idleMiB: number; peakMiB: number };
  /** Per device: package bytes over its own download time, as the simulator measured it (KiB/s). */
  downloadKiBps: { samples: number; p50: number; p10: number; min: number };
  /** All devices together: bytes served over the wall time (MiB/s). */
  aggregateMiBps: number;
  load: [number, number];
}

export interface CampaignBenchSize { devices: number; groups: number; packageKiB: number; minutes: number }

interface Campaign { state: string; total: number; succeeded: number; failed: number; released: number }
interface CommandRow { id: number; result: { ok: boolean; data?: { bytes?: number; ms?: number } } | null }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureCampaign(size: CampaignBenchSize): Promise<CampaignFigures> {
  const mqttPort = await freePort();
  const server = await startServer({ MQTT_PORT: String(mqttPort), DEMO_FLEET: '0', LOG_LEVEL: 'warn' });
  const fleet = child('./deviceLoad.ts');
  const pid = server.process.pid ?? 0;
  try {
    console.log(`[bench] campaign: provisioning ${size.devices.toLocaleString()} gateways…`);
    const { identities } = await provisionDevices({ api: server.url, username: 'admin', password: ADMIN_PASSWORD, counts: new Map([['ig', size.devices]]) });
    const token = await signInToken(server.url);

    // Quiet devices (one heartbeat an hour): the campaign is the traffic. A restart after the upgrade is short.
    console.log(`[bench] campaign: connecting ${identities.length.toLocaleString()} devices…`);
    await fleet.ask<LoadRequest>({
      op: 'fleet', name: 'main', identities,
      options: { url: `mqtt://127.0.0.1:${mqttPort}`, heartbeatS: 3600, telemetryS: 3600, connectConcurrency: 50, failureRate: 0, latencyMs: 50, restartDelayMs: 500 },
    });
    for (;;) {
      const r = await callApi<{ total: number }>(server.url, '/admin/device/binding', { method: 'list', online: 1, page: 1, size: 1 }, token);
      if (r.data?.total === identities.length) break;
      await sleep(1000);
    }
    const idleMiB = rssMiB(pid);

    const image = randomBytes(size.packageKiB * 1024);
    const form = new FormData();
    for (const [k, v] of Object.entries({ method: 'upload', version: '9.0.0', family: 'ig', notes: 'bench' })) form.append(k, v);
    form.append('file', new Blob([image], { type: 'application/octet-stream' }), 'bench.bin');
    const up = (await (await fetch(`${server.url}/v3/admin/upgrade/firmware`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { code: number; msg: string; data?: { id: number; sha256: string } };
    if (up.code !== 200 || !up.data) throw new Error(`firmware upload: ${up.code} ${up.msg}`);
    if (up.data.sha256 !== createHash('sha256').update(image).digest('hex')) throw new Error('firmware upload: the server computed another SHA-256');

    const added = await callApi<{ id: number }>(server.url, '/admin/upgrade/campaign', {
      method: 'add', name: 'Bench campaign', firmware_id: up.data.id, filter_family: 'ig',
      batch_percent: Math.ceil(100 / size.groups), failure_threshold: 100,
    }, token);
    if (added.code !== 200 || !added.data) throw new Error(`campaign add: ${added.code} ${added.msg} ${added.field ?? ''}`);
    const id = added.data.id;
    const detail = async () => (await callApi<Campaign>(server.url, '/admin/upgrade/campaign', { method: 'detail', id }, token)).data!;

    console.log(`[bench] campaign: ${identities.length.toLocaleString()} devices in ${size.groups} groups, ${size.packageKiB} KiB package…`);
    const load0 = load1();
    const t0 = performance.now();
    const started = await callApi(server.url, '/admin/upgrade/campaign', { method: 'start', id }, token);
    if (started.code !== 200) throw new Error(`campaign start: ${started.code} ${started.msg}`);
    let peakMiB = rssMiB(pid);
    let c = await detail();
    const deadline = Date.now() + size.minutes * 60_000;
    let said = 0;
    while (!['completed', 'canceled', 'paused'].includes(c.state)) {
      if (Date.now() > deadline) throw new Error(`campaign not done after ${size.minutes} min: ${JSON.stringify(c)}`);
      await sleep(500);
      peakMiB = Math.max(peakMiB, rssMiB(pid));
      c = await detail();
      const done = c.succeeded + c.failed;
      if (done - said >= identities.length / 10) {
        said = done;
        console.log(`[bench] campaign: ${done.toLocaleString()} done after ${Math.round((performance.now() - t0) / 1000)} s (RSS ${rssMiB(pid)} MiB)`);
      }
    }
    const wallSeconds = Math.round((performance.now() - t0) / 100) / 10;
    if (c.state !== 'completed') throw new Error(`campaign ended ${c.state}: ${JSON.stringify(c)}`);

    // Each device's own download time, from its answer (the simulator measures it).
    const rates: number[] = [];
    for (let page = 1; ; page++) {
      const r = await callApi<{ list: CommandRow[] }>(server.url, '/admin/device/command', { method: 'list', state: 'succeeded', page, size: 100 }, token);
      const list = r.data?.list ?? [];
      for (const row of list) {
        const d = row.result?.data;
        if (d?.bytes && d.ms !== undefined) rates.push(d.bytes / 1024 / Math.max(1, d.ms) * 1000);
      }
      if (list.length < 100) break;
    }
    const sorted = [...rates].sort((a, b) => a - b);
    return {
      devices: identities.length,
      groups: size.groups,
      packageKiB: size.packageKiB,
      wallSeconds,
      succeeded: c.succeeded,
      failed: c.failed,
      rss: { idleMiB, peakMiB },
      downloadKiBps: { samples: rates.length, p50: percentile(rates, 50), p10: percentile(rates, 10), min: Math.round(sorted[0] ?? 0) },
      aggregateMiBps: Math.round(((c.succeeded * size.packageKiB) / 1024 / Math.max(0.1, wallSeconds)) * 10) / 10,
      load: [load0, load1()],
    };
  } finally {
    await fleet.ask<LoadRequest>({ op: 'stop', name: 'main' }).catch(() => undefined);
    fleet.stop();
    await server.stop();
  }
}
