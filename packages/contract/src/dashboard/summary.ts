import { z } from 'zod';
import type { CommandState } from '../device/commandStates';
import type { DeviceFamily } from '../device/families';

/**
 * The dashboard's one call (`POST /v3/admin/dashboard/summary`, method `summary`): every figure of the landing page,
 * counted by the server for the caller's current organisation. A card whose list the caller may not read is absent
 * (null), so no count leaks past a permission.
 */
export const DASHBOARD_SUMMARY_PATH = '/admin/dashboard/summary';

const HOURS_MIN = 1;
const HOURS_MAX = 168;
/** Hours of the online-rate series (the page asks for 24). */
export const DASHBOARD_HOURS = { min: HOURS_MIN, max: HOURS_MAX, default: 24 } as const;

// Plain constants in the schema: a property read would keep it, and zod, in the dashboard's first load.
export const dashboardSummaryBody = z.object({
  method: z.literal('summary').optional(),
  hours: z.number().int().min(HOURS_MIN).max(HOURS_MAX).optional(),
}).strict();
export type DashboardSummaryBody = z.infer<typeof dashboardSummaryBody>;

/** Commands not yet in a final state, the ones the card counts. */
export const DASHBOARD_COMMAND_STATES = ['queued', 'sent', 'delivered'] as const satisfies readonly CommandState[];
/** Campaigns the card counts: moving or waiting for an operator. */
export const DASHBOARD_CAMPAIGN_STATES = ['running', 'paused'] as const;

export interface DashboardFamilyCount {
  family: DeviceFamily;
  total: number;
  online: number;
  offline: number;
}

export interface DashboardSummary {
  /** When the figures were counted (ISO). */
  at: string;
  devices: { total: number; online: number; offline: number; families: DashboardFamilyCount[] } | null;
  /**
   * One point per hour, oldest first: the last sample taken within that hour, `at` its end (the last point is now,
   * counted live). An hour nobody sampled (the server was down) has nulls: a gap in the line.
   */
  onlineRate: { at: string; online: number | null; total: number | null; rate: number | null }[] | null;
  commands: { total: number; states: Record<(typeof DASHBOARD_COMMAND_STATES)[number], number> } | null;
  campaigns: { running: number; paused: number } | null;
  workOrders: { open: number; unfinished: number } | null;
  suggestions: { unhandled: number } | null;
  /** This month's SMS: the quota of the portal settings (0 = no quota set), what was sent, what is left. */
  sms: { quota: number; used: number; remaining: number | null } | null;
}
