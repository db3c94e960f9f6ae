import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField } from '../common';

/**
 * The media library (SPEC §7 `/admin/boos/uccn/upload`): every image and video the organisation has uploaded — from
 * the library itself, a rich-text body, a website entry, an avatar or an icon — with its thumbnail, type (read from
 * the bytes), size and dimensions. A file still used somewhere cannot be deleted (the refusal names the users); a
 * file nothing uses any more is deleted by the server after a grace period (MEDIA_GC_GRACE_MINUTES).
 */
export const MEDIA_KIND_OPTIONS: readonly OptionDecl[] = [
  { value: 'image', label: { zh_CN: '图片', en: 'Image' }, color: 'blue' },
  { value: 'video', label: { zh_CN: '视频', en: 'Video' }, color: 'purple' },
];

/** The longest side of a thumbnail, in pixels. */
export const MEDIA_THUMB_PX = 320;

export const mediaResource = declareResource({
  key: 'oa.media',
  path: '/admin/boos/uccn/upload',
  title: { zh_CN: '媒体库', en: 'Media library' },
  scope: 'org',
  fields: {
    id: idField,
    thumb_url: { type: 'image', label: { zh_CN: '预览', en: 'Preview' }, editable: 'never' },
    name: { type: 'text', label: { zh_CN: '文件名', en: 'File name' }, required: true, max: 255 },
    kind: { type: 'select', label: { zh_CN: '类型', en: 'Type' }, options: MEDIA_KIND_OPTIONS, editable: 'never' },
    mime: { type: 'text', label: { zh_CN: '格式', en: 'Format' }, editable: 'never' },
    size: { type: 'integer', label: { zh_CN: '大小', en: 'Size' }, editable: 'never' },
    width: { type: 'integer', label: { zh_CN: '宽（像素）', en: 'Width (px)' }, editable: 'never' },
    height: { type: 'integer', label: { zh_CN: '高（像素）', en: 'Height (px)' }, editable: 'never' },
    url: { type: 'text', label: { zh_CN: '地址', en: 'URL' }, editable: 'never' },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'thumb_url', width: 110, render: 'image', priority: 1 },
      { field: 'name', width: 240, ellipsis: true, priority: 1 },
      { field: 'kind', width: 90, priority: 1 },
      { field: 'size', width: 110, render: 'fileSize', sortable: true },
      { field: 'width', width: 110 },
      { field: 'height', width: 110 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'kind', kind: 'eq' }, { field: 'name', kind: 'prefix' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['name'] }] },
  detail: { sections: [{ fields: ['thumb_url', 'name', 'kind', 'mime', 'size', 'width', 'height', 'url', 'created_at'] }] },
  picker: { label: ['name'], search: ['name'] },
  io: { export: ['id', 'name', 'kind', 'mime', 'size', 'width', 'height', 'url', 'created_at'] },
});

/** What `upload` answers: the stored file as the library lists it. */
export interface MediaUploadAnswer {
  id: number;
  url: string;
  thumb_url: string;
  kind: 'image' | 'video';
  width: number | null;
  height: number | null;
}
