import mqtt from 'mqtt';
import type { Page } from 'playwright-core';

export interface SoakFigures {
  /** Update rounds driven after the warm-up. */
  rounds: number;
  /** Chromium's JS heap after a forced collection, at the start and the end of the measured rounds. */
  startMiB: number;
  endMiB: number;
  /** The heap every `every` rounds, start and end included. */
  curveMiB: number[];
}

const MIB = 1024 * 1024;
/** Messages of each kind a round sends before the one the screen is waited on for. */
const BURST = 5;
const DAY_MS = 24 * 3600_000;

/** The page's live JS heap, measured after Chromium has collected garbage (CDP). */
async function heapMiB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return Math.round((usedSize / MIB) * 10) / 10;
  } finally {
    await cdp.detach();
  }
}

/**
 * A day in fast-forward on an open `/screenhome` (issue 16 point 3): one gateway of the demo fleet reports, round
 * after round, a day's telemetry (timestamps from 24 hours ago up to the start) with changing traffic and an event
 * with a new code — each round makes the server push over the live stream, the screen fetch its summary again and redraw every chart, the top-alarm bars
 * and the event table. Each round waits until the screen shows that round's event, so rounds are real redraws,
 * not queued messages. The heap is measured after `warmup` rounds and after `rounds` more.
 */
export async function soakBigScreen(page: Page, o: { broker: string; serial: string; secret: string; warmup: number; rounds: number; every?: number }): Promise<SoakFigures> {
  // A day in fast-forward: the run's telemetry carries timestamps spread over the 24 hours before it started, oldest
  // first, so the screen's hourly charts fill up hour by hour as a day of reports goes by (the protocol's `ts`).
  const start = Date.now();
  const reports = (o.warmup + o.rounds) * BURST;
  const tsOf = (n: number) => Math.round(start - DAY_MS + (n / reports) * DAY_MS);
  const device = await mqtt.connectAsync(o.broker, {
    clientId: o.serial, username: o.serial, password: o.secret, reconnectPeriod: 0, clean: true,
    will: { topic: `dev/${o.serial}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
  });
  try {
    await device.publishAsync(`dev/${o.serial}/state`, '{"online":true}', { qos: 1, retain: true });
    await device.publishAsync(`dev/${o.serial}/up/hello`, JSON.stringify({ type: 'ig', model: 'GX-IG5200', fw: '2.1.0', hw: 'v2', mac: '02:00:00:00:5A:01', ip: '192.0.2.90', heartbeat_s: 60 }), { qos: 1 });
    // The screen redraws at most every SCREEN_REFRESH_MS (2 s), so a round is one redraw of what a busy stretch of
    // the day sends: BURST telemetry reports and events (well under DEVICE_RATE_LIMIT), the round's own event last.
    const round = async (i: number) => {
      for (let k = 0; k < BURST; k++) {
        const n = i * BURST + k;
        const metrics = { wan_rx_bps: 1_000_000 * (1 + (n % 50)), wan_tx_bps: 250_000 * (1 + (n % 20)), cpu: n % 100, mem: 40, clients: n % 30 };
        await device.publishAsync(`dev/${o.serial}/up/telemetry`, JSON.stringify({ ts: tsOf(n), metrics }), { qos: 1 });
        if (k < BURST - 1) await device.publishAsync(`dev/${o.serial}/up/event`, JSON.stringify({ level: 'info', code: `tick_${n % 12}`, msg: `tick ${n}` }), { qos: 1 });
      }
      const code = `soak_${i}`;
      await device.publishAsync(`dev/${o.serial}/up/event`, JSON.stringify({ level: i % 3 === 0 ? 'error' : 'warn', code, msg: `round ${i}` }), { qos: 1 });
      await page.getByTestId('screen-events').locator('td', { hasText: new RegExp(`\\b${code}$`) }).first().waitFor();
    };
    for (let i = 0; i < o.warmup; i++) await round(i);
    const curveMiB = [await heapMiB(page)];
    const every = o.every ?? o.rounds;
    for (let i = 0; i < o.rounds; i++) {
      await round(o.warmup + i);
      if ((i + 1) % every === 0 || i === o.rounds - 1) curveMiB.push(await heapMiB(page));
    }
    return { rounds: o.rounds, startMiB: curveMiB[0]!, endMiB: curveMiB.at(-1)!, curveMiB };
  } finally {
    await device.endAsync(true);
  }
}
