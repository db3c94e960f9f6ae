import { declareResource, type FieldDecl } from '../types';
import { createdAtField, enableDisableActions, idField, remarkField, statusField } from '../common';
import { DEVICE_FAMILIES, DEVICE_FAMILY_LABELS } from '../../device/families';
import { CAPABILITIES, RADIO_BANDS, type NumericCapability } from '../../device/models';

const capability = (k: NumericCapability): FieldDecl => ({
  type: 'integer', label: CAPABILITIES[k].label, min: 0, max: CAPABILITIES[k].max, default: 0,
});

export const FAMILY_OPTIONS = DEVICE_FAMILIES.map((f) => ({ value: f, label: DEVICE_FAMILY_LABELS[f] }));

/**
 * `/admin/device/model` (and each family's `<family>/model`, the same rows filtered by family): the platform's catalogue of
 * device models. Capabilities are typed per family in `device/models.ts`; one that does not belong to the model's
 * family is refused naming its field. The image is the model's type image.
 */
export const deviceModelResource = declareResource({
  key: 'device.model',
  path: '/admin/device/model',
  title: { zh_CN: '设备型号', en: 'Device models' },
  scope: 'platform',
  fields: {
    id: idField,
    family: { type: 'select', label: { zh_CN: '类型', en: 'Family' }, required: true, options: FAMILY_OPTIONS, editable: 'add' },
    code: {
      type: 'text', label: { zh_CN: '型号', en: 'Model' }, required: true, rule: 'serial', min: 3, max: 64,
      help: { zh_CN: '设备 hello 上报的型号，全局唯一', en: 'The model the device reports in hello; unique' },
    },
    name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, required: true, max: 64 },
    manufacturer: { type: 'text', label: { zh_CN: '厂商', en: 'Manufacturer' }, max: 64 },
    image: { type: 'image', label: { zh_CN: '型号图片', en: 'Type image' } },
    lan_ports: capability('lan_ports'),
    wan_ports: capability('wan_ports'),
    uplink_ports: capability('uplink_ports'),
    pon_ports: capability('pon_ports'),
    max_onus: capability('max_onus'),
    max_clients: capability('max_clients'),
    max_aps: capability('max_aps'),
    sip_lines: capability('sip_lines'),
    card_slots: capability('card_slots'),
    screen_inches: capability('screen_inches'),
    radios: {
      type: 'select', label: { zh_CN: '射频', en: 'Radios' }, default: 'none',
      options: RADIO_BANDS.map((b) => ({ value: b, label: b === 'none' ? { zh_CN: '无', en: 'None' } : { zh_CN: b, en: b } })),
    },
    commands: {
      type: 'text', label: { zh_CN: '支持的命令', en: 'Supported commands' }, max: 255, widget: 'commandSet',
      help: { zh_CN: '只能选择该类型设备支持的命令', en: 'Only commands this family supports' },
    },
    capabilities: { type: 'json', label: { zh_CN: '能力', en: 'Capabilities' }, editable: 'never' },
    status: statusField,
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'image', width: 80 },
      { field: 'code', width: 160, sortable: true, fixed: 'left' },
      { field: 'name', width: 180 },
      { field: 'family', width: 150 },
      { field: 'manufacturer', width: 140 },
      { field: 'capabilities', ellipsis: true },
      { field: 'status', width: 90 },
    ],
    filters: [{ field: 'family', kind: 'eq' }, { field: 'code', kind: 'prefix' }, { field: 'status', kind: 'eq' }],
    keyword: { fields: ['code', 'name'], placeholder: { zh_CN: '型号或名称', en: 'Model or name' } },
    defaultSort: { field: 'id', order: 'asc' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['family', 'code', 'name', 'manufacturer', 'image'] },
      {
        title: { zh_CN: '能力（仅填写该类型具有的）', en: 'Capabilities (only those of the family)' },
        fields: ['lan_ports', 'wan_ports', 'uplink_ports', 'pon_ports', 'max_onus', 'max_clients', 'max_aps', 'sip_lines', 'card_slots', 'screen_inches', 'radios', 'commands'],
      },
      { fields: ['remark'] },
    ],
  },
  detail: {
    sections: [
      { title: { zh_CN: '基本信息', en: 'Basics' }, fields: ['family', 'code', 'name', 'manufacturer', 'image', 'status', 'remark', 'created_at'] },
      { title: { zh_CN: '能力', en: 'Capabilities' }, fields: ['capabilities'] },
    ],
  },
  actions: [...enableDisableActions('status', { zh_CN: '型号', en: 'models' })],
  picker: { label: ['code'], search: ['code', 'name'], open: true },
  io: { export: ['id', 'family', 'code', 'name', 'manufacturer', 'capabilities', 'status', 'remark'] },
  usedBy: [
    { resource: 'device.warehouse', field: 'model_id', onRemove: 'refuse', label: { zh_CN: '库存设备', en: 'units in the warehouse' }, name: 'serial' },
    { resource: 'device.binding', field: 'model_id', onRemove: 'refuse', label: { zh_CN: '设备', en: 'devices' }, name: 'serial' },
  ],
  example: { family: 'ig', code: 'GX-EXAMPLE-1', name: 'Example gateway model', lan_ports: 4, wan_ports: 1, radios: '2.4G+5G', commands: 'restart,upgrade' },
});
