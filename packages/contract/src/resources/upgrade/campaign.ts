import { declareResource, type ActionDecl } from '../types';
import { booleanOptions, createdAtField, idField } from '../common';
import { DEVICE_FAMILIES, DEVICE_FAMILY_LABELS } from '../../device/families';
import { UPGRADE_MODES, type UpgradeMode } from '../../device/commands';
import { CAMPAIGN_STATES, CAMPAIGN_STATE_LABELS, CAMPAIGN_TRANSITIONS } from './rollout';

const CONFIRMS = {
  approve: { zh_CN: '确定批准所选升级任务吗？批准后即可开始。', en: 'Approve the selected campaigns? They can be started then.' },
  start: { zh_CN: '确定开始所选升级任务吗？第一批设备将立即收到升级命令。', en: 'Start the selected campaigns? The first batch of devices gets its upgrade command now.' },
  pause: { zh_CN: '确定暂停吗？已下发的设备继续升级，后续批次暂停。', en: 'Pause? Devices already upgrading go on; no further batch starts.' },
  resume: { zh_CN: '确定继续所选升级任务吗？', en: 'Resume the selected campaigns?' },
  retry: { zh_CN: '确定对失败的设备重新下发升级命令吗？其他设备不受影响。', en: 'Send the upgrade again to the devices that failed? The others are left as they are.' },
  cancel: { zh_CN: '确定取消吗？尚未送达的升级命令将被取消，已开始升级的设备不受影响。', en: 'Cancel? Upgrade commands not yet delivered are canceled; devices already upgrading are not stopped.' },
} as const;

/** The person-made moves of `CAMPAIGN_TRANSITIONS`, as state actions of the resource. */
const campaignActions: ActionDecl<'state'>[] = CAMPAIGN_TRANSITIONS.flatMap((t) => (t.action && t.label
  ? [{
      name: t.action, label: t.label, placement: 'row' as const, danger: t.action === 'cancel',
      transition: { field: 'state' as const, from: t.from, to: t.to }, confirm: CONFIRMS[t.action],
    }]
  : []));

const UPGRADE_MODE_LABELS: Record<UpgradeMode, { zh_CN: string; en: string }> = {
  forced: { zh_CN: '强制升级', en: 'Forced' },
  soft: { zh_CN: '设备择机升级', en: 'Soft (device may defer)' },
  download_only: { zh_CN: '仅下载', en: 'Download only' },
};

const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' }) as const;
const count = (zh_CN: string, en: string) => ({ type: 'integer', label: { zh_CN, en }, editable: 'never' }) as const;

/**
 * `/admin/upgrade/campaign`: upgrade campaigns. A campaign names an enabled package and its targets — devices by
 * id, or a filter (family, device group, model, current firmware, online) — fixed when it is made; devices the package does not
 * fit are refused. Started, it releases its targets in batches (a count, or a percentage of all targets): each
 * target gets a persisted `upgrade` command; the next batch follows when the current one has finished. A failure
 * rate above the threshold pauses it; cancel cancels what has not been delivered; it completes when every target
 * has finished. States and moves: `CAMPAIGN_TRANSITIONS`.
 */
export const campaignResource = declareResource({
  key: 'upgrade.campaign',
  path: '/admin/upgrade/campaign',
  title: { zh_CN: '升级任务', en: 'Upgrade campaigns' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '任务名称', en: 'Campaign name' }, required: true, max: 64 },
    firmware_id: { type: 'ref', label: { zh_CN: '固件', en: 'Firmware' }, ref: { resource: 'upgrade.firmware' }, required: true, editable: 'add' },
    state: {
      type: 'select', label: { zh_CN: '状态', en: 'State' }, editable: 'never', default: 'draft',
      options: CAMPAIGN_STATES.map((s) => ({ value: s, label: { zh_CN: CAMPAIGN_STATE_LABELS[s].zh_CN, en: CAMPAIGN_STATE_LABELS[s].en }, color: CAMPAIGN_STATE_LABELS[s].color })),
    },
    device_ids: {
      type: 'refMany', label: { zh_CN: '指定设备', en: 'Devices' }, ref: { resource: 'device.binding' }, max: 10_000, editable: 'add',
      help: { zh_CN: '指定设备，或留空并使用下面的筛选条件', en: 'Pick devices, or leave empty and use the filter below' },
    },
    filter_family: {
      type: 'select', label: { zh_CN: '按设备类型', en: 'Filter: family' }, editable: 'add',
      options: DEVICE_FAMILIES.map((f) => ({ value: f, label: DEVICE_FAMILY_LABELS[f] })),
    },
    filter_group: { type: 'ref', label: { zh_CN: '按设备分组', en: 'Filter: device group' }, ref: { resource: 'device.group' }, editable: 'add' },
    filter_model: { type: 'text', label: { zh_CN: '按型号', en: 'Filter: model' }, max: 64, editable: 'add' },
    filter_fw: { type: 'text', label: { zh_CN: '按当前固件', en: 'Filter: current firmware' }, max: 64, editable: 'add' },
    filter_tag: {
      type: 'text', label: { zh_CN: '按标签', en: 'Filter: tag' }, max: 32, editable: 'add',
      help: { zh_CN: '带有该标签的设备（不区分大小写）', en: 'Devices carrying this tag (any case)' },
    },
    filter_online: { type: 'select', label: { zh_CN: '仅在线设备', en: 'Filter: online only' }, options: booleanOptions, editable: 'add' },
    dynamic: {
      type: 'select', label: { zh_CN: '动态加入', en: 'Dynamic' }, options: booleanOptions, default: 0, editable: 'add',
      help: {
        zh_CN: '按筛选条件选择设备时：之后注册且符合条件的设备在任务运行中自动加入（作为新批次）；任务不会自行完成，需手动取消',
        en: 'With a filter: devices registered later that match join while it runs (as a new batch); it never completes by itself, cancel it when done',
      },
    },
    action_type: {
      type: 'select', label: { zh_CN: '升级方式', en: 'Action type' }, editable: 'add', default: 'forced',
      options: UPGRADE_MODES.map((m) => ({ value: m, label: UPGRADE_MODE_LABELS[m] })),
    },
    start_at: {
      type: 'datetime', label: { zh_CN: '定时开始', en: 'Scheduled start' }, editable: 'add',
      help: {
        zh_CN: '开始后，第一批设备在该时间才收到升级命令；留空为立即',
        en: 'Once started, the first batch gets its commands only from this time; empty for at once',
      },
    },
    batch_size: {
      type: 'integer', label: { zh_CN: '每批设备数', en: 'Devices per batch' }, min: 1, max: 10_000, default: 10, editable: 'add',
    },
    batch_percent: {
      type: 'integer', label: { zh_CN: '每批百分比', en: 'Batch percentage' }, min: 0, max: 100, default: 0, editable: 'add',
      help: { zh_CN: '大于 0 时每批为全部目标的该百分比（向上取整），代替每批设备数', en: 'Above 0: each batch is this share of all targets (rounded up), instead of the count' },
    },
    failure_threshold: {
      type: 'integer', label: { zh_CN: '失败率阈值（%）', en: 'Failure threshold (%)' }, min: 0, max: 100, default: 20, editable: 'add',
      help: { zh_CN: '已下发设备中失败的比例超过该值时任务自动暂停', en: 'The campaign pauses by itself when more than this share of released devices failed' },
    },
    success_threshold: {
      type: 'integer', label: { zh_CN: '成功率阈值（%）', en: 'Success threshold (%)' }, min: 1, max: 100, default: 100, editable: 'add',
      help: {
        zh_CN: '当前批次中成功的比例达到该值即下发下一批，其余设备继续升级；100 表示等当前批次全部结束',
        en: 'The next batch starts once this share of the current one succeeded, the rest going on; 100 waits for the whole batch to finish',
      },
    },
    total: count('目标设备', 'Targets'),
    succeeded: count('成功', 'Succeeded'),
    failed: count('失败', 'Failed'),
    active: count('升级中', 'In progress'),
    offline: count('离线等待', 'Offline, waiting'),
    released: count('已下发', 'Released'),
    paused_reason: {
      type: 'select', label: { zh_CN: '暂停原因', en: 'Paused because' }, editable: 'never',
      options: [
        { value: 'failure_threshold', label: { zh_CN: '失败率超过阈值', en: 'Failure rate above the threshold' }, color: 'red' },
        { value: 'manual', label: { zh_CN: '手动暂停', en: 'Paused by hand' } },
      ],
    },
    window_start: {
      type: 'text', label: { zh_CN: '维护窗口开始', en: 'Window opens' }, max: 5, editable: 'add', default: '',
      help: { zh_CN: '每天 HH:mm，留空表示任何时间；设备只在窗口内收到升级命令', en: 'Daily, HH:mm; empty: any time. Devices get their upgrade command only inside the window' },
    },
    window_end: {
      type: 'text', label: { zh_CN: '维护窗口结束', en: 'Window closes' }, max: 5, editable: 'add', default: '',
      help: { zh_CN: 'HH:mm；早于开始时间表示跨越午夜', en: 'HH:mm; earlier than the start means the window crosses midnight' },
    },
    window_tz: {
      type: 'text', label: { zh_CN: '窗口时区', en: 'Window time zone' }, max: 64, editable: 'add', default: 'Asia/Shanghai',
      help: { zh_CN: 'IANA 时区，如 Asia/Shanghai、Europe/Paris', en: 'An IANA time zone, e.g. Asia/Shanghai, Europe/Paris' },
    },
    approved_by: { type: 'ref', label: { zh_CN: '批准人', en: 'Approved by' }, ref: { resource: 'system.user' }, editable: 'never' },
    approved_at: at('批准时间', 'Approved'),
    started_at: at('开始时间', 'Started'),
    finished_at: at('结束时间', 'Finished'),
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'remove'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'name', width: 180, sortable: true, priority: 1 },
      { field: 'firmware_id', width: 160, render: 'refLabel' },
      { field: 'state', width: 110, priority: 1 },
      { field: 'total', width: 90 },
      { field: 'succeeded', width: 90 },
      { field: 'failed', width: 90 },
      { field: 'active', width: 100 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'state', kind: 'eq' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['name', 'firmware_id'] },
      { title: { zh_CN: '目标设备', en: 'Targets' }, fields: ['device_ids', 'filter_family', 'filter_group', 'filter_model', 'filter_fw', 'filter_tag', 'filter_online', 'dynamic'] },
      { title: { zh_CN: '分批发布', en: 'Staged rollout' }, fields: ['action_type', 'start_at', 'batch_size', 'batch_percent', 'success_threshold', 'failure_threshold'] },
      { title: { zh_CN: '维护窗口', en: 'Maintenance window' }, fields: ['window_start', 'window_end', 'window_tz'] },
    ],
  },
  detail: {
    sections: [
      { fields: ['id', 'name', 'firmware_id', 'state', 'paused_reason', 'total', 'released', 'succeeded', 'failed', 'active', 'offline', 'started_at', 'finished_at', 'created_at'] },
      { title: { zh_CN: '分批发布', en: 'Staged rollout' }, fields: ['action_type', 'start_at', 'batch_size', 'batch_percent', 'success_threshold', 'failure_threshold', 'filter_family', 'filter_group', 'filter_model', 'filter_fw', 'filter_tag', 'filter_online', 'dynamic'] },
      { title: { zh_CN: '维护窗口与审批', en: 'Maintenance window and approval' }, fields: ['window_start', 'window_end', 'window_tz', 'approved_by', 'approved_at'] },
    ],
    tabs: [{ key: 'campaignTargets', title: { zh_CN: '设备进度', en: 'Devices' } }],
  },
  actions: campaignActions,
  picker: { label: ['name'], search: ['name'] },
  example: { name: 'Example campaign', firmware_id: 1, filter_family: 'ig', batch_size: 10, failure_threshold: 20 },
  page: {
    area: 'upgrade', key: 'campaign', after: 'firmware', icon: 'ProjectOutlined',
    permissions: [{ key: 'upgrade.campaign.settings', label: { zh_CN: '升级任务 · 审批设置', en: 'Upgrade campaigns · Approval setting' } }],
  },
});
