import { z } from 'zod';
import { declareResource } from '../types';
import { createdAtField, idField, remarkField } from '../common';
import { closedObject, methodField } from '../schemas';
import { zTimeZone } from '../../validators';

export const INVITE_PENDING = 0;
export const INVITE_CONVERTED = 1;

/**
 * `/admin/boos/marketing/invitation_statistics`: who invited whom, and whether the invitee converted (became a
 * customer). Records are added, imported, or converted one by one; `statistics` aggregates them per day and per
 * inviter in one call for the chart.
 */
export const invitationResource = declareResource({
  key: 'marketing.invitation',
  path: '/admin/boos/marketing/invitation_statistics',
  title: { zh_CN: '邀请统计', en: 'Invitation statistics' },
  scope: 'org',
  fields: {
    id: idField,
    inviter_id: { type: 'ref', label: { zh_CN: '邀请人', en: 'Inviter' }, ref: { resource: 'system.user' }, required: true },
    invitee: { type: 'text', label: { zh_CN: '被邀请人', en: 'Invitee' }, required: true, max: 64 },
    invitee_phone: { type: 'text', label: { zh_CN: '被邀请人手机', en: 'Invitee phone' }, rule: 'phone' },
    invited_at: { type: 'datetime', label: { zh_CN: '邀请时间', en: 'Invited' }, required: true },
    status: {
      type: 'select', label: { zh_CN: '转化状态', en: 'Conversion' }, editable: 'never', default: INVITE_PENDING,
      options: [
        { value: INVITE_PENDING, label: { zh_CN: '未转化', en: 'Not converted' }, color: 'default' },
        { value: INVITE_CONVERTED, label: { zh_CN: '已转化', en: 'Converted' }, color: 'green' },
      ],
    },
    converted_at: { type: 'datetime', label: { zh_CN: '转化时间', en: 'Converted' }, editable: 'never' },
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'inviter_id', width: 160, render: 'refLabel', priority: 1 },
      { field: 'invitee', width: 160, priority: 1 },
      { field: 'invitee_phone', width: 140 },
      { field: 'invited_at', width: 180, sortable: true },
      { field: 'status', width: 110 },
      { field: 'converted_at', width: 180 },
    ],
    filters: [{ field: 'inviter_id', kind: 'eq' }, { field: 'status', kind: 'eq' }, { field: 'invited_at', kind: 'range' }, { field: 'invitee', kind: 'prefix' }],
    defaultSort: { field: 'invited_at', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['inviter_id', 'invitee', 'invitee_phone', 'invited_at', 'remark'] }] },
  actions: [
    {
      name: 'convert', label: { zh_CN: '标记转化', en: 'Mark converted' }, placement: 'both',
      transition: { field: 'status', from: [INVITE_PENDING], to: INVITE_CONVERTED },
      confirm: { zh_CN: '确认所选被邀请人已转化？', en: 'Mark the selected invitees as converted?' },
    },
  ],
  io: {
    import: ['inviter_id', 'invitee', 'invitee_phone', 'invited_at', 'remark'],
    export: ['id', 'inviter_id', 'invitee', 'invitee_phone', 'invited_at', 'status', 'converted_at', 'remark'],
  },
  example: { inviter_id: 1, invitee: 'Li Lei', invited_at: '2026-03-01T08:00:00Z' },
});

/** Longest period one `statistics` call covers. */
export const INVITATION_STATS_MAX_DAYS = 366;

/** A period of whole days (inclusive) in the reader's time zone, for the marketing charts' `statistics` calls. */
export const dailyStatsBody = closedObject({
  method: methodField,
  from: z.string({ error: 'validation.datetime' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.datetime'),
  to: z.string({ error: 'validation.datetime' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.datetime'),
  tz: zTimeZone.optional(),
}).superRefine((v, ctx) => {
  const o = v as { from?: string; to?: string };
  const from = Date.parse(`${o.from}T00:00:00Z`);
  const to = Date.parse(`${o.to}T00:00:00Z`);
  if (Number.isNaN(from)) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.datetime', input: v });
  else if (Number.isNaN(to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.datetime', input: v });
  else if (to < from || (to - from) / 86_400_000 >= INVITATION_STATS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.period', input: v });
});

/** `statistics`: invitations per day and per inviter between two days (inclusive), in the reader's time zone. */
export const invitationStatsBody = dailyStatsBody;

/** Values per day of a period (every day, zero-filled), one series per key: wins by state, order amounts. */
export interface DailySeries {
  days: string[];
  series: { key: string; values: number[] }[];
}

export interface InvitationStats {
  /** Every day of the period, oldest first, zero-filled. */
  days: { date: string; invitations: number; conversions: number }[];
  /** Inviters with at least one invitation in the period, most invitations first (at most 20). */
  inviters: { inviter_id: number; name: string; invitations: number; conversions: number }[];
  total: number;
  converted: number;
  /** converted / total, 0 … 1 (0 when there is nothing). */
  rate: number;
}
