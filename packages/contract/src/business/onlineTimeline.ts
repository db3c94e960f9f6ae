import { z } from 'zod';
import { closedObject, methodField, zRowId } from '../resources/schemas';

/** Longest range one online timeline covers. */
export const ONLINE_TIMELINE_MAX_DAYS = 31;
/** Most periods one timeline answers (a device flapping every minute for a month would have 44,640): `more` says so. */
export const ONLINE_TIMELINE_MAX_PERIODS = 5000;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
/** An instant with its offset (what the reader's clock turns "the start of that day" into). */
const zInstant = z.string({ error: 'validation.datetime' }).trim()
  .refine((v) => ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v)), 'validation.datetime');

/**
 * `timeline` on the online records' path: one device's online periods between two instants, clipped to them. The
 * end must come after the start, within ONLINE_TIMELINE_MAX_DAYS (`validation.timelineRange` naming `to`).
 */
export const onlineTimelineBody = closedObject({
  method: methodField,
  device_id: zRowId,
  from: zInstant,
  to: zInstant,
}).superRefine((v, ctx) => {
  const o = v as { from?: string; to?: string };
  const from = Date.parse(String(o.from));
  const to = Date.parse(String(o.to));
  if (Number.isNaN(from) || Number.isNaN(to)) return;
  if (to <= from || to - from > ONLINE_TIMELINE_MAX_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.timelineRange', input: v });
  }
});
export type OnlineTimelineQuery = z.input<typeof onlineTimelineBody>;

/** One online period as the timeline draws it: `start`…`end` is its part within the range (an open one ends now). */
export interface OnlineTimelinePeriod {
  online_at: string;
  /** Null while the device is still online. */
  offline_at: string | null;
  start: string;
  end: string;
  seconds: number;
  /** Why it ended ('' while open), as the records list says. */
  reason: string;
}

export interface OnlineTimeline {
  device_id: number;
  from: string;
  to: string;
  /** Where the range was measured up to: `to`, or now when the range reaches past it (the future is neither). */
  until: string;
  periods: OnlineTimelinePeriod[];
  online_seconds: number;
  /** Seconds from `from` to `until`. */
  total_seconds: number;
  /** online / total × 100, one decimal (0 for an empty range). */
  percent: number;
  /** More than ONLINE_TIMELINE_MAX_PERIODS periods fell in the range: only the first are listed (and counted). */
  more: boolean;
}
