import type { FastifyInstance } from 'fastify';

/**
 * Runs `tick` every `ms` while the app is up: started when it is ready (`atStart`: once at once, too), stopped (and
 * the tick under way awaited) before it closes. A slow tick is not overlapped; a failed one is reported and the next
 * goes on.
 */
export function registerTicker(app: FastifyInstance, ms: number, tick: () => Promise<unknown>, onError: (err: unknown) => void, o: { atStart?: boolean } = {}): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = tick().catch(onError).finally(() => { busy = false; });
  };
  app.addHook('onReady', async () => {
    if (o.atStart) run();
    timer = setInterval(run, ms);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
