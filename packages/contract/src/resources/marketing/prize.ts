import { z } from 'zod';
import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, STATUS_DISABLED, statusOptions } from '../common';
import { closedObject, methodField, zRowId } from '../schemas';

/** A prize of a draw: a real prize, or "thanks for taking part" (no stock, never a winner). */
export const PRIZE_KIND_PRIZE = 1;
export const PRIZE_KIND_NONE = 0;
/** Weights are percentages with at most two decimals; the server keeps them as hundredths (basis points). */
export const WEIGHT_TOTAL_BP = 10_000;
export const PRIZES_MAX = 50;

/**
 * `/admin/boos/marketing/prize_settings`: blind-box / lottery draws of the organisation. A draw runs between
 * `starts_at` and `ends_at`, lets each participant draw `draw_limit` times (0: no limit) and holds its prizes,
 * whose weights sum to 100 %; the prizes are saved as one set (`save_prizes`), the draw is the `draw` action.
 */
export const prizeSettingsResource = declareResource({
  key: 'marketing.prize_settings',
  path: '/admin/boos/marketing/prize_settings',
  title: { zh_CN: '奖品设置', en: 'Prize settings' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '活动名称', en: 'Draw name' }, required: true, max: 64 },
    starts_at: { type: 'datetime', label: { zh_CN: '开始时间', en: 'Starts' }, required: true },
    ends_at: { type: 'datetime', label: { zh_CN: '结束时间', en: 'Ends' }, required: true },
    draw_limit: {
      type: 'integer', label: { zh_CN: '每人抽奖次数', en: 'Draws per participant' }, min: 0, max: 1000, default: 1,
      help: { zh_CN: '0 表示不限次数', en: '0 means no limit' },
    },
    prize_count: { type: 'integer', label: { zh_CN: '奖品数', en: 'Prizes' }, editable: 'never' },
    weight_total: { type: 'number', label: { zh_CN: '概率合计（%）', en: 'Weights total (%)' }, editable: 'never' },
    // A new draw starts disabled: it can be enabled once its prizes' weights sum to 100 %.
    status: { type: 'select', label: { zh_CN: '状态', en: 'Status' }, options: statusOptions, editable: 'never', default: STATUS_DISABLED },
    remark: remarkField,
    participant: {
      // Required by the draw itself (after the row is found in scope), so another organisation's id answers 1006 first.
      type: 'text', label: { zh_CN: '参与者', en: 'Participant' }, max: 64, writeOnly: true, editable: 'never',
      help: { zh_CN: '手机号、会员号等能识别参与者的标识', en: 'A phone number, member number or other id of the participant' },
    },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'name', width: 200, sortable: true, priority: 1 },
      { field: 'starts_at', width: 180, sortable: true },
      { field: 'ends_at', width: 180, sortable: true },
      { field: 'draw_limit', width: 120 },
      { field: 'prize_count', width: 90 },
      { field: 'weight_total', width: 130, priority: 1 },
      { field: 'status', width: 100, priority: 1 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }, { field: 'starts_at', kind: 'range' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'draw_limit', 'starts_at', 'ends_at', 'remark'] }] },
  detail: {
    sections: [{ fields: ['id', 'name', 'starts_at', 'ends_at', 'draw_limit', 'prize_count', 'weight_total', 'status', 'remark', 'created_at'] }],
    tabs: [{ key: 'prizes', title: { zh_CN: '奖品', en: 'Prizes' } }],
  },
  actions: [
    ...enableDisableActions('status', { zh_CN: '抽奖活动', en: 'draws' }),
    {
      name: 'draw', label: { zh_CN: '抽奖', en: 'Draw' }, placement: 'row', fields: ['participant'],
    },
  ],
  picker: { label: ['name'], search: ['name'] },
  io: { export: ['id', 'name', 'starts_at', 'ends_at', 'draw_limit', 'prize_count', 'weight_total', 'status', 'remark', 'created_at'] },
  example: { name: 'Spring blind box', starts_at: '2026-01-01T00:00:00Z', ends_at: '2036-01-01T00:00:00Z', draw_limit: 3 },
  usedBy: [{ resource: 'marketing.prize_win', field: 'activity_id', onRemove: 'refuse', label: { zh_CN: '中奖记录', en: 'wins' }, name: 'participant' }],
});

const zWeight = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,3}(\.\d{1,2})?$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number({ error: 'validation.number' }).min(0, 'validation.min').max(100, 'validation.max')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'validation.weightPrecision' }),
);
const zCount = (max: number) => z.number({ error: 'validation.integer' }).int('validation.integer').min(0, 'validation.min').max(max, 'validation.max');

/** One prize of a draw as the editor sends it; `id` keeps an existing prize (and its wins), none adds one. */
export const prizeInput = closedObject({
  id: zRowId.optional(),
  name: z.string({ error: 'validation.text' }).trim().min(1, 'validation.required').max(64, 'validation.tooLong')
    .refine((v) => !v.includes('\u0000'), { message: 'validation.invalid' }),
  kind: z.literal([PRIZE_KIND_PRIZE, PRIZE_KIND_NONE], { error: 'validation.option' }),
  /** What is left to win; a "none" prize has no stock. */
  stock: zCount(10_000_000),
  /** Percent, two decimals at most. */
  weight: zWeight,
  /** Wins of this prize per participant; 0: no limit. */
  per_user_limit: zCount(1000),
});
export type PrizeInput = z.output<typeof prizeInput>;

/** Weight (percent) → hundredths of a percent, exact for two decimals. */
export const weightBp = (percent: number): number => Math.round(percent * 100);

/** `save_prizes`: the draw's whole prize set, replacing the one before; the weights sum to exactly 100 %. */
export const savePrizesBody = closedObject({
  method: methodField,
  id: zRowId,
  prizes: z.array(prizeInput, { error: 'validation.prizes' }).min(1, 'validation.prizesRequired').max(PRIZES_MAX, 'validation.tooMany'),
}).superRefine((v, ctx) => {
  const o = v as { prizes?: PrizeInput[] };
  if (!Array.isArray(o.prizes)) return;
  const total = o.prizes.reduce((s, p) => s + weightBp(p.weight), 0);
  if (total !== WEIGHT_TOTAL_BP) ctx.addIssue({ code: 'custom', path: ['prizes'], message: 'validation.weightsSum', input: v });
  const ids = o.prizes.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['prizes'], message: 'validation.invalid', input: v });
});

/** A prize as `prizes` answers it, with what was won so far. */
export interface PrizeRow {
  id: number;
  name: string;
  kind: number;
  stock: number;
  weight: number;
  per_user_limit: number;
  won: number;
}

/** What a draw gave, inside the action's answer (`draw`). */
export interface DrawOutcome {
  participant: string;
  won: boolean;
  prize_id: number | null;
  prize_name: string;
  win_id: number | null;
}
