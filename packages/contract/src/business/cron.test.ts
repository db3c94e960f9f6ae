import { describe, expect, it } from 'vitest';
import { isTimeZone } from '../validators';
import { nextRun, nextRunOf, parseCron } from './cron';

const MIN = 60_000;
const next = (expr: string, zone: string, after: string) => nextRunOf(expr, zone, new Date(after))?.toISOString() ?? null;

/** Successive runs from `after`. */
function runs(expr: string, zone: string, after: string, n: number): string[] {
  const c = parseCron(expr)!;
  const out: string[] = [];
  let t = new Date(after);
  for (let i = 0; i < n; i++) {
    const r = nextRun(c, zone, t)!;
    out.push(r.toISOString());
    t = r;
  }
  return out;
}

describe('parseCron', () => {
  it('reads stars, lists, ranges, steps and names', () => {
    const c = parseCron('*/15 9-17/4 1,15 jan-mar MON-fri')!;
    expect(c.minutes).toEqual([0, 15, 30, 45]);
    expect(c.hours).toEqual([9, 13, 17]);
    expect([...c.days]).toEqual([1, 15]);
    expect([...c.months]).toEqual([1, 2, 3]);
    expect([...c.weekdays]).toEqual([1, 2, 3, 4, 5]);
    expect(c.domStar).toBe(false);
    expect(c.wildcard).toBe(true);
    expect(parseCron('5/20 0 * * 7')!.minutes).toEqual([5, 25, 45]);
    expect([...parseCron('0 0 * * 7')!.weekdays]).toEqual([0]);
    expect(parseCron('  0  12 * * *  ')!.hours).toEqual([12]);
  });

  it.each([
    '', '* * * *', '* * * * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * 32 * *', '* * * 13 *', '* * * * 8',
    '*/0 * * * *', '5-1 * * * *', 'a * * * *', '1-2-3 * * * *', '1,,2 * * * *', '-1 * * * *', '* * * foo *', '1.5 * * * *',
  ])('refuses %j', (expr) => {
    expect(parseCron(expr)).toBeNull();
  });
});

describe('isTimeZone', () => {
  it('knows IANA names only', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('nextRun', () => {
  it('finds the next minute, strictly after', () => {
    expect(next('* * * * *', 'UTC', '2026-01-01T00:00:00.000Z')).toBe('2026-01-01T00:01:00.000Z');
    expect(next('* * * * *', 'UTC', '2026-01-01T00:00:30.000Z')).toBe('2026-01-01T00:01:00.000Z');
    expect(next('0 0 * * *', 'UTC', '2026-12-31T23:59:00.000Z')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('reads the wall clock of the zone (Shanghai is UTC+8 all year)', () => {
    expect(next('30 9 * * *', 'Asia/Shanghai', '2026-03-08T00:00:00.000Z')).toBe('2026-03-08T01:30:00.000Z');
    expect(next('30 9 * * *', 'Asia/Shanghai', '2026-03-08T01:30:00.000Z')).toBe('2026-03-09T01:30:00.000Z');
    expect(next('0 0 1 * *', 'Asia/Shanghai', '2026-01-31T16:00:00.000Z')).toBe('2026-02-28T16:00:00.000Z');
  });

  it('uses OR when both day fields are restricted, AND when one starts with *', () => {
    // 2026-11-01 is a Sunday: "the 13th or a Friday" after it is Friday the 6th.
    expect(next('0 12 13 * 5', 'UTC', '2026-11-01T00:00:00.000Z')).toBe('2026-11-06T12:00:00.000Z');
    // "*/2" counts as a star (Vixie): every Friday that is also an odd day.
    expect(next('0 12 */2 * 5', 'UTC', '2026-11-01T00:00:00.000Z')).toBe('2026-11-13T12:00:00.000Z');
    expect(next('0 0 * * 1-5', 'UTC', '2026-11-27T12:00:00.000Z')).toBe('2026-11-30T00:00:00.000Z');
  });

  it('waits years for a leap day and gives up on a day that never comes', () => {
    expect(next('0 0 29 2 *', 'UTC', '2026-03-01T00:00:00.000Z')).toBe('2028-02-29T00:00:00.000Z');
    expect(next('0 0 31 2 *', 'UTC', '2026-03-01T00:00:00.000Z')).toBeNull();
    expect(next('0 0 * * *', 'Nowhere/Land', '2026-03-01T00:00:00.000Z')).toBeNull();
  });

  describe('America/New_York, spring forward (2026-03-08 02:00 EST → 03:00 EDT)', () => {
    it('runs a fixed time inside the gap once, when the gap ends', () => {
      expect(runs('30 2 * * *', 'America/New_York', '2026-03-07T00:00:00.000Z', 3)).toEqual([
        '2026-03-07T07:30:00.000Z', // 02:30 EST
        '2026-03-08T07:30:00.000Z', // 02:30 does not exist: 03:30 EDT
        '2026-03-09T06:30:00.000Z', // 02:30 EDT
      ]);
    });

    it('lets a wildcard job follow the clock through the gap', () => {
      expect(runs('0 * * * *', 'America/New_York', '2026-03-08T05:30:00.000Z', 3)).toEqual([
        '2026-03-08T06:00:00.000Z', // 01:00 EST
        '2026-03-08T07:00:00.000Z', // 03:00 EDT (02:00 never happens)
        '2026-03-08T08:00:00.000Z', // 04:00 EDT
      ]);
    });

    it('keeps times around the gap in order', () => {
      expect(runs('0,30 1-3 * * *', 'America/New_York', '2026-03-08T05:00:00.000Z', 4)).toEqual([
        '2026-03-08T06:00:00.000Z', // 01:00 EST
        '2026-03-08T06:30:00.000Z', // 01:30 EST
        '2026-03-08T07:00:00.000Z', // 02:00 → 03:00 EDT, the same instant as 03:00
        '2026-03-08T07:30:00.000Z', // 02:30 → 03:30 EDT, the same instant as 03:30
      ]);
    });
  });

  describe('America/New_York, fall back (2026-11-01 02:00 EDT → 01:00 EST)', () => {
    it('runs a fixed time in the repeated hour once, at its first occurrence', () => {
      expect(runs('30 1 * * *', 'America/New_York', '2026-10-31T12:00:00.000Z', 3)).toEqual([
        '2026-11-01T05:30:00.000Z', // 01:30 EDT
        '2026-11-02T06:30:00.000Z', // next day 01:30 EST (not 01:30 EST on the 1st)
        '2026-11-03T06:30:00.000Z',
      ]);
    });

    it('runs a wildcard job in both occurrences of the hour', () => {
      expect(runs('0,30 * * * *', 'America/New_York', '2026-11-01T04:45:00.000Z', 5)).toEqual([
        '2026-11-01T05:00:00.000Z', // 01:00 EDT
        '2026-11-01T05:30:00.000Z', // 01:30 EDT
        '2026-11-01T06:00:00.000Z', // 01:00 EST
        '2026-11-01T06:30:00.000Z', // 01:30 EST
        '2026-11-01T07:00:00.000Z', // 02:00 EST
      ]);
    });

    it('keeps a daily job at its wall time across the change', () => {
      expect(runs('0 9 * * *', 'America/New_York', '2026-10-31T00:00:00.000Z', 3)).toEqual([
        '2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z', '2026-11-02T14:00:00.000Z',
      ]);
    });
  });

  it('agrees with a minute-by-minute reference in zones without DST', { timeout: 60_000 }, () => {
    /** Matches a wall time field by field, as cron(5) reads the expression. */
    const reference = (expr: string, zone: string, after: Date): string => {
      const [mi, ho, dom, mon, dow] = expr.split(' ');
      const inField = (f: string, v: number, min: number, max: number) => f.split(',').some((part) => {
        const [range, step = '1'] = part.split('/');
        const [lo, hi] = range === '*' ? [min, max] : range!.includes('-') ? range!.split('-').map(Number) : [Number(range), part.includes('/') ? max : Number(range)];
        return v >= lo! && v <= hi! && (v - lo!) % Number(step) === 0;
      });
      const fmt = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
      const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
      for (let t = Math.floor(after.getTime() / MIN) * MIN + MIN; ; t += MIN) {
        const p = Object.fromEntries(fmt.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
        const wd = days.indexOf(p.weekday!);
        const d = inField(dom!, Number(p.day), 1, 31);
        const w = inField(dow!, wd, 0, 7) || (wd === 0 && inField(dow!, 7, 0, 7));
        const dayOk = dom!.startsWith('*') || dow!.startsWith('*') ? d && w : d || w;
        if (inField(mi!, Number(p.minute), 0, 59) && inField(ho!, Number(p.hour), 0, 23) && inField(mon!, Number(p.month), 1, 12) && dayOk) return new Date(t).toISOString();
      }
    };
    const exprs = ['*/7 * * * *', '15 */5 * * *', '0 9-17/2 * * 1-5', '30 6 1,15 * 0', '0 0 27 * 5', '5/20 1-3 * 2-4 *', '59 23 28-31 * *', '0 12 */3 * 7'];
    for (const zone of ['UTC', 'Asia/Shanghai']) {
      for (const expr of exprs) {
        let after = new Date('2026-02-25T10:03:00.000Z');
        for (let i = 0; i < 2; i++) {
          const got = nextRunOf(expr, zone, after)!.toISOString();
          expect(got, `${expr} in ${zone} after ${after.toISOString()}`).toBe(reference(expr, zone, after));
          after = new Date(got);
        }
      }
    }
  });
});
