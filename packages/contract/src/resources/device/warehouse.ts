import { declareResource } from '../types';
import { createdAtField, idField, remarkField } from '../common';
import { STOCK_STATE_OPTIONS } from '../../device/lifecycle';
import { FAMILY_OPTIONS } from './model';

const at = (zh_CN: string, en: string) => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' }) as const;

/**
 * `/admin/device/warehouse`: manufactured units before and after an organisation claims them. Imported from the
 * factory's spreadsheet (serial, model, authorization number, MAC; all rows or none), each unit gets its secret
 * here; the provisioning CSV (`serial,secret,family,model`) the factory and the simulator read is exported by
 * `provisioning`, with fresh secrets for units still in stock. `warehouse/authorization_number` issues new
 * authorization numbers.
 */
export const deviceWarehouseResource = declareResource({
  key: 'device.warehouse',
  path: '/admin/device/warehouse',
  title: { zh_CN: '设备仓库', en: 'Warehouse' },
  scope: 'platform',
  fields: {
    id: idField,
    serial: {
      type: 'text', label: { zh_CN: '序列号', en: 'Serial' }, required: true, rule: 'serial', min: 3, max: 64, editable: 'add',
    },
    model_id: { type: 'ref', label: { zh_CN: '型号', en: 'Model' }, ref: { resource: 'device.model' }, required: true, editable: 'add' },
    family: { type: 'select', label: { zh_CN: '类型', en: 'Family' }, options: FAMILY_OPTIONS, editable: 'never' },
    authorization_number: {
      type: 'text', label: { zh_CN: '授权码', en: 'Authorization number' }, rule: 'authorizationNumber', min: 8, max: 32, editable: 'add',
      help: { zh_CN: '印在设备标签上，认领时与序列号一起填写；留空自动生成', en: 'Printed on the label and given with the serial to claim; generated when empty' },
    },
    mac: { type: 'text', label: { zh_CN: 'MAC 地址', en: 'MAC' }, rule: 'mac', max: 17, editable: 'add' },
    hw: { type: 'text', label: { zh_CN: '硬件版本', en: 'Hardware' }, max: 64, editable: 'add' },
    batch: { type: 'text', label: { zh_CN: '批次', en: 'Batch' }, max: 64, editable: 'add' },
    state: { type: 'select', label: { zh_CN: '状态', en: 'State' }, options: STOCK_STATE_OPTIONS, editable: 'never' },
    org_id: { type: 'ref', label: { zh_CN: '所属组织', en: 'Organisation' }, ref: { resource: 'system.organization' }, editable: 'never' },
    claimed_at: at('认领时间', 'Claimed'),
    bound_at: at('绑定时间', 'Bound'),
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'serial', width: 190, sortable: true, fixed: 'left' },
      { field: 'model_id', width: 150, render: 'refLabel' },
      { field: 'family', width: 140 },
      { field: 'authorization_number', width: 160 },
      { field: 'mac', width: 160 },
      { field: 'batch', width: 120 },
      { field: 'state', width: 100 },
      { field: 'org_id', width: 150, render: 'refLabel' },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [
      { field: 'serial', kind: 'prefix' },
      { field: 'family', kind: 'eq' },
      { field: 'state', kind: 'eq' },
      { field: 'batch', kind: 'eq' },
    ],
    keyword: { fields: ['serial'], placeholder: { zh_CN: '序列号', en: 'Serial' } },
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['serial', 'model_id', 'authorization_number', 'mac', 'hw', 'batch', 'remark'] }] },
  detail: {
    sections: [
      { fields: ['serial', 'model_id', 'family', 'authorization_number', 'mac', 'hw', 'batch', 'remark'] },
      { title: { zh_CN: '生命周期', en: 'Lifecycle' }, fields: ['state', 'org_id', 'claimed_at', 'bound_at', 'created_at'] },
    ],
    tabs: [{ key: 'warehouseUnit', title: { zh_CN: '开通', en: 'Provisioning' } }],
  },
  picker: { label: ['serial'], search: ['serial'] },
  io: {
    import: ['serial', 'model_id', 'authorization_number', 'mac', 'hw', 'batch', 'remark'],
    export: ['serial', 'model_id', 'family', 'authorization_number', 'mac', 'hw', 'batch', 'state', 'org_id', 'created_at', 'remark'],
  },
  example: { serial: 'WH-EXAMPLE-0001', model_id: 1, authorization_number: 'EXAMPLE0001', mac: '00:11:22:33:44:55', batch: 'B1' },
});
