import { nextRun, parseCron } from '@gx/contract';

export interface CronFigures {
  /** Mean time of one `nextRun` of an every-minute schedule in a zone with daylight saving. */
  meanMs: number;
  calls: number;
}

/**
 * The timed-task runner asks for each task's next run every minute: one `nextRun` must stay far below a minute's
 * budget for thousands of tasks. Measured here rather than asserted in `cron.test.ts` (tests never assert timings).
 */
export function measureCron(calls = 2_000): CronFigures {
  const c = parseCron('* * * * *')!;
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) nextRun(c, 'America/New_York', new Date(Date.UTC(2026, 0, 1, 0, i)));
  return { meanMs: Math.round(((performance.now() - t0) / calls) * 1000) / 1000, calls };
}
