import { z } from 'zod';
import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, statusOptions, STATUS_ENABLED } from '../common';
import { closedObject, methodField } from '../schemas';
import { DEVICE_FAMILIES, DEVICE_FAMILY_LABELS } from '../../device/families';

/** A package version: digits, letters and `.`, `_`, `+`, `-` (semantic versions, vendor builds). */
export const FIRMWARE_VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;
/** Models a package fits, comma-separated; empty: every model of its family. */
export const FIRMWARE_MODELS_RE = /^$|^[A-Za-z0-9._-]{1,64}(\s*,\s*[A-Za-z0-9._-]{1,64}){0,49}$/;

/** The model list as stored: trimmed, de-duplicated, comma-separated. */
export function normaliseModels(text: string): string {
  return [...new Set(text.split(',').map((m) => m.trim()).filter(Boolean))].join(',');
}

/**
 * `/admin/upgrade/firmware`: firmware packages of the organisation. A package arrives by `upload` (a multipart body
 * with the file; the server computes its size and SHA-256), is edited (models, release notes), enabled or disabled;
 * only an enabled package can start a campaign, and devices download it from a signed link the campaign hands them.
 */
export const firmwareResource = declareResource({
  key: 'upgrade.firmware',
  path: '/admin/upgrade/firmware',
  title: { zh_CN: '固件管理', en: 'Firmware' },
  scope: 'org',
  fields: {
    id: idField,
    version: { type: 'text', label: { zh_CN: '版本', en: 'Version' }, required: true, max: 64, editable: 'never' },
    family: {
      type: 'select', label: { zh_CN: '设备类型', en: 'Device family' }, required: true, editable: 'never',
      options: DEVICE_FAMILIES.map((f) => ({ value: f, label: DEVICE_FAMILY_LABELS[f] })),
    },
    models: {
      type: 'text', label: { zh_CN: '适用型号', en: 'Models' }, max: 2000,
      help: { zh_CN: '多个型号用逗号分隔；留空表示该类型的全部型号', en: 'Comma-separated; empty means every model of the family' },
    },
    filename: { type: 'text', label: { zh_CN: '文件名', en: 'File name' }, max: 255, editable: 'never' },
    size: { type: 'integer', label: { zh_CN: '大小（字节）', en: 'Size (bytes)' }, editable: 'never' },
    sha256: { type: 'text', label: { zh_CN: 'SHA-256', en: 'SHA-256' }, max: 64, editable: 'never' },
    notes: { type: 'textarea', label: { zh_CN: '发布说明', en: 'Release notes' }, max: 2000 },
    status: { type: 'select', label: { zh_CN: '状态', en: 'Status' }, options: statusOptions, editable: 'never', default: STATUS_ENABLED },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'version', width: 140, sortable: true, priority: 1 },
      { field: 'family', width: 130, priority: 1 },
      { field: 'models', width: 180, ellipsis: true },
      { field: 'size', width: 130 },
      { field: 'sha256', width: 220, ellipsis: true, priority: 3 },
      { field: 'status', width: 100, priority: 1 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'version', kind: 'prefix' }, { field: 'family', kind: 'eq' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['models', 'notes'] }] },
  detail: { sections: [{ fields: ['id', 'version', 'family', 'models', 'filename', 'size', 'sha256', 'notes', 'status', 'created_at'] }] },
  actions: enableDisableActions('status', { zh_CN: '固件', en: 'packages' }),
  picker: { label: ['version', 'family'], search: ['version'] },
  io: { export: ['id', 'version', 'family', 'models', 'filename', 'size', 'sha256', 'notes', 'status', 'created_at'] },
  usedBy: [{ resource: 'upgrade.campaign', field: 'firmware_id', onRemove: 'refuse', label: { zh_CN: '升级任务', en: 'campaigns' }, name: 'name' }],
  page: {
    area: 'upgrade', key: 'firmware', icon: 'CloudUploadOutlined',
    permissions: [{ key: 'upgrade.firmware.upload', label: { zh_CN: '上传固件', en: 'Upload firmware' } }],
  },
});

/** `upload`'s fields besides the file (multipart: every value arrives as text). */
export const firmwareUploadFields = {
  method: methodField,
  version: z.string({ error: 'validation.required' }).trim().regex(FIRMWARE_VERSION_RE, 'validation.firmwareVersion'),
  family: z.enum(DEVICE_FAMILIES, { error: 'validation.option' }),
  models: z.string().trim().max(2000, 'validation.tooLong').regex(FIRMWARE_MODELS_RE, 'validation.firmwareModels').default(''),
  notes: z.string().max(2000, 'validation.tooLong').default(''),
};
/** For the console's form: the same fields without the file. */
export const firmwareUploadForm = closedObject(firmwareUploadFields);
