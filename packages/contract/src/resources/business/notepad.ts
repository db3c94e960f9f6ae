import { declareResource, type OptionDecl } from '../types';
import { booleanOptions, createdAtField, idField, updatedAtField } from '../common';

const COLOUR_OPTIONS: readonly OptionDecl[] = [
  { value: 'default', label: { zh_CN: '默认', en: 'Plain' }, color: 'default' },
  { value: 'blue', label: { zh_CN: '蓝色', en: 'Blue' }, color: 'blue' },
  { value: 'green', label: { zh_CN: '绿色', en: 'Green' }, color: 'green' },
  { value: 'orange', label: { zh_CN: '橙色', en: 'Orange' }, color: 'orange' },
  { value: 'red', label: { zh_CN: '红色', en: 'Red' }, color: 'red' },
];

/**
 * SPEC §2 business "notepad": the organisation's shared notes (shift hand-overs, site passwords to rotate, customer
 * promises), with a colour, pinning and an optional reminder time; who wrote each is kept.
 */
export const notepadResource = declareResource({
  key: 'business.notepad',
  path: '/admin/business/notepad',
  title: { zh_CN: '记事本', en: 'Notepad' },
  scope: 'org',
  fields: {
    id: idField,
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 100 },
    content: { type: 'textarea', label: { zh_CN: '内容', en: 'Content' }, max: 5000 },
    colour: { type: 'select', label: { zh_CN: '颜色', en: 'Colour' }, options: COLOUR_OPTIONS, default: 'default' },
    pinned: { type: 'select', label: { zh_CN: '置顶', en: 'Pinned' }, options: booleanOptions, default: 0 },
    remind_at: { type: 'datetime', label: { zh_CN: '提醒时间', en: 'Remind at' } },
    created_by: { type: 'ref', label: { zh_CN: '记录人', en: 'Written by' }, ref: { resource: 'system.user' }, editable: 'never' },
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'pinned', width: 90, sortable: true },
      { field: 'title', width: 240, ellipsis: true, priority: 1 },
      { field: 'colour', width: 90 },
      { field: 'content', ellipsis: true, priority: 3 },
      { field: 'remind_at', width: 180, sortable: true },
      { field: 'created_by', width: 130, render: 'refLabel', priority: 3 },
      { field: 'updated_at', width: 180, sortable: true, priority: 1 },
    ],
    filters: [{ field: 'pinned', kind: 'eq' }, { field: 'colour', kind: 'eq' }, { field: 'title', kind: 'prefix' }],
    keyword: { fields: ['title'], placeholder: { zh_CN: '标题', en: 'Title' } },
    defaultSort: { field: 'updated_at', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['title', 'colour', 'pinned', 'remind_at', 'content'] }] },
  io: { export: ['title', 'content', 'colour', 'pinned', 'remind_at', 'created_by', 'created_at', 'updated_at'] },
  example: { title: 'Hand-over', content: 'Lobby AP reboots at night', colour: 'blue', pinned: 1 },
});
