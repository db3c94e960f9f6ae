import { z } from 'zod';
import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField } from '../common';
import { closedObject, methodField, zRowId } from '../schemas';
import { DEVICE_FAMILIES, type DeviceFamily } from '../../device/families';
import { PLUGIN_NAME_MAX, PLUGIN_VERSION_MAX, PLUGIN_VERSION_RE } from '../../device/plugins';

export { PLUGIN_NAME_MAX, PLUGIN_NAME_RE, PLUGIN_VERSION_MAX, PLUGIN_VERSION_RE } from '../../device/plugins';

/** Largest plugin package (plugins are small add-ons; firmware images have their own, larger limit). */
export const PLUGIN_MAX_BYTES = 50 * 1024 * 1024;
/** Most devices one push reaches. */
export const PLUGIN_PUSH_MAX = 1000;
/** `GET /plugin-package/<token>`: where devices download a pushed version (the token is the signature). */
export const PLUGIN_DOWNLOAD_PATH = '/plugin-package';

/** What a push asks of the devices: install the version, or remove the plugin. */
export const PLUGIN_ACTIONS = ['install', 'remove'] as const;
export type PluginAction = (typeof PLUGIN_ACTIONS)[number];
export const PLUGIN_ACTION_OPTIONS: readonly OptionDecl[] = [
  { value: 'install', label: { zh_CN: '安装', en: 'Install' }, color: 'blue' },
  { value: 'remove', label: { zh_CN: '卸载', en: 'Remove' }, color: 'orange' },
];

/**
 * The families a plugin applies to, as stored (comma-separated, each once, in `DEVICE_FAMILIES` order), or null when
 * the text names none or one that is not a family.
 */
export function normalisePluginFamilies(text: string): string | null {
  const named = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (!named.length || named.some((f) => !(DEVICE_FAMILIES as readonly string[]).includes(f))) return null;
  return DEVICE_FAMILIES.filter((f) => named.includes(f)).join(',');
}

/** The stored families as a list. */
export function pluginFamiliesOf(stored: string): DeviceFamily[] {
  return stored.split(',').filter((f): f is DeviceFamily => (DEVICE_FAMILIES as readonly string[]).includes(f));
}

/**
 * `/admin/business/plugin`: the organisation's plugin library. A plugin is an add-on devices of the families it
 * applies to may run (`wifi-analyzer`); its versions (`business.plugin_version`) carry the packages, uploaded with
 * their SHA-256 like firmware, and are pushed to devices from there.
 */
export const pluginResource = declareResource({
  key: 'business.plugin',
  path: '/admin/business/plugin',
  title: { zh_CN: '插件库', en: 'Plugin library' },
  scope: 'org',
  fields: {
    id: idField,
    name: {
      type: 'text', label: { zh_CN: '插件标识', en: 'Identifier' }, required: true, max: PLUGIN_NAME_MAX, editable: 'add',
      help: { zh_CN: '设备识别插件所用的名称：小写字母、数字和连字符，如 wifi-analyzer', en: 'The name devices know it by: lowercase letters, digits and dashes, e.g. wifi-analyzer' },
    },
    display_name: { type: 'text', label: { zh_CN: '显示名称', en: 'Display name' }, required: true, max: 100 },
    families: {
      type: 'text', label: { zh_CN: '适用设备类型', en: 'Device families' }, required: true, max: 255, widget: 'pluginFamilies',
      help: { zh_CN: '只能推送到这些类型的设备', en: 'It can be pushed to devices of these families only' },
    },
    description: { type: 'textarea', label: { zh_CN: '说明', en: 'Description' }, max: 1000 },
    version_count: { type: 'integer', label: { zh_CN: '版本数', en: 'Versions' }, editable: 'never' },
    latest_version: { type: 'text', label: { zh_CN: '最新版本', en: 'Latest version' }, editable: 'never', max: PLUGIN_VERSION_MAX },
    installed_count: {
      type: 'integer', label: { zh_CN: '已安装设备', en: 'Installed on' }, editable: 'never',
      help: { zh_CN: '本组织报告已安装该插件的设备数', en: 'Devices of the organisation that have it installed' },
    },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'name', width: 180, sortable: true, priority: 1 },
      { field: 'display_name', width: 180, priority: 1 },
      { field: 'families', width: 220, ellipsis: true },
      { field: 'latest_version', width: 130, priority: 1 },
      { field: 'version_count', width: 90, priority: 3 },
      { field: 'installed_count', width: 110 },
      { field: 'created_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'families', kind: 'tag' }],
    keyword: { fields: ['name'], placeholder: { zh_CN: '插件标识', en: 'Identifier' } },
    defaultSort: { field: 'name', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'display_name', 'families', 'description'] }] },
  detail: {
    sections: [{ fields: ['id', 'name', 'display_name', 'families', 'description', 'latest_version', 'version_count', 'installed_count', 'created_at'] }],
    tabs: [{ key: 'pluginVersions', title: { zh_CN: '版本', en: 'Versions' } }],
  },
  picker: { label: ['display_name', 'name'], search: ['name'] },
  io: { export: ['id', 'name', 'display_name', 'families', 'description', 'latest_version', 'version_count', 'installed_count', 'created_at'] },
  example: { name: 'wifi-analyzer', display_name: 'Wi-Fi analyzer', families: 'ig,ap' },
  usedBy: [
    { resource: 'business.plugin_version', field: 'plugin_id', onRemove: 'ask', label: { zh_CN: '版本', en: 'versions' }, name: 'version' },
    { resource: 'business.plugin_log', field: 'plugin_id', onRemove: 'refuse', label: { zh_CN: '推送记录', en: 'pushes' }, name: 'version' },
  ],
  page: {
    area: 'business', key: 'pluginLibrary', after: 'laundryOrder', icon: 'AppstoreOutlined', alsoResources: ['business.plugin_version'],
    permissions: [{ key: 'business.plugin_version.upload', label: { zh_CN: '插件库 · 上传版本', en: 'Plugin library · Upload versions' } }],
  },
});

/**
 * `/admin/business/plugin/version`: a plugin's versions. A version arrives by `upload` (multipart; the server
 * computes size and SHA-256 from the bytes it received), its notes are editable, and `push` installs it on chosen
 * devices (or removes the plugin from them) through device commands. A version a push names cannot be removed.
 */
export const pluginVersionResource = declareResource({
  key: 'business.plugin_version',
  path: '/admin/business/plugin/version',
  title: { zh_CN: '插件版本', en: 'Plugin versions' },
  scope: 'org',
  fields: {
    id: idField,
    plugin_id: { type: 'ref', label: { zh_CN: '插件', en: 'Plugin' }, ref: { resource: 'business.plugin' }, required: true, editable: 'never' },
    version: { type: 'text', label: { zh_CN: '版本', en: 'Version' }, required: true, max: PLUGIN_VERSION_MAX, editable: 'never' },
    filename: { type: 'text', label: { zh_CN: '文件名', en: 'File name' }, max: 255, editable: 'never' },
    file_size: { type: 'integer', label: { zh_CN: '大小（字节）', en: 'Size (bytes)' }, editable: 'never' },
    sha256: { type: 'text', label: { zh_CN: 'SHA-256', en: 'SHA-256' }, max: 64, editable: 'never' },
    notes: { type: 'textarea', label: { zh_CN: '发布说明', en: 'Release notes' }, max: 2000 },
    push_action: {
      type: 'select', label: { zh_CN: '推送操作', en: 'Push' }, options: PLUGIN_ACTION_OPTIONS, default: 'install', writeOnly: true, editable: 'never',
    },
    device_ids: {
      type: 'refMany', label: { zh_CN: '设备', en: 'Devices' }, ref: { resource: 'device.binding' }, max: PLUGIN_PUSH_MAX, writeOnly: true, editable: 'never',
      help: { zh_CN: '本组织的设备，类型须为插件适用的类型', en: 'Devices of the organisation, of a family the plugin applies to' },
    },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'update', 'remove'],
  list: {
    columns: [
      { field: 'version', width: 140, sortable: true, priority: 1 },
      { field: 'filename', width: 180, ellipsis: true, priority: 3 },
      { field: 'file_size', width: 120 },
      { field: 'sha256', width: 200, ellipsis: true, priority: 3 },
      { field: 'notes', ellipsis: true },
      { field: 'created_at', width: 180, sortable: true, priority: 1 },
    ],
    filters: [{ field: 'plugin_id', kind: 'eq' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['notes'] }] },
  detail: { sections: [{ fields: ['id', 'plugin_id', 'version', 'filename', 'file_size', 'sha256', 'notes', 'created_at'] }] },
  actions: [
    {
      name: 'push', label: { zh_CN: '推送', en: 'Push' }, placement: 'row', fields: ['push_action', 'device_ids'],
      confirm: { zh_CN: '确定向所选设备推送吗？离线设备上线后执行。', en: 'Push to the chosen devices? Offline devices get it when they come back.' },
    },
  ],
  picker: { label: ['version'], search: ['version'] },
  usedBy: [
    { resource: 'business.plugin_log', field: 'version_id', onRemove: 'refuse', label: { zh_CN: '推送记录', en: 'pushes' }, name: 'version' },
  ],
});

/** `upload`'s fields besides the file (multipart: every value arrives as text). */
export const pluginUploadFields = {
  method: methodField,
  plugin_id: zRowId,
  version: z.string({ error: 'validation.required' }).trim().max(PLUGIN_VERSION_MAX, 'validation.tooLong').regex(PLUGIN_VERSION_RE, 'validation.pluginVersion'),
  notes: z.string().max(2000, 'validation.tooLong').default(''),
};
/** For the console's form: the same fields without the file. */
export const pluginUploadForm = closedObject(pluginUploadFields);

/** The message key refusing an empty or oversized plugin package. */
export const PLUGIN_SIZE_MESSAGE = `validation.pluginSize:${PLUGIN_MAX_BYTES / 1024 / 1024}`;
