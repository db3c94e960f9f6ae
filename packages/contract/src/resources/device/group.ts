import { declareResource, type FieldDecl, type Label } from '../types';
import { createdAtField, idField, updatedAtField } from '../common';

const defaultTemplate = (kind: 'ap' | 'lan' | 'phone', zh_CN: string, en: string): FieldDecl => ({
  type: 'ref', label: { zh_CN, en }, ref: { resource: `device.${kind}_template` },
  help: {
    zh_CN: '加入此分组的该类设备自动应用此模板（优先于型号默认模板）',
    en: 'A device of a family it fits that joins this group gets this template (ahead of its model\'s default)',
  },
});

const inGroup: Label = { zh_CN: '分组中的设备', en: 'devices in the group' };

/**
 * `/admin/device/group` (issue 12): an organisation's device groups. A group holds configuration variables, between
 * the device's own and the organisation's in precedence (docs/config-variables.md), and a default template per kind
 * that a device joining the group gets. Templates can be applied to a group's devices.
 */
export const deviceGroupResource = declareResource({
  key: 'device.group',
  path: '/admin/device/group',
  title: { zh_CN: '设备分组', en: 'Device groups' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '分组名称', en: 'Group name' }, required: true, max: 64 },
    description: { type: 'textarea', label: { zh_CN: '描述', en: 'Description' }, max: 500, default: '' },
    config_variables: {
      type: 'textarea', label: { zh_CN: '分组配置变量', en: 'Group variables' }, max: 20_000, default: '{}', widget: 'configVariables',
      help: {
        zh_CN: '模板中 {{ 变量名 }} 的取值：设备变量 > 分组变量 > 组织变量 > 模板默认值',
        en: 'Values of the templates\' {{ name }} placeholders: device > group > organisation > template default',
      },
    },
    ap_template_id: defaultTemplate('ap', '默认 AP 模板', 'Default AP template'),
    lan_template_id: defaultTemplate('lan', '默认 LAN 模板', 'Default LAN template'),
    phone_template_id: defaultTemplate('phone', '默认电话模板', 'Default phone template'),
    devices: { type: 'integer', label: { zh_CN: '设备数', en: 'Devices' }, editable: 'never' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'name', width: 200, sortable: true, priority: 1 },
      { field: 'description', ellipsis: true },
      { field: 'ap_template_id', width: 160 },
      { field: 'lan_template_id', width: 160 },
      { field: 'phone_template_id', width: 160 },
      { field: 'devices', width: 100, priority: 1 },
      { field: 'updated_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }],
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: {
    columns: 1,
    sections: [
      { fields: ['name', 'description'] },
      { title: { zh_CN: '配置变量', en: 'Configuration variables' }, fields: ['config_variables'] },
      { title: { zh_CN: '默认模板', en: 'Default templates' }, fields: ['ap_template_id', 'lan_template_id', 'phone_template_id'] },
    ],
  },
  detail: {
    sections: [{ fields: ['id', 'name', 'description', 'config_variables', 'ap_template_id', 'lan_template_id', 'phone_template_id', 'devices', 'created_at', 'updated_at'] }],
  },
  picker: { label: ['name'], search: ['name'], open: true },
  io: { export: ['id', 'name', 'description', 'config_variables', 'devices', 'created_at'] },
  usedBy: [{ resource: 'device.binding', field: 'group_id', onRemove: 'ask', label: inGroup, name: 'serial' }],
  example: { name: 'Lobby APs', description: 'Access points of the lobby', config_variables: '{"site":"Lobby"}' },
  page: { area: 'equipment', key: 'group', path: 'group', after: 'device', icon: 'AppstoreOutlined' },
});
