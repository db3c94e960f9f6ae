import { declareResource, type ActionDecl, type FieldDecl, type Label } from '../types';
import { booleanOptions, createdAtField, idField, updatedAtField } from '../common';
import {
  LAN_PORTS_MAX, PHONE_PORT_MAX, PHONE_PORT_MIN, REGISTER_INTERVAL_MAX, REGISTER_INTERVAL_MIN, ROAMING_MIN, SPEED_MAX_KBPS,
  VLAN_MAX, VLAN_MIN,
} from '../../device/templates';

/**
 * Configuration templates (SPEC §3, §7 `ap/template`, `lan_template`, `phone_template`): an organisation's AP, LAN
 * and phone templates. `apply` stores the template's configuration as the one in effect on each chosen device (ids,
 * or a filter over the devices of the families it fits) with the next version number, and sends it through a
 * persisted `config_push` command; the devices tab follows each device's sync state live.
 */

const name: FieldDecl = { type: 'text', label: { zh_CN: '模板名称', en: 'Template name' }, required: true, max: 64 };
const speed = (zh_CN: string, en: string): FieldDecl => ({
  type: 'integer', label: { zh_CN, en }, min: 0, max: SPEED_MAX_KBPS, default: 0,
  help: { zh_CN: '单位 kbit/s，0 表示不限速', en: 'In kbit/s; 0 means unlimited' },
});
const whitelist: FieldDecl = {
  type: 'textarea', label: { zh_CN: '域名白名单', en: 'Domain whitelist' }, max: 8000, default: '',
  help: { zh_CN: '每行或以逗号分隔一个域名，最多 100 个', en: 'One domain per line or comma-separated, at most 100' },
};
/** Default values of the template's `{{ name }}` placeholders: the lowest level (docs/config-variables.md). */
const variables: FieldDecl = {
  type: 'textarea', label: { zh_CN: '变量默认值', en: 'Variable defaults' }, max: 20_000, default: '{}', widget: 'configVariables',
  help: {
    zh_CN: '文本值中可写 {{ 变量名 }}，按设备变量 > 分组变量 > 组织变量 > 此处默认值取值',
    en: 'Text values may hold {{ name }}; each device fills it from its own variables, then its group\'s, then the organisation\'s, then these defaults',
  },
};
/** The device model this template is the default of: a new device of that model gets it at its next hello. */
const defaultModel: FieldDecl = {
  type: 'text', label: { zh_CN: '默认型号', en: 'Default for model' }, max: 64, default: '',
  help: { zh_CN: '填写设备型号后，新登记或认领的该型号设备自动应用此模板', en: 'A newly registered or claimed device of this model gets this template' },
};
const version: FieldDecl = { type: 'integer', label: { zh_CN: '修订版本', en: 'Revision' }, editable: 'never' };
const devicesCount: FieldDecl = { type: 'integer', label: { zh_CN: '已应用设备', en: 'Devices' }, editable: 'never' };

/** `apply`'s form: devices by id, or a filter over the families the template fits. */
const applyFields = {
  device_ids: {
    type: 'refMany', label: { zh_CN: '指定设备', en: 'Devices' }, ref: { resource: 'device.binding' }, max: 10_000, editable: 'never',
    help: { zh_CN: '指定设备，或留空并按分组或下面的条件选择该模板适用的全部设备', en: 'Pick devices, or leave empty to reach every device the template fits in the group or matching the filter below' },
  },
  group_id: {
    type: 'ref', label: { zh_CN: '按设备分组', en: 'Device group' }, ref: { resource: 'device.group' }, editable: 'never',
    help: { zh_CN: '该分组中此模板适用的全部设备', en: 'Every device of the group that the template fits' },
  },
  filter_model: { type: 'text', label: { zh_CN: '按型号', en: 'Filter: model' }, max: 64, editable: 'never' },
  filter_online: { type: 'select', label: { zh_CN: '仅在线设备', en: 'Filter: online only' }, options: booleanOptions, editable: 'never' },
} satisfies Record<string, FieldDecl>;

const applyAction: ActionDecl<keyof typeof applyFields> = {
  name: 'apply', label: { zh_CN: '应用到设备', en: 'Apply to devices' }, placement: 'row',
  fields: ['device_ids', 'group_id', 'filter_model', 'filter_online'],
  optional: ['device_ids', 'group_id', 'filter_model', 'filter_online'],
};

const variablesTitle: Label = { zh_CN: '变量与默认型号', en: 'Variables and default model' };
const devicesTab = [{ key: 'templateDevices', title: { zh_CN: '设备同步状态', en: 'Device sync' } }] as const;
const page = (key: string, path: string, after: string): { area: string; key: string; path: string; after: string; icon: string } => ({
  area: 'equipment', key, path, after, icon: 'ControlOutlined',
});
/** Device groups naming a template as their default: removing it clears that default (after a confirmation). */
const groupsUsing = (kind: 'ap' | 'lan' | 'phone') => [{
  resource: 'device.group', field: `${kind}_template_id`, onRemove: 'ask' as const, label: { zh_CN: '以其为默认模板的设备分组', en: 'device groups using it as default' }, name: 'name',
}];
const title = (zh_CN: string, en: string): Label => ({ zh_CN, en });

export const apTemplateResource = declareResource({
  key: 'device.ap_template',
  path: '/admin/device/ap/template',
  title: title('AP 模板', 'AP templates'),
  scope: 'org',
  fields: {
    id: idField,
    name,
    roaming_threshold: {
      type: 'integer', label: { zh_CN: '漫游阈值（dBm）', en: 'Roaming threshold (dBm)' }, min: ROAMING_MIN, max: 0, default: 0,
      help: { zh_CN: '-100 至 -60，0 表示关闭漫游', en: '-100 to -60; 0 turns roaming off' },
    },
    lan_ports: { type: 'integer', label: { zh_CN: 'LAN 口数量', en: 'LAN ports' }, min: 0, max: LAN_PORTS_MAX, default: 1 },
    ssids: { type: 'textarea', label: { zh_CN: 'SSID 列表', en: 'SSIDs' }, required: true, max: 20_000, widget: 'apSsids' },
    radio_24: { type: 'textarea', label: { zh_CN: '2.4G 射频', en: '2.4G radio' }, required: true, max: 2000, widget: 'apRadio24' },
    radio_5: { type: 'textarea', label: { zh_CN: '5G 射频', en: '5G radio' }, required: true, max: 2000, widget: 'apRadio5' },
    up_limit_kbps: speed('上行限速', 'Upstream limit'),
    down_limit_kbps: speed('下行限速', 'Downstream limit'),
    whitelist,
    variables,
    default_model: defaultModel,
    version,
    devices: devicesCount,
    ...applyFields,
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'name', width: 200, sortable: true, priority: 1 },
      { field: 'roaming_threshold', width: 150 },
      { field: 'lan_ports', width: 110 },
      { field: 'version', width: 100, priority: 3 },
      { field: 'devices', width: 110, priority: 1 },
      { field: 'updated_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }],
    defaultSort: { field: 'updated_at', order: 'desc' },
  },
  form: {
    columns: 1,
    sections: [
      { fields: ['name', 'roaming_threshold', 'lan_ports'] },
      { title: { zh_CN: 'SSID', en: 'SSIDs' }, fields: ['ssids'] },
      { title: { zh_CN: '射频', en: 'Radios' }, fields: ['radio_24', 'radio_5'] },
      { title: { zh_CN: '限速与白名单', en: 'Limits and whitelist' }, fields: ['up_limit_kbps', 'down_limit_kbps', 'whitelist'] },
      { title: variablesTitle, fields: ['variables', 'default_model'] },
    ],
  },
  detail: {
    sections: [{ fields: ['id', 'name', 'roaming_threshold', 'lan_ports', 'up_limit_kbps', 'down_limit_kbps', 'whitelist', 'variables', 'default_model', 'version', 'devices', 'created_at', 'updated_at'] }],
    tabs: devicesTab,
  },
  actions: [applyAction],
  picker: { label: ['name'], search: ['name'] },
  io: { export: ['id', 'name', 'roaming_threshold', 'lan_ports', 'ssids', 'radio_24', 'radio_5', 'up_limit_kbps', 'down_limit_kbps', 'whitelist', 'version', 'created_at'] },
  example: {
    name: 'Example AP template', roaming_threshold: -75, lan_ports: 1,
    ssids: '[{"name":"Guest","broadcast":true,"encryption":"wpa2_psk","password":"example-pass","isolation":true,"max_users":64,"vlan":10,"kvr_disable":false}]',
    radio_24: '{"bandwidth":"20","power":20,"channel":6}', radio_5: '{"bandwidth":"80","power":23,"channel":36}',
  },
  usedBy: groupsUsing('ap'),
  page: page('apTemplate', 'ap/template', 'ap'),
});

export const lanTemplateResource = declareResource({
  key: 'device.lan_template',
  path: '/admin/device/lan_template',
  title: title('LAN 模板', 'LAN templates'),
  scope: 'org',
  fields: {
    id: idField,
    name,
    lan_ports: { type: 'integer', label: { zh_CN: 'LAN 口数量', en: 'LAN ports' }, required: true, min: 1, max: LAN_PORTS_MAX, default: 4 },
    vlan: { type: 'integer', label: { zh_CN: 'VLAN', en: 'VLAN' }, required: true, min: VLAN_MIN, max: VLAN_MAX, default: 1 },
    dhcp: { type: 'boolean', label: { zh_CN: 'DHCP 服务', en: 'DHCP server' }, default: true },
    up_limit_kbps: speed('上行限速', 'Upstream limit'),
    down_limit_kbps: speed('下行限速', 'Downstream limit'),
    whitelist,
    variables,
    default_model: defaultModel,
    version,
    devices: devicesCount,
    ...applyFields,
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'name', width: 200, sortable: true, priority: 1 },
      { field: 'lan_ports', width: 110 },
      { field: 'vlan', width: 90 },
      { field: 'dhcp', width: 100 },
      { field: 'devices', width: 110, priority: 1 },
      { field: 'updated_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }],
    defaultSort: { field: 'updated_at', order: 'desc' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['name', 'lan_ports', 'vlan', 'dhcp', 'up_limit_kbps', 'down_limit_kbps'] }, { fields: ['whitelist'] },
      { title: variablesTitle, fields: ['variables', 'default_model'] },
    ],
  },
  detail: {
    sections: [{ fields: ['id', 'name', 'lan_ports', 'vlan', 'dhcp', 'up_limit_kbps', 'down_limit_kbps', 'whitelist', 'variables', 'default_model', 'version', 'devices', 'created_at', 'updated_at'] }],
    tabs: devicesTab,
  },
  actions: [applyAction],
  picker: { label: ['name'], search: ['name'] },
  io: { export: ['id', 'name', 'lan_ports', 'vlan', 'dhcp', 'up_limit_kbps', 'down_limit_kbps', 'whitelist', 'version', 'created_at'] },
  example: { name: 'Example LAN template', lan_ports: 4, vlan: 100, dhcp: true },
  usedBy: groupsUsing('lan'),
  page: page('lanTemplate', 'lan_template', 'apTemplate'),
});

export const phoneTemplateResource = declareResource({
  key: 'device.phone_template',
  path: '/admin/device/phone_template',
  title: title('电话模板', 'Phone templates'),
  scope: 'org',
  fields: {
    id: idField,
    name,
    account: { type: 'text', label: { zh_CN: '电话账号', en: 'Phone account' }, required: true, max: 64 },
    password: {
      type: 'text', label: { zh_CN: '账号密码', en: 'Account password' }, required: true, max: 64, writeOnly: true,
      help: { zh_CN: '下发给设备用于注册；列表中不显示', en: 'Sent to the device to register; never shown in lists' },
    },
    server: { type: 'text', label: { zh_CN: '注册服务器', en: 'Registration server' }, required: true, max: 253 },
    port: { type: 'integer', label: { zh_CN: '注册端口', en: 'Registration port' }, required: true, min: PHONE_PORT_MIN, max: PHONE_PORT_MAX, default: 5060 },
    register_interval_s: {
      type: 'integer', label: { zh_CN: '注册间隔（秒）', en: 'Registration interval (s)' }, required: true,
      min: REGISTER_INTERVAL_MIN, max: REGISTER_INTERVAL_MAX, default: 300,
    },
    variables,
    default_model: defaultModel,
    version,
    devices: devicesCount,
    ...applyFields,
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'name', width: 200, sortable: true, priority: 1 },
      { field: 'account', width: 140 },
      { field: 'server', width: 200, ellipsis: true },
      { field: 'port', width: 90 },
      { field: 'devices', width: 110, priority: 1 },
      { field: 'updated_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'name', kind: 'prefix' }],
    defaultSort: { field: 'updated_at', order: 'desc' },
  },
  form: {
    columns: 2,
    sections: [{ fields: ['name', 'account', 'password', 'server', 'port', 'register_interval_s'] }, { title: variablesTitle, fields: ['variables', 'default_model'] }],
  },
  detail: {
    sections: [{ fields: ['id', 'name', 'account', 'server', 'port', 'register_interval_s', 'variables', 'default_model', 'version', 'devices', 'created_at', 'updated_at'] }],
    tabs: devicesTab,
  },
  actions: [applyAction],
  picker: { label: ['name'], search: ['name'] },
  io: { export: ['id', 'name', 'account', 'server', 'port', 'register_interval_s', 'version', 'created_at'] },
  example: { name: 'Example phone template', account: '8001', password: 'sip-secret', server: 'sip.example.com', port: 5060, register_interval_s: 300 },
  usedBy: groupsUsing('phone'),
  page: page('phoneTemplate', 'phone_template', 'lanTemplate'),
});
