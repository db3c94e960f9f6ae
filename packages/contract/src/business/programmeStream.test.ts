import { describe, expect, it } from 'vitest';
import { isCalendarDate, isStreamActiveAt, nextStreamChange, type StreamSchedule } from './programmeStream';

const s = (over: Partial<StreamSchedule>): StreamSchedule => ({
  start_date: '2026-06-01', end_date: null, start_time: '09:00', end_time: '12:00', days: [1, 2, 3, 4, 5, 6, 7], time_zone: 'UTC', ...over,
});
const at = (iso: string) => new Date(iso);

describe('programme stream schedules', () => {
  it('opens at the start minute and closes at the end minute', () => {
    expect(isStreamActiveAt(s({}), at('2026-06-10T08:59:59Z'))).toBe(false);
    expect(isStreamActiveAt(s({}), at('2026-06-10T09:00:00Z'))).toBe(true);
    expect(isStreamActiveAt(s({}), at('2026-06-10T11:59:59Z'))).toBe(true);
    expect(isStreamActiveAt(s({}), at('2026-06-10T12:00:00Z'))).toBe(false);
  });

  it('runs a window past midnight by the day it starts on, and the same start and end as 24 hours', () => {
    const night = s({ start_time: '22:00', end_time: '02:00', days: [3] }); // Wednesdays
    expect(isStreamActiveAt(night, at('2026-06-10T23:00:00Z'))).toBe(true); // Wednesday
    expect(isStreamActiveAt(night, at('2026-06-11T01:59:00Z'))).toBe(true); // Thursday, Wednesday's window
    expect(isStreamActiveAt(night, at('2026-06-11T02:00:00Z'))).toBe(false);
    expect(isStreamActiveAt(night, at('2026-06-11T23:00:00Z'))).toBe(false); // Thursday's own: not a chosen day
    expect(isStreamActiveAt(night, at('2026-06-10T01:00:00Z'))).toBe(false); // Tuesday's window: not chosen
    const allDay = s({ start_time: '00:00', end_time: '00:00', days: [6, 7] });
    expect(isStreamActiveAt(allDay, at('2026-06-13T00:00:00Z'))).toBe(true);
    expect(isStreamActiveAt(allDay, at('2026-06-14T23:59:00Z'))).toBe(true);
    expect(isStreamActiveAt(allDay, at('2026-06-15T00:00:00Z'))).toBe(false);
  });

  it('keeps to the date range, the end date included', () => {
    const one = s({ start_date: '2026-06-10', end_date: '2026-06-10' });
    expect(isStreamActiveAt(one, at('2026-06-09T10:00:00Z'))).toBe(false);
    expect(isStreamActiveAt(one, at('2026-06-10T10:00:00Z'))).toBe(true);
    expect(isStreamActiveAt(one, at('2026-06-11T10:00:00Z'))).toBe(false);
  });

  it('reads the wall clock of its zone, across a daylight-saving change', () => {
    const ny = s({ time_zone: 'America/New_York', start_date: '2026-01-01' });
    expect(isStreamActiveAt(ny, at('2026-06-10T13:00:00Z'))).toBe(true); // 09:00 EDT
    expect(isStreamActiveAt(ny, at('2026-01-10T13:00:00Z'))).toBe(false); // 08:00 EST
    // Sunday 8 March 2026 clocks go forward: the next opening after Saturday's is 09:00 EDT = 13:00 UTC.
    expect(nextStreamChange(ny, at('2026-03-07T18:00:00Z'))?.toISOString()).toBe('2026-03-08T13:00:00.000Z');
  });

  it('names the next opening or closing, or none once its dates are over or it never stops', () => {
    expect(nextStreamChange(s({}), at('2026-06-10T10:00:00Z'))?.toISOString()).toBe('2026-06-10T12:00:00.000Z');
    expect(nextStreamChange(s({}), at('2026-06-10T12:00:00Z'))?.toISOString()).toBe('2026-06-11T09:00:00.000Z');
    expect(nextStreamChange(s({ start_date: '2027-02-01' }), at('2026-06-10T12:00:00Z'))?.toISOString()).toBe('2027-02-01T09:00:00.000Z');
    expect(nextStreamChange(s({ end_date: '2026-06-10' }), at('2026-06-10T12:00:00Z'))).toBeNull();
    expect(nextStreamChange(s({ start_time: '00:00', end_time: '00:00' }), at('2026-06-10T12:00:00Z'))).toBeNull();
    // Weekends all day: Friday noon → Saturday 00:00, then Monday 00:00.
    const weekend = s({ start_time: '00:00', end_time: '00:00', days: [6, 7] });
    expect(nextStreamChange(weekend, at('2026-06-12T12:00:00Z'))?.toISOString()).toBe('2026-06-13T00:00:00.000Z');
    expect(nextStreamChange(weekend, at('2026-06-13T12:00:00Z'))?.toISOString()).toBe('2026-06-15T00:00:00.000Z');
  });

  it('takes real calendar dates only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-6-1')).toBe(false);
  });
});
