import type { Label } from '../resources/types';

/**
 * A persisted device command's states (DESIGN §6), the transition table as data, and their labels. Apart from the
 * commands' parameter schemas (`commands.ts`), so pages that only show states do not load zod.
 */

export const COMMAND_STATES = ['queued', 'sent', 'delivered', 'succeeded', 'failed', 'timed_out', 'expired', 'canceled'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/**
 * Every allowed move, from → to. The server refuses any other move and the tests iterate this table; a state with
 * no way out is final.
 */
export const COMMAND_TRANSITIONS: readonly (readonly [CommandState, CommandState])[] = [
  ['queued', 'sent'],
  ['sent', 'delivered'],
  ['delivered', 'succeeded'],
  ['delivered', 'failed'],
  ['queued', 'timed_out'],
  ['sent', 'timed_out'],
  ['delivered', 'timed_out'],
  ['queued', 'expired'],
  ['sent', 'expired'],
  ['queued', 'canceled'],
];

export function canTransition(from: CommandState, to: CommandState): boolean {
  return COMMAND_TRANSITIONS.some(([f, t]) => f === from && t === to);
}

export function isFinalState(state: CommandState): boolean {
  return !COMMAND_TRANSITIONS.some(([f]) => f === state);
}

export const COMMAND_STATE_LABELS: Record<CommandState, Label & { color: string }> = {
  queued: { zh_CN: '排队中', en: 'Queued', color: 'default' },
  sent: { zh_CN: '已下发', en: 'Sent', color: 'blue' },
  delivered: { zh_CN: '已送达', en: 'Delivered', color: 'cyan' },
  succeeded: { zh_CN: '成功', en: 'Succeeded', color: 'green' },
  failed: { zh_CN: '失败', en: 'Failed', color: 'red' },
  timed_out: { zh_CN: '超时', en: 'Timed out', color: 'orange' },
  expired: { zh_CN: '已过期', en: 'Expired', color: 'gold' },
  canceled: { zh_CN: '已取消', en: 'Canceled', color: 'default' },
};
