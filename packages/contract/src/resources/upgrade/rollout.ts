import type { Label } from '../types';
import { COMMAND_STATES, COMMAND_STATE_LABELS, type CommandState } from '../../device/commandStates';
import { isTimeZone } from '../../validators';
import { backoffMs } from '../../backoff';

/**
 * Upgrade campaigns as data (STYLE: state machines are tables of transitions): the campaign's states, every allowed
 * move with who makes it (a person through an action, or the rollout itself), and the per-device states a campaign
 * shows. The server enforces the table, the console reads it for its buttons, the tests iterate over it.
 */
export const CAMPAIGN_STATES = ['awaiting_approval', 'draft', 'running', 'paused', 'completed', 'canceled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export interface CampaignTransition {
  from: readonly CampaignState[];
  to: CampaignState;
  /** The action a person takes (its permission key is `upgrade.campaign.<action>`); absent: only the rollout moves it. */
  action?: 'approve' | 'start' | 'pause' | 'resume' | 'cancel' | 'retry';
  label?: Label;
}

export const CAMPAIGN_TRANSITIONS: readonly CampaignTransition[] = [
  // With the organisation's `campaign_approval` on, a new campaign waits for a second person's approval (not its
  // creator's) before it can start.
  { from: ['awaiting_approval'], to: 'draft', action: 'approve', label: { zh_CN: '批准', en: 'Approve' } },
  { from: ['draft'], to: 'running', action: 'start', label: { zh_CN: '开始', en: 'Start' } },
  { from: ['running'], to: 'paused', action: 'pause', label: { zh_CN: '暂停', en: 'Pause' } },
  { from: ['paused'], to: 'running', action: 'resume', label: { zh_CN: '继续', en: 'Resume' } },
  { from: ['awaiting_approval', 'draft', 'running', 'paused'], to: 'canceled', action: 'cancel', label: { zh_CN: '取消', en: 'Cancel' } },
  // Only the devices that failed (failed, timed out, expired) get a new upgrade command; the others stay as they are.
  { from: ['completed', 'paused'], to: 'running', action: 'retry', label: { zh_CN: '重试失败设备', en: 'Retry failed devices' } },
  // The rollout's own moves: a failure rate above the threshold pauses; every target finished completes.
  { from: ['running'], to: 'paused' },
  { from: ['running', 'paused'], to: 'completed' },
];

export function canMoveCampaign(from: CampaignState, to: CampaignState): boolean {
  return CAMPAIGN_TRANSITIONS.some((t) => t.to === to && t.from.includes(from));
}

export const CAMPAIGN_STATE_LABELS: Record<CampaignState, Label & { color: string }> = {
  awaiting_approval: { zh_CN: '待审批', en: 'Awaiting approval', color: 'gold' },
  draft: { zh_CN: '草稿', en: 'Draft', color: 'default' },
  running: { zh_CN: '进行中', en: 'Running', color: 'processing' },
  paused: { zh_CN: '已暂停', en: 'Paused', color: 'warning' },
  completed: { zh_CN: '已完成', en: 'Completed', color: 'success' },
  canceled: { zh_CN: '已取消', en: 'Canceled', color: 'default' },
};

/** Why a campaign paused by itself. */
export const PAUSE_REASON_FAILURES = 'failure_threshold';

/**
 * A target's state: `pending` until its batch is released, `skipped` when the campaign was canceled before that;
 * `offline` while its device is away (released to an offline device, or its command expired undelivered): it waits
 * instead of failing; then its upgrade command's state (queued → sent → delivered → succeeded | failed | timed_out |
 * expired | canceled).
 */
export const TARGET_STATES = ['pending', 'offline', 'skipped', ...COMMAND_STATES] as const;
export type TargetState = (typeof TARGET_STATES)[number];

export const TARGET_STATE_LABELS: Record<TargetState, Label & { color: string }> = {
  pending: { zh_CN: '等待批次', en: 'Waiting for its batch', color: 'default' },
  offline: { zh_CN: '离线等待', en: 'Offline, waiting', color: 'warning' },
  skipped: { zh_CN: '未执行', en: 'Skipped', color: 'default' },
  ...COMMAND_STATE_LABELS,
};

/**
 * An offline target's back-off (OpenWISP #379): it is looked at again after 10 min, then 20, 40 … up to 12 h, each
 * wait ±25 % so a fleet that went dark together does not come due together. Its device saying hello ends the wait
 * at once; the schedule is what finds a device whose return this instance did not hear, at a bounded cost.
 */
export const OFFLINE_RETRY_FIRST_S = 10 * 60;
export const OFFLINE_RETRY_MAX_S = 12 * 60 * 60;
export const OFFLINE_RETRY_JITTER = 0.25;

/** The wait before look number `attempt + 1` at an offline target (`attempt` 0: the first wait), in ms. */
export function offlineRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  return backoffMs(attempt, OFFLINE_RETRY_FIRST_S, OFFLINE_RETRY_MAX_S, OFFLINE_RETRY_JITTER, random);
}

/** Finished targets that count as failures against the threshold. */
export const FAILED_TARGET_STATES: readonly CommandState[] = ['failed', 'timed_out', 'expired'];

/** A target of a campaign as `targets` answers it. */
export interface CampaignTargetRow {
  device_id: number;
  serial: string;
  name: string;
  model: string;
  fw: string;
  online: number;
  batch: number;
  state: TargetState;
  progress: number | null;
  command_id: number | null;
  code: string | null;
  msg: string | null;
  /** While `offline`: when it is looked at again (ISO time), and how many looks found it offline so far. */
  retry_at: string | null;
  attempts: number;
}

/** Counts of a campaign's targets by state, as `targets` answers them beside the page of rows. */
export type CampaignTotals = Partial<Record<TargetState, number>> & { total: number };

/** One batch (group) of a campaign: its targets by outcome, as `targets` answers them for the group progress bars. */
export interface CampaignBatch { batch: number; total: number; succeeded: number; failed: number; active: number; waiting: number; offline: number }

/** Targets that finished in one minute (UTC ISO time of its start): the campaign's summary chart adds them up. */
export interface CampaignMinute { at: string; succeeded: number; failed: number }

/** How long a device's download link stays valid after its command is made (the command's own lifetime). */
export const FIRMWARE_LINK_TTL_S = 24 * 60 * 60;
/** Where devices download a package: `<base>/firmware/<token>`. */
export const FIRMWARE_DOWNLOAD_PATH = '/firmware';

/** A maintenance window's ends: `HH:mm`, 24-hour clock. */
export const WINDOW_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A campaign's daily maintenance window in an IANA time zone; `start` after `end` crosses midnight. */
export interface MaintenanceWindow { start: string; end: string; zone: string }

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since local midnight at `at` in `zone`. */
function localMinutes(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** Why a window is not valid (the field and the message key), or null. Both ends or neither; they differ. */
export function windowProblem(w: { start?: string | null; end?: string | null; zone?: string | null }): { field: string; message: string } | null {
  const start = w.start ?? '';
  const end = w.end ?? '';
  if (!start && !end) return null;
  if (!WINDOW_TIME_RE.test(start)) return { field: 'window_start', message: 'validation.windowTime' };
  if (!WINDOW_TIME_RE.test(end)) return { field: 'window_end', message: 'validation.windowTime' };
  if (start === end) return { field: 'window_end', message: 'validation.windowEmpty' };
  if (!w.zone || !isTimeZone(w.zone)) return { field: 'window_tz', message: 'validation.timeZone' };
  return null;
}

/** Whether `at` falls inside the daily window (start inclusive, end exclusive, by the local minute). */
export function inMaintenanceWindow(at: Date, w: MaintenanceWindow): boolean {
  const now = localMinutes(at, w.zone);
  const start = minutesOf(w.start);
  const end = minutesOf(w.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * When the window that `at` falls in closes (`at` inside it): an upgrade command released then expires by this
 * time, so no device gets it outside the window. Counted in local minutes, so a DST change inside the window moves
 * the end by that hour at most.
 */
export function windowClosesAt(at: Date, w: MaintenanceWindow): Date {
  const now = localMinutes(at, w.zone);
  const left = (minutesOf(w.end) - now + 1440) % 1440 || 1440;
  const minuteStart = Math.floor(at.getTime() / 60_000) * 60_000;
  return new Date(minuteStart + left * 60_000);
}
