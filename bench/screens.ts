import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_PASSWORD, startServer } from '../e2e/support/server';
import { launchBrowser, loginThroughForm } from '../e2e/support/browser';
import { soakBigScreen, type SoakFigures } from '../e2e/support/screenSoak';

/**
 * `/screenhome` kept open under live updates (issue 16 point 3): the demo fleet's first gateway reports round after
 * round, each round one redraw of every chart and the event table; Chromium's heap after a forced collection is
 * sampled along the way. A leak shows as a curve that keeps climbing; a healthy screen levels off.
 */
export async function measureScreenSoak(o: { rounds: number; every: number }): Promise<SoakFigures> {
  const server = await startServer({ LOG_LEVEL: 'warn', MQTT_PORT: 'auto', DEMO_FLEET: '1' });
  const browser = await launchBrowser();
  try {
    const lines = readFileSync(join(server.dataDir, 'demo-fleet.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    const [serial, secret] = lines.find((c) => c[2] === 'ig') as [string, string];
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(server.output())?.[1];
    if (!broker) throw new Error('the server did not say where its broker listens');
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await loginThroughForm(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${server.url}/screenhome`);
    await page.getByTestId('screen-events').waitFor();
    return await soakBigScreen(page, { broker, serial, secret, warmup: 5, rounds: o.rounds, every: o.every });
  } finally {
    await browser.close();
    await server.stop();
  }
}
