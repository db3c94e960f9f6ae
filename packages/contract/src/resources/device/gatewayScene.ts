import { declareResource } from '../types';
import { createdAtField, idField, updatedAtField } from '../common';
import { COMMAND_STATE_LABELS, COMMAND_STATES } from '../../device/commandStates';
import { SCENE_TRIGGER_LABELS, SCENE_TRIGGERS } from '../../device/scenes';

/**
 * `/admin/device/gateway_scene` (SPEC §7): smart-control scenes. The engine keeps each scene's identity (name, place,
 * switch, note); its programme — trigger and steps — is saved whole by the method `program` from the editor at
 * `/allintelligence/allintelligence`, and `run` sends it to the place's gateway as the `scene` command.
 */
export const gatewaySceneResource = declareResource({
  key: 'device.gateway_scene',
  path: '/admin/device/gateway_scene',
  title: { zh_CN: '网关场景', en: 'Gateway scenes' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '场景名称', en: 'Scene name' }, required: true, max: 64 },
    place_id: {
      type: 'ref', label: { zh_CN: '场所', en: 'Place' }, ref: { resource: 'device.gateway_place' }, required: true,
      help: { zh_CN: '场景由该场所的网关执行', en: "The place's gateway runs the scene" },
    },
    enabled: {
      type: 'boolean', label: { zh_CN: '启用', en: 'Enabled' }, default: true,
      help: { zh_CN: '停用的场景不会被定时或事件触发，仍可手动执行', en: 'A disabled scene is not run by its schedule or event; it can still be run by hand' },
    },
    trigger: {
      type: 'select', label: { zh_CN: '触发方式', en: 'Trigger' }, editable: 'never', default: 'manual',
      options: SCENE_TRIGGERS.map((k) => ({ value: k, label: SCENE_TRIGGER_LABELS[k] })),
    },
    cron: { type: 'text', label: { zh_CN: '执行计划', en: 'Schedule' }, editable: 'never' },
    time_zone: { type: 'text', label: { zh_CN: '时区', en: 'Time zone' }, editable: 'never' },
    event_code: { type: 'text', label: { zh_CN: '触发事件', en: 'Trigger event' }, editable: 'never' },
    actions: { type: 'json', label: { zh_CN: '动作', en: 'Steps' }, editable: 'never' },
    steps: { type: 'integer', label: { zh_CN: '动作数', en: 'Steps' }, editable: 'never' },
    next_run_at: { type: 'datetime', label: { zh_CN: '下次执行', en: 'Next run' }, editable: 'never' },
    last_run_at: { type: 'datetime', label: { zh_CN: '上次执行', en: 'Last run' }, editable: 'never' },
    last_state: {
      type: 'select', label: { zh_CN: '上次结果', en: 'Last result' }, editable: 'never',
      options: COMMAND_STATES.map((s) => ({ value: s, label: COMMAND_STATE_LABELS[s], color: COMMAND_STATE_LABELS[s].color })),
    },
    note: { type: 'textarea', label: { zh_CN: '备注', en: 'Note' }, max: 500, default: '' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove'],
  list: {
    columns: [
      { field: 'name', width: 180, sortable: true, priority: 1, render: 'sceneLink' },
      { field: 'place_id', width: 160 },
      { field: 'enabled', width: 90 },
      { field: 'trigger', width: 130 },
      { field: 'steps', width: 90 },
      { field: 'next_run_at', width: 180, priority: 3 },
      { field: 'last_run_at', width: 180, sortable: true },
      { field: 'last_state', width: 110 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'place_id', kind: 'eq' }, { field: 'trigger', kind: 'eq' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['name', 'place_id', 'enabled', 'note'] }] },
  actions: [
    {
      name: 'run', label: { zh_CN: '立即执行', en: 'Run now' }, placement: 'row',
      confirm: { zh_CN: '将场景下发到场所的网关执行，确定吗？', en: "Send the scene to the place's gateway to run now?" },
    },
  ],
  example: { name: 'Good night', place_id: 1, enabled: true },
  page: { area: 'equipment', key: 'gatewayScene', path: 'gateway_scene', after: 'gatewayPlace', icon: 'ThunderboltOutlined' },
});
