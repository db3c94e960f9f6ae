import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, statusField } from '../common';
import { DEVICE_FAMILIES, DEVICE_FAMILY_LABELS } from '../../device/families';
import { HEARTBEAT_DEFAULT_S, HEARTBEAT_MAX_S, HEARTBEAT_MIN_S } from '../../device/protocol';
import { MAX_RENEW_MONTHS } from '../../device/lifecycle';
import { SYNC_STATES, SYNC_STATE_LABELS } from '../../device/templates';
import { PROVINCE_OPTIONS } from '../../screens/provinces';

const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' }) as const;
const reported = (zh_CN: string, en: string) => ({ type: 'text', label: { zh_CN, en }, editable: 'never', max: 64 }) as const;

export const ONLINE_OPTIONS = [
  { value: 1, label: { zh_CN: '在线', en: 'Online' }, color: 'green' },
  { value: 0, label: { zh_CN: '离线', en: 'Offline' }, color: 'default' },
] as const;

/** The broker session, kept apart from `online` (heard within 3 × heartbeat), as ThingsBoard does. */
export const CONNECTED_OPTIONS = [
  { value: 1, label: { zh_CN: '已连接', en: 'Connected' }, color: 'green' },
  { value: 0, label: { zh_CN: '未连接', en: 'Disconnected' }, color: 'default' },
] as const;
export const DISCONNECT_REASON_OPTIONS = [
  { value: '', label: { zh_CN: '—', en: '—' } },
  { value: 'lwt', label: { zh_CN: '遗嘱消息（连接中断）', en: 'Last will (connection lost)' } },
  { value: 'timeout', label: { zh_CN: '保活超时', en: 'Keep-alive timeout' } },
  { value: 'kicked', label: { zh_CN: '被平台断开', en: 'Disconnected by the platform' } },
  { value: 'disconnect', label: { zh_CN: '设备主动断开', en: 'Device disconnected' } },
] as const;

/**
 * `/admin/device/binding`: the organisation's devices. The secret is answered once (add, `reset_secret`) and
 * stored only as a hash; type-reported facts (firmware, MAC, IP) and online state come from the wire.
 */
export const deviceResource = declareResource({
  key: 'device.binding',
  path: '/admin/device/binding',
  title: { zh_CN: '全部设备', en: 'All devices' },
  scope: 'org',
  fields: {
    id: idField,
    serial: {
      type: 'text', label: { zh_CN: '序列号', en: 'Serial' }, required: true, rule: 'serial', min: 3, max: 64, editable: 'add',
      help: { zh_CN: '设备接入 MQTT 的用户名与客户端 ID', en: 'The device\'s MQTT username and client id' },
    },
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, max: 64 },
    family: {
      type: 'select', label: { zh_CN: '类型', en: 'Family' }, required: true,
      options: DEVICE_FAMILIES.map((f) => ({ value: f, label: DEVICE_FAMILY_LABELS[f] })),
    },
    model: { type: 'text', label: { zh_CN: '型号', en: 'Model' }, max: 64 },
    model_id: {
      type: 'ref', label: { zh_CN: '型号目录', en: 'Catalogue model' }, ref: { resource: 'device.model' },
      help: { zh_CN: '型号目录中的型号（能力、图片）', en: 'The model in the catalogue (capabilities, image)' },
    },
    service_start: at('服务开始', 'Service start'),
    service_end: at('服务到期', 'Service end'),
    to_org_id: {
      type: 'integer', label: { zh_CN: '对方组织编号', en: 'Organisation number' }, min: 1, writeOnly: true, editable: 'never',
      help: { zh_CN: '对方组织的编号（组织 ID）', en: 'The other organisation\'s number (its id)' },
    },
    months: {
      type: 'integer', label: { zh_CN: '续期月数', en: 'Months' }, min: 1, max: MAX_RENEW_MONTHS, writeOnly: true, editable: 'never', default: 12,
    },
    fw: reported('固件版本', 'Firmware'),
    hw: reported('硬件版本', 'Hardware'),
    mac: reported('MAC 地址', 'MAC'),
    ip: reported('IP 地址', 'IP'),
    heartbeat_s: {
      type: 'integer', label: { zh_CN: '心跳间隔(秒)', en: 'Heartbeat (s)' }, min: HEARTBEAT_MIN_S, max: HEARTBEAT_MAX_S,
      default: HEARTBEAT_DEFAULT_S, help: { zh_CN: '设备 hello 上报后以设备为准', en: 'The device\'s hello overrides it' },
    },
    online: { type: 'select', label: { zh_CN: '在线状态', en: 'Online' }, options: ONLINE_OPTIONS, editable: 'never' },
    /** Where the device's applied configuration template stands (empty: none applied). */
    config_sync: {
      type: 'select', label: { zh_CN: '配置同步', en: 'Config sync' }, editable: 'never',
      options: SYNC_STATES.map((s) => ({ value: s, label: { zh_CN: SYNC_STATE_LABELS[s].zh_CN, en: SYNC_STATE_LABELS[s].en }, color: SYNC_STATE_LABELS[s].color })),
    },
    last_seen_at: at('最后活动', 'Last seen'),
    online_at: at('上线时间', 'Online since'),
    offline_at: at('离线时间', 'Offline since'),
    connected: { type: 'select', label: { zh_CN: '连接状态', en: 'Connection' }, options: CONNECTED_OPTIONS, editable: 'never' },
    connected_at: at('连接时间', 'Connected since'),
    disconnected_at: at('断开时间', 'Disconnected at'),
    disconnect_reason: {
      type: 'select', label: { zh_CN: '断开原因', en: 'Disconnect reason' }, options: DISCONNECT_REASON_OPTIONS, editable: 'never',
    },
    snapshot: { type: 'json', label: { zh_CN: '实时快照', en: 'Live snapshot' }, editable: 'never' },
    metrics: { type: 'json', label: { zh_CN: '最新指标', en: 'Latest metrics' }, editable: 'never' },
    facts: {
      type: 'json', label: { zh_CN: '类型特有信息', en: 'Family facts' }, editable: 'never',
      help: { zh_CN: '型号能力与最新指标（按设备类型）', en: 'Model capabilities with the latest metrics, per family' },
    },
    province: {
      type: 'select', label: { zh_CN: '省份', en: 'Province' }, options: PROVINCE_OPTIONS,
      help: { zh_CN: '大屏地图按省份统计设备', en: 'The big screens\' map counts devices per province' },
    },
    city: { type: 'text', label: { zh_CN: '城市', en: 'City' }, max: 32 },
    tags: {
      type: 'text', label: { zh_CN: '标签', en: 'Tags' }, rule: 'tags', max: 700,
      help: { zh_CN: '多个标签用逗号分隔，可按标签筛选设备、选择升级目标', en: 'Comma-separated; find devices and target upgrade campaigns by tag' },
    },
    group_id: {
      type: 'ref', label: { zh_CN: '设备分组', en: 'Device group' }, ref: { resource: 'device.group' },
      help: { zh_CN: '分组的配置变量与默认模板适用于该设备', en: 'The group\'s configuration variables and default templates apply to the device' },
    },
    config_variables: {
      type: 'textarea', label: { zh_CN: '配置变量', en: 'Configuration variables' }, max: 20_000, default: '{}', widget: 'configVariables',
      help: {
        zh_CN: '模板中 {{ 变量名 }} 的取值，优先于组织变量和模板默认值',
        en: 'Values of the templates\' {{ name }} placeholders, ahead of the organisation\'s and the templates\' defaults',
      },
    },
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'serial', width: 180, sortable: true, fixed: 'left' },
      { field: 'name', width: 160, sortable: true },
      { field: 'family', width: 140 },
      { field: 'model', width: 120 },
      { field: 'group_id', width: 140 },
      { field: 'tags', width: 160, ellipsis: true, priority: 3 },
      { field: 'online', width: 100 },
      { field: 'config_sync', width: 110 },
      { field: 'fw', width: 120 },
      { field: 'ip', width: 130 },
      { field: 'last_seen_at', width: 180, sortable: true },
      { field: 'service_end', width: 180, sortable: true },
      { field: 'status', width: 100 },
    ],
    filters: [
      { field: 'serial', kind: 'prefix' },
      { field: 'family', kind: 'eq' },
      { field: 'group_id', kind: 'eq' },
      { field: 'tags', kind: 'tag' },
      { field: 'online', kind: 'eq' },
      { field: 'status', kind: 'eq' },
    ],
    keyword: { fields: ['serial', 'name'], placeholder: { zh_CN: '序列号或名称', en: 'Serial or name' } },
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['serial', 'name', 'family', 'model', 'model_id', 'heartbeat_s', 'province', 'city', 'tags', 'remark'] },
      { title: { zh_CN: '配置变量', en: 'Configuration variables' }, fields: ['group_id', 'config_variables'] },
    ],
  },
  detail: {
    sections: [
      { title: { zh_CN: '基本信息', en: 'Basics' }, fields: ['serial', 'name', 'family', 'model', 'model_id', 'province', 'city', 'tags', 'status', 'remark', 'created_at'] },
      { title: { zh_CN: '服务期', en: 'Service term' }, fields: ['service_start', 'service_end'] },
      { title: { zh_CN: '类型特有信息', en: 'Family facts' }, fields: ['facts'] },
      { title: { zh_CN: '配置变量', en: 'Configuration variables' }, fields: ['group_id', 'config_sync', 'config_variables'] },
      { title: { zh_CN: '设备上报', en: 'Reported' }, fields: ['fw', 'hw', 'mac', 'ip', 'heartbeat_s'] },
      { title: { zh_CN: '在线', en: 'Presence' }, fields: ['online', 'last_seen_at', 'online_at', 'offline_at', 'connected', 'connected_at', 'disconnected_at', 'disconnect_reason', 'snapshot', 'metrics'] },
    ],
    tabs: [
      { key: 'deviceCommands', title: { zh_CN: '命令', en: 'Commands' } },
      { key: 'deviceEvents', title: { zh_CN: '事件', en: 'Events' } },
    ],
  },
  actions: [
    ...enableDisableActions('status', { zh_CN: '设备', en: 'devices' }),
    {
      name: 'reset_secret', label: { zh_CN: '重置密钥', en: 'Reset secret' }, placement: 'row', danger: true,
      confirm: { zh_CN: '旧密钥立即失效，设备会被断开，确定重置吗？', en: 'The old secret stops working and the device is disconnected. Reset?' },
    },
    { name: 'transfer', label: { zh_CN: '转移', en: 'Transfer' }, placement: 'row', fields: ['to_org_id'] },
    { name: 'share', label: { zh_CN: '共享', en: 'Share' }, placement: 'row', fields: ['to_org_id'] },
    { name: 'renew', label: { zh_CN: '续期', en: 'Renew' }, placement: 'row', fields: ['months'] },
    {
      name: 'unbind', label: { zh_CN: '解绑', en: 'Unbind' }, placement: 'row', danger: true,
      confirm: {
        zh_CN: '解绑后设备回到仓库，本组织不再管理它，其命令与事件记录一并删除。确定解绑吗？',
        en: 'The device returns to the warehouse and leaves your organisation, with its commands and events. Unbind?',
      },
    },
  ],
  picker: { label: ['serial', 'name'], search: ['serial'] },
  io: { export: ['id', 'serial', 'name', 'family', 'model', 'fw', 'hw', 'mac', 'ip', 'online', 'last_seen_at', 'service_end', 'province', 'city', 'tags', 'status', 'remark'] },
  example: { serial: 'EXAMPLE-0001', family: 'ig', name: 'Example gateway' },
});
