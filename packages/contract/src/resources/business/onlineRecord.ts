import { declareResource, type OptionDecl } from '../types';
import { idField } from '../common';
import { portalGuestResource } from '../portal/guest';

/** Why an online period ended: the device's going offline (`OfflineReason`), or `reopened` — it came online again with no offline recorded. */
const END_REASON_OPTIONS: readonly OptionDecl[] = [
  { value: '', label: { zh_CN: '在线中', en: 'Still online' }, color: 'green' },
  { value: 'lwt', label: { zh_CN: '遗嘱消息（连接中断）', en: 'Last will (connection lost)' }, color: 'orange' },
  { value: 'timeout', label: { zh_CN: '心跳超时', en: 'Heartbeat timeout' }, color: 'orange' },
  { value: 'kicked', label: { zh_CN: '被平台断开', en: 'Disconnected by the platform' }, color: 'red' },
  { value: 'replaced', label: { zh_CN: '被新会话取代', en: 'Replaced by a new session' }, color: 'default' },
  { value: 'disconnect', label: { zh_CN: '设备主动断开', en: 'Device disconnected' }, color: 'default' },
  { value: 'reopened', label: { zh_CN: '重新上线（未记录下线）', en: 'Came online again (no offline recorded)' }, color: 'default' },
];

const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' }) as const;

/**
 * SPEC §2 bigdata "online record" (`/admin/bigdata/online_record`): one row per period a device was online, opened
 * when the device channel hears it come online and closed when it goes offline (last will, silence, kick,
 * disconnect). A still-open period has no `offline_at`; its duration counts up to now. Read-only: the device
 * channel writes every row. `statistics` answers devices online and online minutes per day (periods clipped to
 * each day) for the chart above the list. The guests' periods are `business.guest_online_record` below.
 */
export const onlineRecordResource = declareResource({
  key: 'business.online_record',
  path: '/admin/bigdata/online_record',
  title: { zh_CN: '在线记录', en: 'Online records' },
  scope: 'org',
  fields: {
    id: idField,
    device_id: { type: 'ref', label: { zh_CN: '设备', en: 'Device' }, ref: { resource: 'device.binding' }, editable: 'never' },
    serial: { type: 'text', label: { zh_CN: '设备序列号', en: 'Serial' }, editable: 'never', max: 64 },
    device_name: { type: 'text', label: { zh_CN: '设备名称', en: 'Device name' }, editable: 'never', max: 100 },
    place: { type: 'text', label: { zh_CN: '位置', en: 'Place' }, editable: 'never', max: 100 },
    online_at: at('上线时间', 'Online at'),
    offline_at: at('下线时间', 'Offline at'),
    duration_minutes: { type: 'integer', label: { zh_CN: '在线时长（分钟）', en: 'Duration (minutes)' }, editable: 'never' },
    reason: { type: 'select', label: { zh_CN: '下线原因', en: 'Ended by' }, options: END_REASON_OPTIONS, editable: 'never' },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'serial', width: 170, priority: 1 },
      { field: 'device_name', width: 180, ellipsis: true, priority: 2 },
      { field: 'place', width: 150, ellipsis: true, priority: 3 },
      { field: 'online_at', width: 180, sortable: true, priority: 1 },
      { field: 'offline_at', width: 180, priority: 1 },
      { field: 'duration_minutes', width: 140 },
      { field: 'reason', width: 200, priority: 2 },
    ],
    filters: [
      { field: 'serial', kind: 'prefix' },
      { field: 'device_id', kind: 'eq' },
      { field: 'reason', kind: 'eq' },
      { field: 'online_at', kind: 'range' },
    ],
    defaultSort: { field: 'online_at', order: 'desc' },
  },
  detail: {
    sections: [{ fields: ['id', 'device_id', 'serial', 'device_name', 'place', 'online_at', 'offline_at', 'duration_minutes', 'reason'] }],
  },
  io: { export: ['id', 'serial', 'device_name', 'place', 'online_at', 'offline_at', 'duration_minutes', 'reason'] },
  page: { area: 'business', key: 'onlineRecord', after: 'quotation', icon: 'BarChartOutlined' },
});

/**
 * `/admin/bigdata/guest_online_record`: the guests' side of the online records — one row per portal session (who,
 * where, behind which gateway, from sign-in until it ended, was kicked, ran out or expired), read from the portal's
 * own sessions. `offline_at` is empty while the session is still running; the duration counts to now meanwhile.
 */
export const guestOnlineRecordResource = declareResource({
  key: 'business.guest_online_record',
  path: '/admin/bigdata/guest_online_record',
  title: { zh_CN: '用户在线记录', en: 'Guest online records' },
  scope: 'org',
  fields: {
    id: idField,
    kind: { ...portalGuestResource.fields.kind },
    identity: { type: 'text', label: { zh_CN: '用户', en: 'Guest' }, editable: 'never', max: 128 },
    mac: { type: 'text', label: { zh_CN: 'MAC', en: 'MAC' }, rule: 'mac', editable: 'never', max: 17 },
    place: { type: 'text', label: { zh_CN: '场所', en: 'Place' }, editable: 'never', max: 100 },
    device_id: { type: 'ref', label: { zh_CN: '网关', en: 'Gateway' }, ref: { resource: 'device.binding' }, editable: 'never' },
    online_at: at('上线时间', 'Online at'),
    offline_at: at('下线时间', 'Offline at'),
    duration_minutes: { type: 'integer', label: { zh_CN: '在线时长（分钟）', en: 'Duration (minutes)' }, editable: 'never' },
    state: { ...portalGuestResource.fields.state },
    incoming: { type: 'integer', label: { zh_CN: '下行流量（字节）', en: 'Downloaded (bytes)' }, editable: 'never' },
    outgoing: { type: 'integer', label: { zh_CN: '上行流量（字节）', en: 'Uploaded (bytes)' }, editable: 'never' },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'kind', width: 110, priority: 2 },
      { field: 'identity', width: 170, priority: 1 },
      { field: 'mac', width: 170, priority: 1 },
      { field: 'place', width: 140, ellipsis: true, priority: 3 },
      { field: 'device_id', width: 180, render: 'refLabel', priority: 2 },
      { field: 'online_at', width: 180, sortable: true, priority: 1 },
      { field: 'offline_at', width: 180, priority: 1 },
      { field: 'duration_minutes', width: 140 },
      { field: 'state', width: 110, priority: 2 },
    ],
    filters: [
      { field: 'kind', kind: 'eq' },
      { field: 'mac', kind: 'eq' },
      { field: 'device_id', kind: 'eq' },
      { field: 'online_at', kind: 'range' },
    ],
    defaultSort: { field: 'online_at', order: 'desc' },
  },
  io: { export: ['id', 'kind', 'identity', 'mac', 'place', 'device_id', 'online_at', 'offline_at', 'duration_minutes', 'state', 'incoming', 'outgoing'] },
  page: { area: 'business', key: 'guestOnlineRecord', after: 'onlineRecord', icon: 'WifiOutlined' },
});
