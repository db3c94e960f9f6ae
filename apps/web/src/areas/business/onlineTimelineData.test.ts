import { describe, expect, it } from 'vitest';
import type { OnlineTimeline } from '@gx/contract';
import { durationKey, durationParts, timelineSegments } from './onlineTimelineData';

const tl = (periods: [string, string, boolean?][], until = '2026-06-02T00:00:00.000Z'): OnlineTimeline => ({
  device_id: 1, from: '2026-06-01T00:00:00.000Z', to: '2026-06-02T00:00:00.000Z', until,
  periods: periods.map(([start, end, open]) => ({
    online_at: start, offline_at: open ? null : end, start, end, seconds: (Date.parse(end) - Date.parse(start)) / 1000, reason: '',
  })),
  online_seconds: 0, total_seconds: 0, percent: 0, more: false,
});
const at = (hhmm: string) => Date.parse(`2026-06-01T${hhmm}:00.000Z`);

describe('timelineSegments', () => {
  it('puts the offline gaps between the periods, at both ends of the range', () => {
    const { online, offline } = timelineSegments(tl([['2026-06-01T02:00:00.000Z', '2026-06-01T03:00:00.000Z'], ['2026-06-01T05:00:00.000Z', '2026-06-01T06:00:00.000Z']]));
    expect(online.map((s) => [s.start, s.end])).toEqual([[at('02:00'), at('03:00')], [at('05:00'), at('06:00')]]);
    expect(offline.map((s) => [s.start, s.end, s.seconds])).toEqual([
      [at('00:00'), at('02:00'), 7200], [at('03:00'), at('05:00'), 7200], [at('06:00'), Date.parse('2026-06-02T00:00:00.000Z'), 64_800],
    ]);
  });

  it('has no gap where a period covers the start or runs on to now, and none past now', () => {
    const { online, offline } = timelineSegments(tl([['2026-06-01T00:00:00.000Z', '2026-06-01T01:00:00.000Z'], ['2026-06-01T08:00:00.000Z', '2026-06-01T10:00:00.000Z', true]], '2026-06-01T10:00:00.000Z'));
    expect(online.map((s) => s.open)).toEqual([false, true]);
    expect(offline.map((s) => [s.start, s.end])).toEqual([[at('01:00'), at('08:00')]]);
  });

  it('covers overlapping periods once, and a range with none is one gap', () => {
    const { offline } = timelineSegments(tl([['2026-06-01T01:00:00.000Z', '2026-06-01T05:00:00.000Z'], ['2026-06-01T02:00:00.000Z', '2026-06-01T03:00:00.000Z']], '2026-06-01T06:00:00.000Z'));
    expect(offline.map((s) => [s.start, s.end])).toEqual([[at('00:00'), at('01:00')], [at('05:00'), at('06:00')]]);
    expect(timelineSegments(tl([], '2026-06-01T06:00:00.000Z')).offline.map((s) => s.seconds)).toEqual([21_600]);
  });
});

describe('durations', () => {
  it('splits seconds into days, hours, minutes and seconds, and picks the words', () => {
    expect(durationParts(90_061)).toEqual({ d: 1, h: 1, m: 1, s: 1 });
    expect(durationParts(59.6)).toEqual({ d: 0, h: 0, m: 1, s: 0 });
    expect([durationKey(59), durationKey(3600), durationKey(86_400)]).toEqual(['minutes', 'hours', 'days']);
  });
});
