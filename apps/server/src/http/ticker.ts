import type { FastifyInstance } from 'fastify';

/**
 * Runs `tick` every `ms` while the app is up: started when it is ready, stopped (and the tick under way awaited)
 * before it closes. A slow tick is not overlapped; a failed one is reported and the next goes on.
 */
export function registerTicker(app: FastifyInstance, ms: number, tick: () => Promise<unknown>, onError: (err: unknown) => void): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (busy) return;
      busy = true;
      running = tick().catch(onError).finally(() => { busy = false; });
    }, ms);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
