import type { FastifyInstance } from 'fastify';
import type { EndpointDeps } from '../../http/endpoint';
import { registerTicker } from '../../http/ticker';
import { runDueTasks, type RunnerDeps } from './timedTaskRunner';

/** How often the runner looks for due tasks; cron's resolution is a minute. */
export const TICK_MS = 5000;

/**
 * Starts the timed-task runner with the server and stops it with it: one tick at a time per instance (a slow tick
 * is not overlapped), every instance ticking, each due run claimed by one of them.
 */
export function registerTimedTaskRunner(app: FastifyInstance, deps: EndpointDeps): void {
  const runner: RunnerDeps = {
    db: deps.database.db,
    now: () => deps.services.now(),
    delivery: () => (app.hasDecorator('deviceChannel') ? app.deviceChannel : null),
    onError: (err) => app.log.error({ err }, 'timed task run failed'),
  };
  registerTicker(app, TICK_MS, () => runDueTasks(runner), runner.onError);
}
