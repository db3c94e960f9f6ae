import { z } from 'zod';

/**
 * The developer dashboard (issue 15 point 4): signed calls of the organisation's services per day — calls, errors
 * (any answer but 200), mean and slowest time — over the last `days` days (UTC days), overall or for one service.
 */
export const DC_STATS_PATH = '/admin/dc/stats';
export const DC_DASHBOARD_KEY = 'dc.dashboard.view';
export const CALL_STATS_DAYS = [7, 14, 30, 90] as const;

export const callStatsBody = z.object({
  method: z.literal('summary').optional(),
  days: z.number({ error: 'validation.integer' }).int('validation.integer').min(1, 'validation.min').max(90, 'validation.max').default(14),
  service_id: z.number().int().min(1).optional(),
}).strict();
export type CallStatsBody = z.input<typeof callStatsBody>;

export interface CallStatsDay {
  /** `YYYY-MM-DD` (UTC); every day of the range is present, quiet ones with zeros. */
  day: string;
  calls: number;
  errors: number;
  /** Mean answer time in ms (0 on a day without calls). */
  avg_ms: number;
  max_ms: number;
}

export interface CallStatsService { id: number; name: string; calls: number; errors: number; avg_ms: number }

export interface CallStatsAnswer {
  days: CallStatsDay[];
  /** The organisation's services with their totals over the range, busiest first. */
  services: CallStatsService[];
  totals: { calls: number; errors: number; avg_ms: number };
}
