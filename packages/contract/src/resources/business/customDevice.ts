import { declareResource, type OptionDecl } from '../types';
import { booleanOptions, createdAtField, enableDisableActions, idField, remarkField, statusField, updatedAtField } from '../common';
import { DEVICE_FAMILIES, DEVICE_FAMILY_LABELS } from '../../device/families';

/** A model code: letters, digits, `-`, `_` and `.`, as vendors print them. */
export const CUSTOM_DEVICE_MODEL_CODE_RE = /^[A-Za-z0-9._-]{1,64}$/;
export const CUSTOM_DEVICE_PORTS_MAX = 512;

/** The platform's device families, plus "other" for what fits none of them. */
export const customDeviceFamilyOptions: readonly OptionDecl[] = [
  ...DEVICE_FAMILIES.map((f) => ({ value: f, label: DEVICE_FAMILY_LABELS[f] })),
  { value: 'other', label: { zh_CN: '其他', en: 'Other' } },
];

/**
 * SPEC §2 business "custom device models" (自定义设备型号): third-party models an organisation keeps beside the
 * platform's catalogue (a switch bought elsewhere, a camera), with its family, ports, PoE and a picture.
 */
export const customDeviceResource = declareResource({
  key: 'business.custom_device',
  path: '/admin/business/custom_device',
  title: { zh_CN: '自定义设备型号', en: 'Custom device models' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 100 },
    brand: { type: 'text', label: { zh_CN: '品牌', en: 'Brand' }, max: 64, default: '' },
    model_code: {
      type: 'text', label: { zh_CN: '型号编码', en: 'Model code' }, required: true, max: 64,
      help: { zh_CN: '字母、数字及 - _ .，组织内唯一', en: 'Letters, digits, - _ and . ; unique in the organisation' },
    },
    family: { type: 'select', label: { zh_CN: '设备类型', en: 'Family' }, options: customDeviceFamilyOptions, default: 'other' },
    ports: { type: 'integer', label: { zh_CN: '端口数', en: 'Ports' }, min: 0, max: CUSTOM_DEVICE_PORTS_MAX, default: 0 },
    poe: { type: 'select', label: { zh_CN: 'PoE 供电', en: 'PoE' }, options: booleanOptions, default: 0 },
    image: {
      type: 'image', label: { zh_CN: '图片', en: 'Image' }, upload: 'upload_image', max: 2048, default: '',
      help: { zh_CN: '支持 JPG、PNG、GIF，不超过 10MB', en: 'JPG, PNG or GIF up to 10 MB' },
    },
    remark: remarkField,
    status: statusField,
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'image', width: 90, render: 'image', priority: 3 },
      { field: 'name', width: 180, sortable: true, priority: 1 },
      { field: 'brand', width: 120 },
      { field: 'model_code', width: 160, sortable: true, priority: 1 },
      { field: 'family', width: 130 },
      { field: 'ports', width: 90 },
      { field: 'poe', width: 90 },
      { field: 'status', width: 100, priority: 1 },
      { field: 'updated_at', width: 180, sortable: true, priority: 3 },
    ],
    filters: [
      { field: 'family', kind: 'eq' }, { field: 'status', kind: 'eq' }, { field: 'brand', kind: 'eq' },
      { field: 'model_code', kind: 'prefix' }, { field: 'name', kind: 'prefix' },
    ],
    keyword: { fields: ['name', 'model_code'], placeholder: { zh_CN: '名称或型号编码', en: 'Name or model code' } },
    defaultSort: { field: 'name', order: 'asc' },
  },
  form: { columns: 2, sections: [{ fields: ['name', 'brand', 'model_code', 'family', 'ports', 'poe', 'image', 'remark'] }] },
  actions: enableDisableActions('status', { zh_CN: '设备型号', en: 'device models' }),
  picker: { label: ['name', 'model_code'], search: ['name', 'model_code'] },
  page: {
    area: 'business', key: 'customDevice', after: 'randomCode', icon: 'ApiOutlined',
    permissions: [{ key: 'business.custom_device.upload_image', label: { zh_CN: '自定义设备型号 · 上传图片', en: 'Custom device models · Upload images' } }],
  },
  io: {
    import: ['name', 'brand', 'model_code', 'family', 'ports', 'poe', 'image', 'remark'],
    export: ['id', 'name', 'brand', 'model_code', 'family', 'ports', 'poe', 'image', 'remark', 'status', 'created_at', 'updated_at'],
  },
  example: { name: 'Outdoor switch 8', brand: 'Acme', model_code: 'ACM-SW8.P', family: 'switch', ports: 8, poe: 1 },
});
