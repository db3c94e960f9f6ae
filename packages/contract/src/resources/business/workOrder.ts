import { declareResource, type Label, type OptionDecl } from '../types';
import { createdAtField, idField, updatedAtField } from '../common';

/**
 * Work orders (SPEC §2 business): a request for service on the organisation's equipment, worked through a state
 * machine declared here as data. The server refuses every move the table does not have (1007 naming `status`),
 * the console offers exactly the moves the table allows from a row's state, and the tests iterate the table.
 */

export const WORK_ORDER_STATES = ['open', 'assigned', 'in_progress', 'waiting', 'resolved', 'closed', 'rejected'] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];

export interface WorkOrderStep {
  /** The wire method and the last part of its permission key (`business.work_order.<action>`). */
  action: string;
  from: readonly WorkOrderState[];
  to: WorkOrderState;
}

/**
 * open → assigned → in progress ⇄ waiting for the customer → resolved → closed; rejected before work starts;
 * reassigning is allowed until the order is resolved (the new assignee starts again); a resolved or closed order
 * may be reopened, back to its assignee.
 */
export const WORK_ORDER_FLOW: readonly WorkOrderStep[] = [
  { action: 'assign', from: ['open', 'assigned', 'in_progress', 'waiting'], to: 'assigned' },
  { action: 'start', from: ['assigned'], to: 'in_progress' },
  { action: 'wait', from: ['in_progress'], to: 'waiting' },
  { action: 'resume', from: ['waiting'], to: 'in_progress' },
  { action: 'resolve', from: ['in_progress', 'waiting'], to: 'resolved' },
  { action: 'close', from: ['resolved'], to: 'closed' },
  { action: 'reopen', from: ['resolved', 'closed'], to: 'assigned' },
  { action: 'reject', from: ['open', 'assigned'], to: 'rejected' },
];

/** States in which an order is finished: no edits, no SLA. */
export const WORK_ORDER_FINISHED: readonly WorkOrderState[] = ['resolved', 'closed', 'rejected'];
/** States in which an order may be deleted (never once work was done on it). */
export const WORK_ORDER_REMOVABLE: readonly WorkOrderState[] = ['open', 'rejected'];

export function workOrderStep(action: string): WorkOrderStep | undefined {
  return WORK_ORDER_FLOW.find((s) => s.action === action);
}

/** Whether `action` may move an order in state `from`. */
export function canMoveWorkOrder(action: string, from: string): boolean {
  return Boolean(workOrderStep(action)?.from.includes(from as WorkOrderState));
}

const state = (value: WorkOrderState, zh_CN: string, en: string, color: string): OptionDecl => ({ value, label: { zh_CN, en }, color });
export const WORK_ORDER_STATE_OPTIONS: readonly OptionDecl[] = [
  state('open', '待分派', 'Open', 'blue'),
  state('assigned', '已分派', 'Assigned', 'cyan'),
  state('in_progress', '处理中', 'In progress', 'orange'),
  state('waiting', '待客户反馈', 'Waiting for customer', 'gold'),
  state('resolved', '已解决', 'Resolved', 'green'),
  state('closed', '已关闭', 'Closed', 'default'),
  state('rejected', '已驳回', 'Rejected', 'red'),
];

export const WORK_ORDER_PRIORITY_OPTIONS: readonly OptionDecl[] = [
  { value: 'low', label: { zh_CN: '低', en: 'Low' }, color: 'default' },
  { value: 'normal', label: { zh_CN: '普通', en: 'Normal' }, color: 'blue' },
  { value: 'high', label: { zh_CN: '高', en: 'High' }, color: 'orange' },
  { value: 'urgent', label: { zh_CN: '紧急', en: 'Urgent' }, color: 'red' },
];

/** What a timeline entry records. */
export const WORK_ORDER_EVENT_KINDS = ['created', 'transition', 'comment', 'photo'] as const;
export type WorkOrderEventKind = (typeof WORK_ORDER_EVENT_KINDS)[number];

/** One entry of an order's timeline (`timeline` method): its creation, every move, comments and photos. */
export interface WorkOrderEvent {
  id: number;
  kind: WorkOrderEventKind;
  action: string;
  from_state: string;
  to_state: string;
  body: string;
  url: string;
  user_id: number | null;
  user_name: string;
  created_at: string;
}

export const WORK_ORDER_COMMENT_MAX = 2000;
/** Devices one work order may link (issue 15: "linked device(s)"). */
export const WORK_ORDER_DEVICES_MAX = 20;

/**
 * What a step's small form must carry. Checked by the server once the order is found in the caller's scope (so
 * another organisation's id answers 1006 whatever the body holds), naming the field (1001) when it is empty.
 */
export const WORK_ORDER_STEP_REQUIRES: Readonly<Record<string, string>> = { assign: 'assignee_id', resolve: 'resolution', reject: 'reject_reason' };

const step = (action: string, zh_CN: string, en: string): { name: string; label: Label; placement: 'row' } => ({ name: action, label: { zh_CN, en }, placement: 'row' });

/** `/admin/business/work_order`: the organisation's work orders. */
export const workOrderResource = declareResource({
  key: 'business.work_order',
  path: '/admin/business/work_order',
  title: { zh_CN: '工单管理', en: 'Work orders' },
  scope: 'org',
  fields: {
    id: idField,
    order_no: { type: 'text', label: { zh_CN: '工单号', en: 'Order number' }, editable: 'never' },
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 100 },
    description: { type: 'textarea', label: { zh_CN: '问题描述', en: 'Description' }, max: 2000 },
    priority: { type: 'select', label: { zh_CN: '优先级', en: 'Priority' }, options: WORK_ORDER_PRIORITY_OPTIONS, default: 'normal' },
    status: { type: 'select', label: { zh_CN: '状态', en: 'Status' }, options: WORK_ORDER_STATE_OPTIONS, editable: 'never', default: 'open' },
    device_ids: {
      type: 'refMany', label: { zh_CN: '关联设备', en: 'Linked devices' }, ref: { resource: 'device.binding' }, max: WORK_ORDER_DEVICES_MAX,
      help: { zh_CN: `最多 ${WORK_ORDER_DEVICES_MAX} 台本组织的设备`, en: `Up to ${WORK_ORDER_DEVICES_MAX} of the organisation's devices` },
    },
    contact_name: { type: 'text', label: { zh_CN: '联系人', en: 'Contact' }, max: 64 },
    contact_phone: { type: 'text', label: { zh_CN: '联系电话', en: 'Contact phone' }, rule: 'phone' },
    due_at: {
      type: 'datetime', label: { zh_CN: '要求完成时间', en: 'Due (SLA)' },
      help: { zh_CN: '超过该时间仍未解决的工单标红显示', en: 'Orders not resolved by then are highlighted as overdue' },
    },
    overdue: { type: 'boolean', label: { zh_CN: '已超时', en: 'Overdue' }, editable: 'never' },
    assignee_id: { type: 'ref', label: { zh_CN: '处理人', en: 'Assignee' }, ref: { resource: 'system.user' }, editable: 'never' },
    resolution: { type: 'textarea', label: { zh_CN: '处理结果', en: 'Resolution' }, max: 2000, editable: 'never' },
    reject_reason: { type: 'textarea', label: { zh_CN: '驳回原因', en: 'Reason for rejection' }, max: 500, editable: 'never' },
    created_by: { type: 'ref', label: { zh_CN: '提交人', en: 'Submitted by' }, ref: { resource: 'system.user' }, editable: 'never' },
    created_at: { ...createdAtField, label: { zh_CN: '提交时间', en: 'Submitted' } },
    updated_at: updatedAtField,
    resolved_at: { type: 'datetime', label: { zh_CN: '解决时间', en: 'Resolved' }, editable: 'never' },
    closed_at: { type: 'datetime', label: { zh_CN: '关闭时间', en: 'Closed' }, editable: 'never' },
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'order_no', width: 200, sortable: true, priority: 1 },
      { field: 'title', width: 220, ellipsis: true, priority: 1 },
      { field: 'priority', width: 100 },
      { field: 'status', width: 130, priority: 1 },
      { field: 'assignee_id', width: 140, render: 'refLabel' },
      { field: 'device_ids', width: 220, ellipsis: true, render: 'refLabel', priority: 3 },
      { field: 'due_at', width: 190, sortable: true, render: 'slaDue' },
      { field: 'created_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [
      { field: 'status', kind: 'eq' }, { field: 'priority', kind: 'eq' }, { field: 'assignee_id', kind: 'eq' },
      { field: 'order_no', kind: 'prefix' }, { field: 'created_at', kind: 'range' },
    ],
    keyword: { fields: ['title', 'order_no'], placeholder: { zh_CN: '标题或工单号', en: 'Title or order number' } },
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: {
    columns: 2,
    sections: [{ fields: ['title', 'priority', 'device_ids', 'due_at', 'contact_name', 'contact_phone', 'description'] }],
  },
  detail: {
    sections: [
      { fields: ['order_no', 'title', 'status', 'priority', 'device_ids', 'assignee_id', 'due_at', 'overdue', 'contact_name', 'contact_phone', 'description'] },
      { title: { zh_CN: '处理', en: 'Handling' }, fields: ['resolution', 'reject_reason', 'created_by', 'created_at', 'resolved_at', 'closed_at'] },
    ],
    tabs: [{ key: 'workOrderTimeline', title: { zh_CN: '处理记录', en: 'Timeline' } }],
  },
  actions: [
    { ...step('assign', '分派', 'Assign'), fields: ['assignee_id'] },
    step('start', '开始处理', 'Start work'),
    { ...step('wait', '等待客户', 'Wait for customer'), confirm: { zh_CN: '确定将工单置为等待客户反馈吗？', en: 'Put this order on hold until the customer answers?' } },
    step('resume', '继续处理', 'Resume'),
    { ...step('resolve', '解决', 'Resolve'), fields: ['resolution'] },
    { ...step('close', '关闭', 'Close'), confirm: { zh_CN: '确定关闭该工单吗？', en: 'Close this work order?' } },
    { ...step('reopen', '重新打开', 'Reopen'), confirm: { zh_CN: '确定重新打开该工单吗？', en: 'Reopen this work order?' } },
    { ...step('reject', '驳回', 'Reject'), fields: ['reject_reason'], danger: true },
  ],
  picker: { label: ['order_no', 'title'], search: ['order_no', 'title'] },
  io: { export: ['order_no', 'title', 'priority', 'status', 'device_ids', 'assignee_id', 'contact_name', 'contact_phone', 'due_at', 'description', 'resolution', 'created_by', 'created_at', 'resolved_at', 'closed_at'] },
  example: { title: 'Gateway offline in the lobby', priority: 'high', contact_phone: '13800138000' },
});
