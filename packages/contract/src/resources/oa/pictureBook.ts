import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField, sortField, updatedAtField } from '../common';
import { publishActions, publishStatusField } from './website';

/**
 * The picture book (SPEC §7 `/admin/boos/uccn/picture_book`): the public website's photo gallery — product shots,
 * installations, certificates, the team — grouped by album, ordered, and shown once published.
 */
export const PICTURE_ALBUM_OPTIONS: readonly OptionDecl[] = [
  { value: 'product', label: { zh_CN: '产品图片', en: 'Products' }, color: 'blue' },
  { value: 'project', label: { zh_CN: '工程案例', en: 'Installations' }, color: 'green' },
  { value: 'honor', label: { zh_CN: '资质荣誉', en: 'Certificates and awards' }, color: 'gold' },
  { value: 'company', label: { zh_CN: '企业风采', en: 'Company and team' }, color: 'cyan' },
];

export const pictureBookResource = declareResource({
  key: 'oa.picture_book',
  path: '/admin/boos/uccn/picture_book',
  title: { zh_CN: '图册', en: 'Picture book' },
  scope: 'platform',
  fields: {
    id: idField,
    album: { type: 'select', label: { zh_CN: '相册', en: 'Album' }, required: true, options: PICTURE_ALBUM_OPTIONS, default: 'product' },
    title: { type: 'text', label: { zh_CN: '标题', en: 'Title' }, required: true, max: 120 },
    image: {
      type: 'image', label: { zh_CN: '图片', en: 'Image' }, required: true, upload: 'upload_image', max: 2048,
      help: { zh_CN: '支持 JPG、PNG、GIF，不超过 10MB；建议 1920×1080', en: 'JPG, PNG or GIF up to 10 MB; 1920×1080 recommended' },
    },
    description: { type: 'textarea', label: { zh_CN: '说明', en: 'Description' }, max: 500 },
    sort: sortField,
    status: publishStatusField,
    created_at: createdAtField,
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'image', width: 110, render: 'image', priority: 1 },
      { field: 'title', width: 220, ellipsis: true, priority: 1 },
      { field: 'album', width: 130, priority: 1 },
      { field: 'sort', width: 90, sortable: true },
      { field: 'status', width: 110, priority: 1 },
      { field: 'updated_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'album', kind: 'eq' }, { field: 'status', kind: 'eq' }, { field: 'title', kind: 'prefix' }],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { columns: 1, sections: [{ fields: ['album', 'title', 'image', 'sort', 'description'] }] },
  actions: publishActions,
  picker: { label: ['title'], search: ['title'] },
  io: { export: ['id', 'album', 'title', 'image', 'description', 'sort', 'status', 'updated_at'] },
  example: { album: 'product', title: 'Cloud AP 6', image: '/uploads/1/AAAAAAAAAAAAAAAAAAAAAA.png' },
});

/** One published picture as the public website reads it. */
export interface PictureBookEntry {
  id: number;
  album: string;
  title: string;
  image: string;
  description: string;
}
