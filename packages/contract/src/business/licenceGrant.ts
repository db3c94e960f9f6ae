import type { StateMachine } from '../device/lifecycle';
import type { Label } from '../resources/types';

/**
 * A licence grant (`/admin/business/authorized_send` → `/admin/business/authorized_receive`): an organisation
 * (the platform, or a distributor drawing on a licence it holds) offers device licences to another, which accepts
 * (the licences join its `device_auth`) or refuses with a reason; the sender may withdraw while it waits. `expired`
 * is never stored: a pending grant whose acceptance deadline has passed reads as expired and can no longer move.
 */
export const LICENCE_GRANT_STATES = ['pending', 'accepted', 'refused', 'withdrawn', 'expired'] as const;
export type LicenceGrantState = (typeof LICENCE_GRANT_STATES)[number];

/** Who takes each step: the receiving organisation accepts or refuses, the sending one (`owner`) withdraws. */
export const LICENCE_GRANT_LIFECYCLE: StateMachine<LicenceGrantState> = [
  { action: 'accept', from: ['pending'], to: 'accepted', by: 'receiver' },
  { action: 'refuse', from: ['pending'], to: 'refused', by: 'receiver' },
  { action: 'withdraw', from: ['pending'], to: 'withdrawn', by: 'owner' },
];

const STATE_LABELS: Record<LicenceGrantState, Label & { color: string }> = {
  pending: { zh_CN: '待接收', en: 'Awaiting acceptance', color: 'orange' },
  accepted: { zh_CN: '已接收', en: 'Accepted', color: 'green' },
  refused: { zh_CN: '已拒收', en: 'Refused', color: 'red' },
  withdrawn: { zh_CN: '已撤回', en: 'Withdrawn', color: 'default' },
  expired: { zh_CN: '已过期', en: 'Expired', color: 'default' },
};

export const LICENCE_GRANT_STATE_OPTIONS = LICENCE_GRANT_STATES.map((value) => {
  const { zh_CN, en, color } = STATE_LABELS[value];
  return { value, label: { zh_CN, en }, color };
});
