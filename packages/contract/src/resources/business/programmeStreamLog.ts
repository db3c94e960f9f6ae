import { declareResource } from '../types';
import { idField } from '../common';
import { COMMAND_STATES, COMMAND_STATE_LABELS } from '../../device/commandStates';
import { STREAM_SWITCH_KINDS, STREAM_SWITCH_KIND_LABELS } from '../../business/programmeStream';

const text = (zh_CN: string, en: string) => ({ zh_CN, en });

/**
 * `/admin/business/programme_stream_log`: every time the programme stream switched a screen — when, which screen,
 * from which programme to which, because of which entry — with the `play` command it sent and that command's state.
 * Read-only: the stream writes it.
 */
export const programmeStreamLogResource = declareResource({
  key: 'business.programme_stream_log',
  path: '/admin/business/programme_stream_log',
  title: { zh_CN: '节目切换记录', en: 'Programme switches' },
  scope: 'org',
  fields: {
    id: idField,
    at: { type: 'datetime', label: text('切换时间', 'Switched at'), editable: 'never' },
    device_id: { type: 'ref', label: text('屏幕', 'Screen'), ref: { resource: 'device.binding' }, editable: 'never' },
    kind: {
      type: 'select', label: text('切换类型', 'Switch'), editable: 'never',
      options: STREAM_SWITCH_KINDS.map((k) => ({ value: k, label: { zh_CN: STREAM_SWITCH_KIND_LABELS[k].zh_CN, en: STREAM_SWITCH_KIND_LABELS[k].en }, color: STREAM_SWITCH_KIND_LABELS[k].color })),
    },
    entry_id: { type: 'ref', label: text('节目流条目', 'Stream entry'), ref: { resource: 'business.programme_stream' }, editable: 'never' },
    from_programme: { type: 'text', label: text('原节目', 'From programme'), editable: 'never', max: 255 },
    to_programme: { type: 'text', label: text('新节目', 'To programme'), editable: 'never', max: 255 },
    command_id: { type: 'integer', label: text('命令 ID', 'Command ID'), editable: 'never' },
    command_state: {
      type: 'select', label: text('命令状态', 'Command state'), editable: 'never',
      options: COMMAND_STATES.map((s) => ({ value: s, label: { zh_CN: COMMAND_STATE_LABELS[s].zh_CN, en: COMMAND_STATE_LABELS[s].en }, color: COMMAND_STATE_LABELS[s].color })),
    },
  },
  operations: ['list', 'detail', 'export'],
  list: {
    columns: [
      { field: 'at', width: 180, sortable: true, priority: 1 },
      { field: 'device_id', width: 180, render: 'refLabel', priority: 1 },
      { field: 'kind', width: 150 },
      { field: 'from_programme', width: 160 },
      { field: 'to_programme', width: 160, priority: 1 },
      { field: 'entry_id', width: 160, render: 'refLabel' },
      { field: 'command_id', width: 100 },
      { field: 'command_state', width: 110 },
    ],
    filters: [
      { field: 'device_id', kind: 'eq' },
      { field: 'entry_id', kind: 'eq' },
      { field: 'kind', kind: 'eq' },
      { field: 'at', kind: 'range' },
    ],
    defaultSort: { field: 'at', order: 'desc' },
  },
  detail: {
    sections: [{ fields: ['id', 'at', 'device_id', 'kind', 'entry_id', 'from_programme', 'to_programme', 'command_id', 'command_state'] }],
  },
  io: { export: ['id', 'at', 'device_id', 'kind', 'entry_id', 'from_programme', 'to_programme', 'command_id', 'command_state'] },
  // Last in the section: the slot after the stream's page went to another page (authorizedReceive).
  page: { area: 'business', key: 'programmeStreamLog', after: 'programmeStream', icon: 'FileTextOutlined' },
});
