/** One device connection's messages in the current one-second window. */
export interface Rate { windowStart: number; count: number; reported: boolean; kicked: boolean }

/**
 * What to do with one more message (`DEVICE_RATE_LIMIT`, same rule on every broker): `pass`; `drop` it; `report`
 * = drop it and log `throttled` (once per window); `kick` = drop it and disconnect the device (twice the limit,
 * once per window).
 */
export type RateVerdict = 'pass' | 'drop' | 'report' | 'kick';

export function newRate(now: number): Rate {
  return { windowStart: now, count: 0, reported: false, kicked: false };
}

export function rateStep(r: Rate, limit: number, now: number): RateVerdict {
  if (now - r.windowStart >= 1000) Object.assign(r, newRate(now));
  r.count++;
  if (r.count <= limit) return 'pass';
  if (r.count > 2 * limit) {
    if (r.kicked) return 'drop';
    r.kicked = true;
    return 'kick';
  }
  if (r.reported) return 'drop';
  r.reported = true;
  return 'report';
}
