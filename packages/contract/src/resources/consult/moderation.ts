import type { ActionDecl, FieldDecl, Label, OptionDecl } from '../types';
import { transitionOf, type StateMachine } from '../../device/lifecycle';

/**
 * Moderation of what the community writes (posts and their comments) as a state machine: new entries wait as
 * pending, a moderator approves or rejects them (one row or many at once, with a reason), and may change their mind
 * later. Both the server and the tests read this table.
 */
export const MODERATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];
export const MODERATION_LIFECYCLE: StateMachine<ModerationState> = [
  { action: 'approve', from: ['pending', 'rejected'], to: 'approved', by: 'owner' },
  { action: 'reject', from: ['pending', 'approved'], to: 'rejected', by: 'owner' },
];

/** Longest moderation reason, in characters. */
export const MODERATION_REASON_MAX = 500;

export const MODERATION_STATE_OPTIONS: readonly OptionDecl[] = [
  { value: 'pending', label: { zh_CN: '待审核', en: 'Pending' }, color: 'orange' },
  { value: 'approved', label: { zh_CN: '已通过', en: 'Approved' }, color: 'green' },
  { value: 'rejected', label: { zh_CN: '已驳回', en: 'Rejected' }, color: 'red' },
];

/** The moderation fields a post and a comment share; set by the actions, never by the add/edit form. */
export const moderationFields = {
  state: { type: 'select', label: { zh_CN: '审核状态', en: 'Moderation' }, options: MODERATION_STATE_OPTIONS, editable: 'never', default: 'pending' },
  reason: {
    type: 'textarea', label: { zh_CN: '审核意见', en: 'Reason' }, max: MODERATION_REASON_MAX, editable: 'never',
    help: { zh_CN: '驳回时必填，作者可见', en: 'Required to reject; the author sees it' },
  },
  moderated_by: { type: 'ref', label: { zh_CN: '审核人', en: 'Moderated by' }, ref: { resource: 'system.user' }, editable: 'never' },
  moderated_at: { type: 'datetime', label: { zh_CN: '审核时间', en: 'Moderated' }, editable: 'never' },
} satisfies Record<string, FieldDecl>;

/** Approve and reject, for one row or the selected rows, each asking for a reason (required to reject). */
export function moderationActions(what: Label): ActionDecl<'reason' | 'state'>[] {
  return [
    {
      name: 'approve', label: { zh_CN: '通过', en: 'Approve' }, placement: 'both',
      transition: transitionOf(MODERATION_LIFECYCLE, 'approve'), fields: ['reason'], optional: ['reason'],
      confirm: { zh_CN: `通过后${what.zh_CN}对读者可见。`, en: `Readers see the ${what.en} once approved.` },
    },
    {
      name: 'reject', label: { zh_CN: '驳回', en: 'Reject' }, placement: 'both', danger: true,
      transition: transitionOf(MODERATION_LIFECYCLE, 'reject'), fields: ['reason'],
      confirm: { zh_CN: `驳回后${what.zh_CN}对读者隐藏，作者可看到审核意见。`, en: `Readers no longer see the ${what.en}; its author sees the reason.` },
    },
  ];
}
