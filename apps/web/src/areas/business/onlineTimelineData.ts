import type { OnlineTimeline } from '@gx/contract';

/** One bar of the timeline: online (a period, clipped to the range) or offline (a gap between them). */
export interface TimelineSegment {
  start: number;
  end: number;
  seconds: number;
  /** An online period still running (its end is now). */
  open: boolean;
}

/**
 * The timeline's bars: the online periods as the server clipped them, and the offline gaps between `from` and
 * `until` that no period covers (overlapping periods cover once). Milliseconds since the epoch, oldest first.
 */
export function timelineSegments(tl: OnlineTimeline): { online: TimelineSegment[]; offline: TimelineSegment[] } {
  const online = tl.periods.map((p) => {
    const start = Date.parse(p.start);
    const end = Date.parse(p.end);
    return { start, end, seconds: p.seconds, open: p.offline_at === null };
  }).sort((a, b) => a.start - b.start);
  const offline: TimelineSegment[] = [];
  const from = Date.parse(tl.from);
  const until = Date.parse(tl.until);
  let reach = from;
  const gap = (start: number, end: number) => {
    if (end > start) offline.push({ start, end, seconds: Math.round((end - start) / 1000), open: false });
  };
  for (const s of online) {
    gap(reach, Math.min(s.start, until));
    reach = Math.max(reach, s.end);
  }
  gap(reach, until);
  return { online, offline };
}

/** Whole days, hours, minutes and seconds of a duration, for its text. */
export function durationParts(seconds: number): { d: number; h: number; m: number; s: number } {
  const total = Math.max(0, Math.round(seconds));
  return { d: Math.floor(total / 86_400), h: Math.floor((total % 86_400) / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

/** The key of `business.onlineTimeline` that words a duration: days and hours, hours and minutes, or minutes and seconds. */
export function durationKey(seconds: number): 'days' | 'hours' | 'minutes' {
  return seconds >= 86_400 ? 'days' : seconds >= 3600 ? 'hours' : 'minutes';
}
