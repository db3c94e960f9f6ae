import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { soakBigScreen } from '../support/screenSoak';

/**
 * Issue 16 point 3, as a soak (`npm run soak`, not `npm test`: the screen redraws at most every 2 s, so a run of
 * redraws is a minute or more of waiting): `/screenhome` kept open while a gateway of the demo fleet reports a day
 * in fast-forward, round after round; Chromium's heap after a forced collection must level off. `npm run bench`
 * (`BENCH_PARTS=screens`) prints the whole curve.
 */
describe('big screen memory (Chromium)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto', DEMO_FLEET: '1' } });

  it('keeps its memory level through a run of live redraws (heap after a forced collection, start and end)', async () => {
    const lines = readFileSync(join(f.server.dataDir, 'demo-fleet.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    const [serial, secret] = lines.find((c) => c[2] === 'ig') as [string, string];
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())![1]!;
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1920, height: 1080, at: '/screenhome' });
    await expect.poll(() => page.getByTestId('chart-map').getAttribute('data-drawn')).toBe('true');
    const figures = await soakBigScreen(page, { broker, serial, secret, warmup: 5, rounds: 40, every: 10 });
    console.log(`/screenhome heap over ${figures.rounds} update rounds: ${figures.curveMiB.join(' · ')} MiB`);
    // Every round redraws every chart and the table; what a round leaves behind must not pile up. The slack covers
    // V8's own caches (compiled code, inline caches), which settle within a few rounds.
    expect(figures.endMiB).toBeLessThanOrEqual(figures.startMiB * 1.15 + 2);
    await context.close();
  });
});
