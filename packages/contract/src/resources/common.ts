import type { ActionDecl, FieldDecl, Label, OptionDecl } from './types';

/** Fields, options and actions many resources share, written once so they read the same everywhere. */

export const idField: FieldDecl = { type: 'integer', label: { zh_CN: 'ID', en: 'ID' }, editable: 'never' };
export const createdAtField: FieldDecl = { type: 'datetime', label: { zh_CN: '创建时间', en: 'Created' }, editable: 'never' };
export const updatedAtField: FieldDecl = { type: 'datetime', label: { zh_CN: '更新时间', en: 'Updated' }, editable: 'never' };
/** An organisation the server records on a row (the sender, the receiver, the owner), shown by name, never set by a form. */
export const orgRef = (zh_CN: string, en: string): FieldDecl => ({
  type: 'ref', label: { zh_CN, en }, ref: { resource: 'system.organization' }, editable: 'never',
});
/**
 * The organisation a row belongs to, shown where platform staff see every organisation's rows (`platformSeesAll`):
 * set by the server from the caller's organisation, never by a form.
 */
export const orgField: FieldDecl = orgRef('所属组织', 'Organisation');
export const remarkField: FieldDecl = { type: 'textarea', label: { zh_CN: '备注', en: 'Remark' }, max: 500 };
export const sortField: FieldDecl = {
  type: 'integer', label: { zh_CN: '排序', en: 'Order' }, min: 0, max: 100_000, default: 0,
  help: { zh_CN: '数字越小越靠前', en: 'Smaller numbers come first' },
};

/** Money in integer cents (fen) on the wire and in the database; the console shows the yuan value beside the input. */
export function centsField(zh: string, en: string, extra: Partial<FieldDecl> = {}): FieldDecl {
  return { type: 'integer', label: { zh_CN: `${zh}（分）`, en: `${en} (fen)` }, min: 0, max: 1_000_000_000, widget: 'cents', ...extra };
}

export const STATUS_ENABLED = 1;
export const STATUS_DISABLED = 0;

export const statusOptions: readonly OptionDecl[] = [
  { value: STATUS_ENABLED, label: { zh_CN: '启用', en: 'Enabled' }, color: 'green' },
  { value: STATUS_DISABLED, label: { zh_CN: '停用', en: 'Disabled' }, color: 'default' },
];

/** Status is changed only through the enable/disable actions, so every change is a logged transition. */
export const statusField: FieldDecl = {
  type: 'select', label: { zh_CN: '状态', en: 'Status' }, options: statusOptions, editable: 'never', default: STATUS_ENABLED,
};

export function enableDisableActions<F extends string>(field: F, what: Label): ActionDecl<F>[] {
  return [
    {
      name: 'enable', label: { zh_CN: '启用', en: 'Enable' }, placement: 'both',
      transition: { field, from: [STATUS_DISABLED], to: STATUS_ENABLED },
      confirm: { zh_CN: `确定启用所选${what.zh_CN}吗？`, en: `Enable the selected ${what.en}?` },
    },
    {
      name: 'disable', label: { zh_CN: '停用', en: 'Disable' }, placement: 'both', danger: true,
      transition: { field, from: [STATUS_ENABLED], to: STATUS_DISABLED },
      confirm: { zh_CN: `确定停用所选${what.zh_CN}吗？`, en: `Disable the selected ${what.en}?` },
    },
  ];
}

export const booleanOptions: readonly OptionDecl[] = [
  { value: 1, label: { zh_CN: '是', en: 'Yes' } },
  { value: 0, label: { zh_CN: '否', en: 'No' } },
];

/** Labels and confirm texts of the generic operations, used by the console's toolbar and row buttons. */
export const operationLabels = {
  list: { zh_CN: '查看', en: 'View' },
  detail: { zh_CN: '详情', en: 'Details' },
  add: { zh_CN: '新增', en: 'Add' },
  update: { zh_CN: '编辑', en: 'Edit' },
  remove: { zh_CN: '删除', en: 'Delete' },
  import: { zh_CN: '导入', en: 'Import' },
  export: { zh_CN: '导出', en: 'Export' },
} as const satisfies Record<string, Label>;

export const removeConfirm: Label = { zh_CN: '确定删除所选记录吗？此操作不可撤销。', en: 'Delete the selected records? This cannot be undone.' };
