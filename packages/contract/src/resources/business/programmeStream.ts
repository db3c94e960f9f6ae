import { declareResource } from '../types';
import { createdAtField, enableDisableActions, idField, statusField } from '../common';
import { DEFAULT_TIME_ZONE } from '../../business/timedTask';
import { STREAM_PRIORITY_MAX, STREAM_SCREENS_MAX } from '../../business/programmeStream';

const text = (zh_CN: string, en: string) => ({ zh_CN, en });

/**
 * `/admin/business/programme_stream`: the programme stream (节目流), a schedule of screen programmes. Each entry puts
 * one of the organisation's programmes on some of its screens on chosen dates, days of the week and a daily window
 * (which may run past midnight) in a time zone; where entries overlap on a screen the higher priority wins. The
 * server switches the screens as entries start and end (a `play` command, as publishing does) and logs every switch
 * (`business.programme_stream_log`).
 */
export const programmeStreamResource = declareResource({
  key: 'business.programme_stream',
  path: '/admin/business/programme_stream',
  title: { zh_CN: '节目流', en: 'Programme stream' },
  scope: 'org',
  fields: {
    id: idField,
    name: { type: 'text', label: text('名称', 'Name'), required: true, max: 64 },
    status: statusField,
    programme_id: {
      type: 'integer', label: text('节目', 'Programme'), required: true, min: 1, widget: 'streamProgramme',
      help: text('在“节目管理”中编辑的节目', 'A programme made in the programme editor'),
    },
    programme_name: { type: 'text', label: text('节目名称', 'Programme'), editable: 'never', max: 255 },
    device_ids: {
      type: 'refMany', label: text('屏幕', 'Screens'), required: true, ref: { resource: 'device.binding' }, max: STREAM_SCREENS_MAX,
      widget: 'streamScreens',
    },
    start_date: {
      type: 'text', label: text('开始日期', 'Start date'), required: true, max: 10, widget: 'calendarDate',
      placeholder: text('YYYY-MM-DD', 'YYYY-MM-DD'),
    },
    end_date: {
      type: 'text', label: text('结束日期', 'End date'), max: 10, widget: 'calendarDate', placeholder: text('YYYY-MM-DD', 'YYYY-MM-DD'),
      help: text('留空则长期有效', 'Leave empty to keep it going'),
    },
    start_time: {
      type: 'text', label: text('每日开始', 'Daily from'), required: true, max: 5, default: '08:00', widget: 'clockTime',
      placeholder: text('HH:MM', 'HH:MM'),
    },
    end_time: {
      type: 'text', label: text('每日结束', 'Daily until'), required: true, max: 5, default: '18:00', widget: 'clockTime',
      placeholder: text('HH:MM', 'HH:MM'),
      help: text('早于开始时间表示跨过午夜到次日；与开始时间相同表示全天 24 小时', 'Before the start: runs past midnight into the next day; the same as the start: 24 hours'),
    },
    days: {
      type: 'refMany', label: text('星期', 'Days of the week'), required: true, max: 7, widget: 'weekdays',
      help: text('按开始那一天计算', 'Counted by the day a window starts'),
    },
    priority: {
      type: 'integer', label: text('优先级', 'Priority'), required: true, min: 0, max: STREAM_PRIORITY_MAX, default: 0,
      help: text('同一屏幕上时段重叠时，数字大的优先；相同则后建的优先', 'Where entries overlap on a screen the higher number wins; on a tie, the newer entry'),
    },
    time_zone: {
      type: 'text', label: text('时区', 'Time zone'), required: true, max: 64, default: DEFAULT_TIME_ZONE,
      help: text('IANA 时区，如 Asia/Shanghai', 'An IANA zone, e.g. Asia/Shanghai'),
    },
    on_screens: {
      type: 'integer', label: text('正在播放', 'Playing on'), editable: 'never',
      help: text('节目流当前在多少块屏幕上播放此条目', 'How many screens the stream plays this entry on now'),
    },
    next_change: {
      type: 'datetime', label: text('下次变化', 'Next change'), editable: 'never',
      help: text('时段下次开始或结束的时间', 'When its window next opens or closes'),
    },
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'name', width: 160, sortable: true, priority: 1 },
      { field: 'status', width: 90, priority: 1 },
      { field: 'programme_name', width: 160, priority: 1 },
      { field: 'device_ids', width: 200, render: 'refTags' },
      { field: 'start_date', width: 120, sortable: true },
      { field: 'end_date', width: 120 },
      { field: 'start_time', width: 100 },
      { field: 'end_time', width: 100 },
      { field: 'days', width: 200, render: 'weekdays' },
      { field: 'priority', width: 90, sortable: true },
      { field: 'time_zone', width: 140, priority: 3 },
      { field: 'on_screens', width: 100, priority: 1 },
      { field: 'next_change', width: 180 },
    ],
    filters: [{ field: 'name', kind: 'prefix' }, { field: 'status', kind: 'eq' }, { field: 'programme_id', kind: 'eq' }],
    defaultSort: { field: 'priority', order: 'desc' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['name', 'priority', 'programme_id', 'device_ids'] },
      { title: text('播放时间', 'When'), fields: ['start_date', 'end_date', 'start_time', 'end_time', 'days', 'time_zone'] },
    ],
  },
  detail: {
    sections: [
      { fields: ['id', 'name', 'status', 'priority', 'programme_id', 'programme_name', 'device_ids', 'on_screens', 'next_change', 'created_at'] },
      { title: text('播放时间', 'When'), fields: ['start_date', 'end_date', 'start_time', 'end_time', 'days', 'time_zone'] },
    ],
  },
  actions: enableDisableActions('status', text('节目流条目', 'stream entries')),
  picker: { label: ['name'], search: ['name'] },
  io: { export: ['id', 'name', 'status', 'programme_name', 'device_ids', 'start_date', 'end_date', 'start_time', 'end_time', 'days', 'priority', 'time_zone', 'on_screens', 'next_change'] },
  example: {
    name: 'Morning show', programme_id: 1, device_ids: [1], start_date: '2026-01-01', start_time: '08:00', end_time: '12:00',
    days: [1, 2, 3, 4, 5], priority: 0, time_zone: 'Asia/Shanghai',
  },
  page: { area: 'business', key: 'programmeStream', after: 'pluginLog', icon: 'FundProjectionScreenOutlined' },
});
