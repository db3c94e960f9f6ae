import { z } from 'zod';
import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, statusOptions, STATUS_ENABLED } from '../common';
import { closedObject, methodField } from '../schemas';
import { DEVICE_FAMILIES, DEVICE_FAMILY_LABELS } from '../../device/families';

/** A package version: digits, letters and `.`, `_`, `+`, `-` (semantic versions, vendor builds). */
export const FIRMWARE_VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;
/** Models a package fits, comma-separated; empty: every model of its family. */
export const FIRMWARE_MODELS_RE = /^$|^[A-Za-z0-9._-]{1,64}(\s*,\s*[A-Za-z0-9._-]{1,64}){0,49}$/;

/**
 * What a package carries (SPEC §5/§9): a firmware image, an app (APK) or a video for the screens, each with its own
 * size limit. The upload is streamed to disk and hashed on the way, so even the largest is never held in memory.
 */
export const PACKAGE_KINDS = ['firmware', 'app', 'video'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];
const MB = 1024 * 1024;
export const PACKAGE_MAX_BYTES: Record<PackageKind, number> = { firmware: 100 * MB, app: 300 * MB, video: 1024 * MB };
export const PACKAGE_KIND_LABELS: Record<PackageKind, { zh_CN: string; en: string }> = {
  firmware: { zh_CN: '固件', en: 'Firmware' },
  app: { zh_CN: '应用 (APK)', en: 'App (APK)' },
  video: { zh_CN: '视频 (MP4)', en: 'Video (MP4)' },
};
/** The message key refusing a file of `kind` that is empty or too large (it names the limit in MB). */
export const packageSizeMessage = (kind: PackageKind): string => `validation.firmwareSize:${PACKAGE_MAX_BYTES[kind] / MB}`;
/** The largest upload any kind allows: the streaming route's own limit. */
export const PACKAGE_UPLOAD_MAX_BYTES = Math.max(...Object.values(PACKAGE_MAX_BYTES));

/**
 * Orders two versions segment by segment (`.`, `-`, `_`, `+` separate): numbers as numbers, other segments as
 * text; a missing segment is lower (1.2 < 1.2.1). Negative, zero or positive like a sort comparator.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[._+-]/);
  const pb = b.split(/[._+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    const c = !Number.isNaN(nx) && !Number.isNaN(ny) ? nx - ny : x.localeCompare(y);
    if (c !== 0) return c;
  }
  return 0;
}

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
    kind: {
      type: 'select', label: { zh_CN: '包类型', en: 'Package kind' }, required: true, editable: 'never', default: 'firmware',
      options: PACKAGE_KINDS.map((k) => ({ value: k, label: PACKAGE_KIND_LABELS[k] })),
    },
    min_version: {
      type: 'text', label: { zh_CN: '最低当前版本', en: 'Minimum current version' }, max: 64,
      help: { zh_CN: '设备当前版本低于此版本时不升级（留空表示不限）', en: 'Devices running an older version are left out (empty: any)' },
    },
    filename: { type: 'text', label: { zh_CN: '文件名', en: 'File name' }, max: 255, editable: 'never' },
    size: { type: 'integer', label: { zh_CN: '大小（字节）', en: 'Size (bytes)' }, editable: 'never' },
    sha256: { type: 'text', label: { zh_CN: 'SHA-256', en: 'SHA-256' }, max: 64, editable: 'never' },
    notes: { type: 'textarea', label: { zh_CN: '发布说明（中文）', en: 'Release notes (Chinese)' }, max: 2000 },
    notes_en: { type: 'textarea', label: { zh_CN: '发布说明（英文）', en: 'Release notes (English)' }, max: 2000 },
    status: { type: 'select', label: { zh_CN: '状态', en: 'Status' }, options: statusOptions, editable: 'never', default: STATUS_ENABLED },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'version', width: 140, sortable: true, priority: 1 },
      { field: 'family', width: 130, priority: 1 },
      { field: 'kind', width: 120 },
      { field: 'models', width: 180, ellipsis: true },
      { field: 'size', width: 130 },
      { field: 'sha256', width: 220, ellipsis: true, priority: 3 },
      { field: 'status', width: 100, priority: 1 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'version', kind: 'prefix' }, { field: 'family', kind: 'eq' }, { field: 'kind', kind: 'eq' }, { field: 'status', kind: 'eq' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['models', 'min_version', 'notes', 'notes_en'] }] },
  detail: { sections: [{ fields: ['id', 'version', 'family', 'kind', 'models', 'min_version', 'filename', 'size', 'sha256', 'notes', 'notes_en', 'status', 'created_at'] }] },
  actions: enableDisableActions('status', { zh_CN: '固件', en: 'packages' }),
  picker: { label: ['version', 'family'], search: ['version'] },
  io: { export: ['id', 'version', 'family', 'kind', 'models', 'min_version', 'filename', 'size', 'sha256', 'notes', 'notes_en', 'status', 'created_at'] },
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
  kind: z.enum(PACKAGE_KINDS, { error: 'validation.option' }).default('firmware'),
  min_version: z.string().trim().refine((v) => v === '' || FIRMWARE_VERSION_RE.test(v), 'validation.firmwareVersion').default(''),
  notes: z.string().max(2000, 'validation.tooLong').default(''),
  notes_en: z.string().max(2000, 'validation.tooLong').default(''),
};
/** For the console's form: the same fields without the file. */
export const firmwareUploadForm = closedObject(firmwareUploadFields);
