import { isTimeZone } from '../validators';

/**
 * Five-field cron (minute hour day-of-month month day-of-week) with an IANA time zone, as Vixie cron reads it:
 * `*`, lists, ranges, steps (`*\/15`, `1-30/2`, `5/10`), month and weekday names, Sunday as 0 or 7; when both
 * day-of-month and day-of-week are restricted (neither starts with `*`) a day matching either runs.
 *
 * Daylight saving, as Vixie cron does it: a job whose minute or hour field starts with `*` is a "wildcard" job and
 * follows the clock (a wall time skipped by spring-forward simply does not happen; a repeated hour runs twice); a
 * fixed-time job runs once per matching wall time: a time inside the spring-forward gap runs when the gap ends
 * (shifted by its length, like Temporal's `compatible`), a repeated time runs at its first occurrence only.
 */

export interface Cron {
  minutes: readonly number[];
  hours: readonly number[];
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  /** 0 = Sunday. */
  weekdays: ReadonlySet<number>;
  domStar: boolean;
  dowStar: boolean;
  /** Minute or hour starts with `*`: follows the clock through DST changes. */
  wildcard: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Parses one field into its sorted values, or null when it is not valid. */
function field(text: string, min: number, max: number, names: readonly string[] = [], nameBase = 0): number[] | null {
  const value = (s: string): number | null => {
    const i = names.indexOf(s.toLowerCase());
    if (i >= 0) return i + nameBase;
    if (!/^\d{1,2}$/.test(s)) return null;
    const n = Number(s);
    return n >= min && n <= max ? n : null;
  };
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^([^/]+)(?:\/(\d{1,2}))?$/.exec(part);
    if (!m) return null;
    const step = m[2] === undefined ? 1 : Number(m[2]);
    if (step < 1) return null;
    let lo: number | null;
    let hi: number | null;
    if (m[1] === '*') {
      lo = min; hi = max;
    } else if (m[1]!.includes('-')) {
      const [a, b, ...rest] = m[1]!.split('-');
      if (rest.length) return null;
      lo = value(a!); hi = value(b!);
      if (lo === null || hi === null || lo > hi) return null;
    } else {
      lo = value(m[1]!);
      // `5/10` means from 5 to the end by 10 (cronie); a bare value is itself.
      hi = m[2] === undefined ? lo : max;
    }
    if (lo === null || hi === null) return null;
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return [...out].sort((a, b) => a - b);
}

/** The parsed expression, or null when it is not a valid five-field cron. */
export function parseCron(expr: string): Cron | null {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5 || expr.length > 200) return null;
  const [mi, ho, dom, mon, dow] = parts as [string, string, string, string, string];
  const minutes = field(mi, 0, 59);
  const hours = field(ho, 0, 23);
  const days = field(dom, 1, 31);
  const months = field(mon, 1, 12, MONTHS, 1);
  const weekdays = field(dow, 0, 7, DAYS, 0);
  if (!minutes || !hours || !days || !months || !weekdays) return null;
  return {
    minutes, hours, days: new Set(days), months: new Set(months),
    weekdays: new Set(weekdays.map((d) => d % 7)),
    domStar: dom.startsWith('*'), dowStar: dow.startsWith('*'),
    wildcard: mi.startsWith('*') || ho.startsWith('*'),
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `zone` at `ms`, written as if it were UTC (milliseconds). */
export function wallOf(zone: string, ms: number): number {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formats.set(zone, f);
  }
  const p: Record<string, number> = {};
  for (const x of f.formatToParts(new Date(ms))) if (x.type !== 'literal') p[x.type] = Number(x.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

const DAY_MS = 86_400_000;

/**
 * The instants at which the wall time `wall` (as UTC ms) happens in `zone`: one, two (a repeated hour, earlier
 * first), or none (a skipped one). Offsets a day either side bracket any single transition of real zones.
 */
export function instantsOf(zone: string, wall: number): { at: number[]; gapAt: number } {
  const before = wallOf(zone, wall - DAY_MS) - (wall - DAY_MS);
  const after = wallOf(zone, wall + DAY_MS) - (wall + DAY_MS);
  const at = [...new Set([before, after])].map((o) => wall - o).filter((t) => wallOf(zone, t) === wall).sort((a, b) => a - b);
  return { at, gapAt: wall - before };
}

/** Whether the wall-clock day (UTC ms of its midnight) matches the day fields (Vixie's day-of-month/week OR rule). */
function dayMatches(c: Cron, day: number): boolean {
  const d = new Date(day);
  if (!c.months.has(d.getUTCMonth() + 1)) return false;
  const dom = c.days.has(d.getUTCDate());
  const dow = c.weekdays.has(d.getUTCDay());
  if (c.domStar || c.dowStar) return dom && dow;
  return dom || dow;
}

/** Days searched ahead: `0 0 29 2 1` can wait years, and a wall day never repeats its match pattern beyond 28 years. */
const HORIZON_DAYS = 366 * 28;

/** The first run strictly after `after`, or null when the expression never matches (`0 0 31 2 *`). */
export function nextRun(c: Cron, zone: string, after: Date): Date | null {
  const from = after.getTime();
  const fromWall = wallOf(zone, from);
  let day = Math.floor(fromWall / DAY_MS) * DAY_MS - DAY_MS;
  for (let i = 0; i < HORIZON_DAYS; i += 1, day += DAY_MS) {
    if (!dayMatches(c, day)) continue;
    const offset = wallOf(zone, day - DAY_MS) - (day - DAY_MS);
    if (wallOf(zone, day + 2 * DAY_MS) - (day + 2 * DAY_MS) === offset) {
      // No transition near this day (the usual case): each wall time happens once, in order.
      for (const h of c.hours) {
        for (const m of c.minutes) {
          const t = day + h * 3_600_000 + m * 60_000 - offset;
          if (t > from) return new Date(t);
        }
      }
      continue;
    }
    let best: number | null = null;
    for (const h of c.hours) {
      // Later wall times happen later, give or take a transition (at most a few hours): stop well past the best.
      if (best !== null && day + h * 3_600_000 > wallOf(zone, best) + 3 * 3_600_000) break;
      if (day + (h + 4) * 3_600_000 < fromWall) continue;
      for (const m of c.minutes) {
        const { at, gapAt } = instantsOf(zone, day + h * 3_600_000 + m * 60_000);
        const runs = at.length === 0 ? (c.wildcard ? [] : [gapAt]) : c.wildcard ? at : [at[0]!];
        for (const t of runs) if (t > from && (best === null || t < best)) best = t;
      }
    }
    if (best !== null) return new Date(best);
  }
  return null;
}

/** `nextRun` of an expression given as text; null when it is invalid or never matches. */
export function nextRunOf(expr: string, zone: string, after: Date): Date | null {
  const c = parseCron(expr);
  return c && isTimeZone(zone) ? nextRun(c, zone, after) : null;
}
