import type { Label } from '../resources/types';
import { instantsOf, wallOf } from './cron';

/**
 * Programme stream (节目流, SPEC §2 business): entries that put a screen programme on screens on chosen dates, days of
 * the week and a daily window in a time zone. A window whose end is not after its start runs past midnight into the
 * next day (equal ends: a whole 24 hours); the window belongs to the day it starts on, so the date range and the days
 * of the week are those of its start. Both apps read these rules: the server to switch screens, the console to show them.
 */

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_LABELS: Record<number, Label> = {
  1: { zh_CN: '周一', en: 'Mon' },
  2: { zh_CN: '周二', en: 'Tue' },
  3: { zh_CN: '周三', en: 'Wed' },
  4: { zh_CN: '周四', en: 'Thu' },
  5: { zh_CN: '周五', en: 'Fri' },
  6: { zh_CN: '周六', en: 'Sat' },
  7: { zh_CN: '周日', en: 'Sun' },
};

/** What a switch did: a stream entry took the screen, the screen went back to its own programme, or was let go with none. */
export const STREAM_SWITCH_KINDS = ['entry', 'default', 'released'] as const;
export type StreamSwitchKind = (typeof STREAM_SWITCH_KINDS)[number];
export const STREAM_SWITCH_KIND_LABELS: Record<StreamSwitchKind, Label & { color: string }> = {
  entry: { zh_CN: '切换到节目流', en: 'Stream entry', color: 'blue' },
  default: { zh_CN: '恢复默认节目', en: 'Back to its own programme', color: 'green' },
  released: { zh_CN: '结束（无默认节目）', en: 'Ended (no programme to return to)', color: 'default' },
};

/** Highest priority an entry may have (higher wins where entries overlap on a screen). */
export const STREAM_PRIORITY_MAX = 1000;
/** Most screens one entry names. */
export const STREAM_SCREENS_MAX = 500;

export const CLOCK_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const CALENDAR_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether text is a real calendar date `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDate(v: unknown): v is string {
  if (typeof v !== 'string' || !CALENDAR_DATE_RE.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Minutes after midnight of `HH:MM`. */
export function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** When an entry plays, in its wire names. */
export interface StreamSchedule {
  start_date: string;
  end_date: string | null;
  start_time: string;
  end_time: string;
  days: readonly number[];
  time_zone: string;
}

const DAY_MS = 86_400_000;
const isoDate = (dayMs: number) => new Date(dayMs).toISOString().slice(0, 10);
/** ISO weekday of a wall day given as the UTC ms of its midnight. */
const isoWeekday = (dayMs: number) => ((new Date(dayMs).getUTCDay() + 6) % 7) + 1;

/** Whether a window starts on this wall day: within the date range, on one of the days. */
function startsOn(s: StreamSchedule, dayMs: number): boolean {
  const d = isoDate(dayMs);
  return d >= s.start_date && (!s.end_date || d <= s.end_date) && s.days.includes(isoWeekday(dayMs));
}

/** Whether the entry's window is open at `at` (enabled or not: the caller decides that). */
export function isStreamActiveAt(s: StreamSchedule, at: Date): boolean {
  const wall = wallOf(s.time_zone, at.getTime());
  const day = Math.floor(wall / DAY_MS) * DAY_MS;
  const minute = (wall - day) / 60_000;
  const start = clockMinutes(s.start_time);
  const end = clockMinutes(s.end_time);
  if (start < end) return minute >= start && minute < end && startsOn(s, day);
  // Past midnight: this day's window from its start, or yesterday's until its end.
  return (minute >= start && startsOn(s, day)) || (minute < end && startsOn(s, day - DAY_MS));
}

/** The instant of a wall time in the zone (the earlier of a repeated hour; a skipped one where the clock jumps). */
function instantOf(zone: string, wall: number): number {
  const { at, gapAt } = instantsOf(zone, wall);
  return at[0] ?? gapAt;
}

/** Days looked ahead for the next change: a year covers any date range start and any set of days. */
const HORIZON_DAYS = 370;

/**
 * The first instant after `at` when the entry's window opens or closes; null when it never will again (its dates
 * are over, or it plays without a break to the end of time).
 */
export function nextStreamChange(s: StreamSchedule, at: Date): Date | null {
  if (!s.days.length) return null;
  const now = at.getTime();
  const open = isStreamActiveAt(s, at);
  const start = clockMinutes(s.start_time);
  const end = clockMinutes(s.end_time);
  const endOffset = (start < end ? end : end + 24 * 60) * 60_000;
  const today = Math.floor(wallOf(s.time_zone, now) / DAY_MS) * DAY_MS;
  const first = Math.max(today - DAY_MS, Date.parse(`${s.start_date}T00:00:00Z`) - DAY_MS);
  const last = s.end_date ? Date.parse(`${s.end_date}T00:00:00Z`) + DAY_MS : Infinity;
  for (let day = first, i = 0; i < HORIZON_DAYS && day <= last; i += 1, day += DAY_MS) {
    const edges = [instantOf(s.time_zone, day + start * 60_000), instantOf(s.time_zone, day + endOffset)];
    for (const t of edges.sort((a, b) => a - b)) {
      if (t > now && isStreamActiveAt(s, new Date(t)) !== open) return new Date(t);
    }
  }
  return null;
}
