import { z } from 'zod';
import { declareResource, type OptionDecl } from '../types';
import { createdAtField, idField, updatedAtField } from '../common';
import { closedObject, methodField } from '../schemas';
import { moderationActions, moderationFields } from '../consult/moderation';

/**
 * `/admin/boos/screenChat` (SPEC §7): what guests send to a venue's cloud screens (a hotel lobby, an event hall) from
 * the link behind the screen's QR code — a message wall moderated like the community: a message waits as pending
 * until staff approve it, and only approved ones show on the screen. A message holding a blocked word
 * (`oa.keyword_blacklist`) is refused naming the word; a reply robot (`oa.robot`) may answer it at once, and staff
 * may reply themselves. Decision: SPEC does not show the page; this is the "screen interaction" hotels and events run.
 */
/** The guests' page: `/screen-chat/<the screen's render token>`, the link behind the QR code on the screen. */
export const SCREEN_CHAT_ROUTE = '/screen-chat';
export const SCREEN_CHAT_CONTENT_MAX = 500;
export const SCREEN_CHAT_WALL_MAX = 50;

export const SCREEN_CHAT_REPLIER_OPTIONS: readonly OptionDecl[] = [
  { value: 'robot', label: { zh_CN: '机器人', en: 'Robot' }, color: 'blue' },
  { value: 'staff', label: { zh_CN: '工作人员', en: 'Staff' }, color: 'green' },
];

export const screenChatResource = declareResource({
  key: 'oa.screen_chat',
  path: '/admin/boos/screenChat',
  title: { zh_CN: '屏幕互动', en: 'Screen chat' },
  scope: 'org',
  fields: {
    id: idField,
    device_id: { type: 'ref', label: { zh_CN: '屏幕', en: 'Screen' }, ref: { resource: 'device.binding' }, editable: 'never' },
    nickname: { type: 'text', label: { zh_CN: '昵称', en: 'Nickname' }, max: 32, editable: 'never' },
    content: { type: 'textarea', label: { zh_CN: '内容', en: 'Message' }, required: true, max: SCREEN_CHAT_CONTENT_MAX, editable: 'never' },
    ...moderationFields,
    reply: { type: 'textarea', label: { zh_CN: '回复', en: 'Reply' }, max: SCREEN_CHAT_CONTENT_MAX, editable: 'never' },
    replied_by: { type: 'select', label: { zh_CN: '回复方', en: 'Replied by' }, options: SCREEN_CHAT_REPLIER_OPTIONS, editable: 'never' },
    created_at: { ...createdAtField, label: { zh_CN: '发送时间', en: 'Sent' } },
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'remove', 'export'],
  list: {
    columns: [
      { field: 'content', width: 280, ellipsis: true, priority: 1 },
      { field: 'nickname', width: 130 },
      { field: 'device_id', width: 180, render: 'refLabel' },
      { field: 'state', width: 110, priority: 1 },
      { field: 'reply', width: 220, ellipsis: true, priority: 3 },
      { field: 'replied_by', width: 110, priority: 3 },
      { field: 'created_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'state', kind: 'eq' }, { field: 'device_id', kind: 'eq' }, { field: 'nickname', kind: 'prefix' }, { field: 'created_at', kind: 'range' }],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
  detail: {
    sections: [
      { fields: ['id', 'device_id', 'nickname', 'content', 'created_at'] },
      { title: { zh_CN: '审核与回复', en: 'Moderation and reply' }, fields: ['state', 'reason', 'moderated_by', 'moderated_at', 'reply', 'replied_by'] },
    ],
  },
  actions: [
    ...moderationActions({ zh_CN: '留言', en: 'message' }),
    {
      name: 'answer', label: { zh_CN: '回复', en: 'Reply' }, placement: 'row', fields: ['reply'],
      confirm: { zh_CN: '回复会显示在屏幕上该留言下方。', en: 'The reply shows under the message on the screen.' },
    },
  ],
  io: { export: ['id', 'device_id', 'nickname', 'content', 'state', 'reason', 'reply', 'replied_by', 'created_at'] },
  page: { area: 'oa', key: 'screenChat', path: 'screen-chat', after: 'robot', icon: 'SolutionOutlined' },
});

/** `send` (public): a guest's message to the screen whose render token the QR link carries. */
export const screenChatSendBody = closedObject({
  method: methodField,
  token: z.string().trim().min(16, 'validation.required').max(128),
  nickname: z.string().trim().max(32, 'validation.tooLong').default(''),
  content: z.string().trim().min(1, 'validation.required').max(SCREEN_CHAT_CONTENT_MAX, 'validation.tooLong'),
});

/** `wall` (public): the approved messages the screen shows, newest first. */
export const screenChatWallBody = closedObject({ method: methodField, token: z.string().trim().min(16, 'validation.required').max(128) });

export interface ScreenChatSent { id: number; state: 'pending'; reply: string | null }
export interface ScreenChatWallEntry { id: number; nickname: string; content: string; reply: string; created_at: string }
