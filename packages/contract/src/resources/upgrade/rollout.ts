import type { Label } from '../types';
import { COMMAND_STATES, COMMAND_STATE_LABELS, type CommandState } from '../../device/commands';

/**
 * Upgrade campaigns as data (STYLE: state machines are tables of transitions): the campaign's states, every allowed
 * move with who makes it (a person through an action, or the rollout itself), and the per-device states a campaign
 * shows. The server enforces the table, the console reads it for its buttons, the tests iterate over it.
 */
export const CAMPAIGN_STATES = ['draft', 'running', 'paused', 'completed', 'canceled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export interface CampaignTransition {
  from: readonly CampaignState[];
  to: CampaignState;
  /** The action a person takes (its permission key is `upgrade.campaign.<action>`); absent: only the rollout moves it. */
  action?: 'start' | 'pause' | 'resume' | 'cancel' | 'retry';
  label?: Label;
}

export const CAMPAIGN_TRANSITIONS: readonly CampaignTransition[] = [
  { from: ['draft'], to: 'running', action: 'start', label: { zh_CN: '开始', en: 'Start' } },
  { from: ['running'], to: 'paused', action: 'pause', label: { zh_CN: '暂停', en: 'Pause' } },
  { from: ['paused'], to: 'running', action: 'resume', label: { zh_CN: '继续', en: 'Resume' } },
  { from: ['draft', 'running', 'paused'], to: 'canceled', action: 'cancel', label: { zh_CN: '取消', en: 'Cancel' } },
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
 * then its upgrade command's state (queued → sent → delivered → succeeded | failed | timed_out | expired | canceled).
 */
export const TARGET_STATES = ['pending', 'skipped', ...COMMAND_STATES] as const;
export type TargetState = (typeof TARGET_STATES)[number];

export const TARGET_STATE_LABELS: Record<TargetState, Label & { color: string }> = {
  pending: { zh_CN: '等待批次', en: 'Waiting for its batch', color: 'default' },
  skipped: { zh_CN: '未执行', en: 'Skipped', color: 'default' },
  ...COMMAND_STATE_LABELS,
};

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
}

/** Counts of a campaign's targets by state, as `targets` answers them beside the page of rows. */
export type CampaignTotals = Partial<Record<TargetState, number>> & { total: number };

/** A firmware file's largest size (SPEC §5/§9: firmware images up to 100 MB). */
export const FIRMWARE_MAX_BYTES = 100 * 1024 * 1024;
/** How long a device's download link stays valid after its command is made (the command's own lifetime). */
export const FIRMWARE_LINK_TTL_S = 24 * 60 * 60;
/** Where devices download a package: `<base>/firmware/<token>`. */
export const FIRMWARE_DOWNLOAD_PATH = '/firmware';
