import { nextRunOf, type ScheduleKind } from '@gx/contract';

/** How late a run may start and still count as on time (a busy server, a slow tick); later, it was missed. */
export const MISSED_AFTER_MS = 5 * 60_000;

export interface Schedule {
  scheduleKind: ScheduleKind | string;
  cron: string | null;
  runAt: Date | null;
  timeZone: string;
}

/** The first run strictly after `after`: the cron's next, or the one-off time if still ahead; null when none is left. */
export function upcomingRun(s: Schedule, after: Date): Date | null {
  if (s.scheduleKind === 'once') return s.runAt && s.runAt.getTime() > after.getTime() ? s.runAt : null;
  return s.cron ? nextRunOf(s.cron, s.timeZone, after) : null;
}

/** Whether a run due at `due` and started at `now` was missed (the service was down or stalled past the grace). */
export function wasMissed(due: Date, now: Date): boolean {
  return now.getTime() - due.getTime() > MISSED_AFTER_MS;
}
