import { declareResource } from '../types';
import { createdAtField, idField } from '../common';
import { COMMAND_STATES, COMMAND_STATE_LABELS } from '../../device/commandStates';
import { PLUGIN_ACTION_OPTIONS, PLUGIN_NAME_MAX, PLUGIN_VERSION_MAX } from './plugin';

/**
 * `/admin/business/plugin_log`: one row per device per push of a plugin version (read-only). State, progress and
 * the device's answer are its command's, kept in step by the database as the command moves (migration 0061), so
 * the list filters on them like on any column. `device_plugins` is what the device has installed now.
 */
export const pluginLogResource = declareResource({
  key: 'business.plugin_log',
  path: '/admin/business/plugin_log',
  title: { zh_CN: '插件日志', en: 'Plugin log' },
  scope: 'org',
  fields: {
    id: idField,
    plugin_id: { type: 'ref', label: { zh_CN: '插件', en: 'Plugin' }, ref: { resource: 'business.plugin' }, editable: 'never' },
    version_id: { type: 'ref', label: { zh_CN: '插件版本', en: 'Plugin version' }, ref: { resource: 'business.plugin_version' }, editable: 'never' },
    plugin_name: { type: 'text', label: { zh_CN: '插件标识', en: 'Identifier' }, editable: 'never', max: PLUGIN_NAME_MAX },
    version: { type: 'text', label: { zh_CN: '版本', en: 'Version' }, editable: 'never', max: PLUGIN_VERSION_MAX },
    device_id: { type: 'ref', label: { zh_CN: '设备', en: 'Device' }, ref: { resource: 'device.binding' }, editable: 'never' },
    serial: { type: 'text', label: { zh_CN: '设备序列号', en: 'Device serial' }, editable: 'never', max: 64 },
    action: { type: 'select', label: { zh_CN: '操作', en: 'Action' }, options: PLUGIN_ACTION_OPTIONS, editable: 'never' },
    command_id: { type: 'integer', label: { zh_CN: '命令编号', en: 'Command' }, editable: 'never' },
    state: {
      type: 'select', label: { zh_CN: '状态', en: 'State' }, editable: 'never',
      options: COMMAND_STATES.map((s) => ({ value: s, label: { zh_CN: COMMAND_STATE_LABELS[s].zh_CN, en: COMMAND_STATE_LABELS[s].en }, color: COMMAND_STATE_LABELS[s].color })),
    },
    progress: { type: 'integer', label: { zh_CN: '进度 (%)', en: 'Progress (%)' }, editable: 'never' },
    result_code: { type: 'text', label: { zh_CN: '结果代码', en: 'Result code' }, editable: 'never', max: 64 },
    result_msg: { type: 'text', label: { zh_CN: '结果信息', en: 'Result message' }, editable: 'never', max: 1024 },
    finished_at: { type: 'datetime', label: { zh_CN: '完成时间', en: 'Finished' }, editable: 'never' },
    created_by: { type: 'ref', label: { zh_CN: '推送人', en: 'Pushed by' }, ref: { resource: 'system.user' }, editable: 'never' },
    created_at: { ...createdAtField, label: { zh_CN: '推送时间', en: 'Pushed at' } },
    device_plugins: {
      type: 'text', label: { zh_CN: '设备已安装插件', en: 'Installed on the device' }, editable: 'never',
      help: { zh_CN: '设备当前已安装的插件及版本', en: 'The plugins and versions the device has installed now' },
    },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'plugin_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'version', width: 110, priority: 1 },
      { field: 'action', width: 90 },
      { field: 'device_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'state', width: 100, priority: 1 },
      { field: 'progress', width: 100, priority: 3 },
      { field: 'result_msg', width: 200, ellipsis: true },
      { field: 'created_by', width: 120, render: 'refLabel', priority: 3 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [
      { field: 'state', kind: 'eq' }, { field: 'plugin_id', kind: 'eq' }, { field: 'device_id', kind: 'eq' }, { field: 'action', kind: 'eq' },
      { field: 'created_at', kind: 'range' },
    ],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  detail: {
    sections: [
      { fields: ['id', 'plugin_id', 'plugin_name', 'version', 'action', 'device_id', 'serial', 'created_by', 'created_at'] },
      { title: { zh_CN: '执行情况', en: 'Outcome' }, fields: ['command_id', 'state', 'progress', 'result_code', 'result_msg', 'finished_at', 'device_plugins'] },
    ],
  },
  io: {
    export: ['id', 'plugin_name', 'version', 'action', 'serial', 'command_id', 'state', 'progress', 'result_code', 'result_msg', 'created_by', 'created_at', 'finished_at'],
  },
  page: { area: 'business', key: 'pluginLog', after: 'pluginLibrary', icon: 'FileTextOutlined' },
});
