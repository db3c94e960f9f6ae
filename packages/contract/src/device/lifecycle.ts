import type { Label } from '../resources/types';

/**
 * The device lifecycle as state machines declared as data (like COMMAND_TRANSITIONS): a manufactured unit in the
 * warehouse is claimed by an organisation (serial + authorization number), reviewed by the platform (agree /
 * reject), managed, transferred (the receiving side accepts), shared read-only, and unbound. Each step names the
 * action (its wire method and permission key), the states it moves between and which side may take it. The server
 * refuses every other move (1007 naming `state`) and the tests iterate these tables.
 */

/** Who may take a step: the platform's reviewers, the organisation holding the row, or the receiving organisation. */
export type LifecycleSide = 'platform' | 'owner' | 'receiver';

export interface LifecycleStep<S extends string> {
  action: string;
  from: readonly S[];
  to: S;
  by: LifecycleSide;
}

export type StateMachine<S extends string> = readonly LifecycleStep<S>[];

/** A manufactured unit in the warehouse (`/admin/device/warehouse`). */
export const STOCK_STATES = ['in_stock', 'claimed', 'bound'] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const STOCK_LIFECYCLE: StateMachine<StockState> = [
  { action: 'claim', from: ['in_stock'], to: 'claimed', by: 'owner' },
  { action: 'agree', from: ['claimed'], to: 'bound', by: 'platform' },
  { action: 'reject', from: ['claimed'], to: 'in_stock', by: 'platform' },
  { action: 'cancel', from: ['claimed'], to: 'in_stock', by: 'owner' },
  { action: 'unbind', from: ['bound'], to: 'in_stock', by: 'owner' },
];

/** A claim under review (`/admin/device/audit`). */
export const CLAIM_STATES = ['pending', 'agreed', 'rejected', 'canceled'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CLAIM_LIFECYCLE: StateMachine<ClaimState> = [
  { action: 'agree', from: ['pending'], to: 'agreed', by: 'platform' },
  { action: 'reject', from: ['pending'], to: 'rejected', by: 'platform' },
  { action: 'cancel', from: ['pending'], to: 'canceled', by: 'owner' },
];

/** A transfer offered to another organisation (`/admin/device/transfer`). */
export const TRANSFER_STATES = ['pending', 'accepted', 'declined', 'canceled'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
export const TRANSFER_LIFECYCLE: StateMachine<TransferState> = [
  { action: 'accept', from: ['pending'], to: 'accepted', by: 'receiver' },
  { action: 'decline', from: ['pending'], to: 'declined', by: 'receiver' },
  { action: 'cancel', from: ['pending'], to: 'canceled', by: 'owner' },
];

/** A device shared read-only with another organisation (`/admin/device/share`). */
export const SHARE_STATES = ['active', 'revoked'] as const;
export type ShareState = (typeof SHARE_STATES)[number];
export const SHARE_LIFECYCLE: StateMachine<ShareState> = [
  { action: 'revoke', from: ['active'], to: 'revoked', by: 'owner' },
];

export function stepOf<S extends string>(machine: StateMachine<S>, action: string): LifecycleStep<S> | undefined {
  return machine.find((s) => s.action === action);
}

/** Whether `action` may move a row in state `from`. */
export function canStep<S extends string>(machine: StateMachine<S>, action: string, from: string): boolean {
  return Boolean(stepOf(machine, action)?.from.includes(from as S));
}

/** The engine's `transition` of a declared action, taken from the machine so the two never disagree. */
export function transitionOf<S extends string>(machine: StateMachine<S>, action: string): { field: 'state'; from: readonly S[]; to: S } {
  const s = stepOf(machine, action);
  if (!s) throw new Error(`no lifecycle step ${action}`);
  return { field: 'state', from: s.from, to: s.to };
}

const opt = <S extends string>(labels: Record<S, Label & { color: string }>) =>
  (Object.keys(labels) as S[]).map((value) => ({ value, label: { zh_CN: labels[value].zh_CN, en: labels[value].en }, color: labels[value].color }));

export const STOCK_STATE_OPTIONS = opt<StockState>({
  in_stock: { zh_CN: '在库', en: 'In stock', color: 'default' },
  claimed: { zh_CN: '待审核', en: 'Claimed', color: 'orange' },
  bound: { zh_CN: '已绑定', en: 'Bound', color: 'green' },
});
export const CLAIM_STATE_OPTIONS = opt<ClaimState>({
  pending: { zh_CN: '待审核', en: 'Pending', color: 'orange' },
  agreed: { zh_CN: '已同意', en: 'Agreed', color: 'green' },
  rejected: { zh_CN: '已驳回', en: 'Rejected', color: 'red' },
  canceled: { zh_CN: '已撤回', en: 'Withdrawn', color: 'default' },
});
export const TRANSFER_STATE_OPTIONS = opt<TransferState>({
  pending: { zh_CN: '待接收', en: 'Awaiting acceptance', color: 'orange' },
  accepted: { zh_CN: '已接收', en: 'Accepted', color: 'green' },
  declined: { zh_CN: '已拒收', en: 'Declined', color: 'red' },
  canceled: { zh_CN: '已撤回', en: 'Withdrawn', color: 'default' },
});
export const SHARE_STATE_OPTIONS = opt<ShareState>({
  active: { zh_CN: '共享中', en: 'Shared', color: 'green' },
  revoked: { zh_CN: '已取消', en: 'Revoked', color: 'default' },
});

/** Service term a device gets when its claim is agreed, and the longest single renewal. */
export const DEFAULT_SERVICE_MONTHS = 12;
export const MAX_RENEW_MONTHS = 120;
/** Authorization number printed on the unit's label: 8–32 of A–Z and 0–9 (generated ones are 12, without 0/O/1/I). */
export const AUTHORIZATION_NUMBER_PATTERN = /^[A-Z0-9]{8,32}$/;
