import { declareResource } from '../types';
import { createdAtField, idField, remarkField } from '../common';

/**
 * The organisation's own hotel guest directory (issue 13 point 1): a stay is a room number, the guest's surname and
 * the check-in and check-out times. With the portal's account sign-in set to hotel guests of the local directory, a
 * guest types room and surname on /wifilogin and is let through between check-in and check-out.
 */
export const portalHotelGuestResource = declareResource({
  key: 'portal.hotel_guest',
  path: '/admin/portal/hotel_guest',
  title: { zh_CN: '住客名录', en: 'Hotel guests' },
  scope: 'org',
  fields: {
    id: idField,
    place: {
      type: 'text', label: { zh_CN: '场所', en: 'Place' }, max: 64, default: '',
      help: { zh_CN: '留空则组织内所有场所可用', en: 'Empty: valid at every place of the organisation' },
    },
    room: { type: 'text', label: { zh_CN: '房号', en: 'Room' }, required: true, max: 16 },
    surname: {
      type: 'text', label: { zh_CN: '姓氏', en: 'Surname' }, required: true, max: 64,
      help: { zh_CN: '住客登录时输入，不区分大小写', en: 'What the guest types to sign in; case does not matter' },
    },
    guest_name: { type: 'text', label: { zh_CN: '住客姓名', en: 'Guest name' }, max: 64, default: '' },
    check_in: { type: 'datetime', label: { zh_CN: '入住时间', en: 'Check-in' }, required: true },
    check_out: { type: 'datetime', label: { zh_CN: '离店时间', en: 'Check-out' }, required: true },
    remark: remarkField,
    created_at: createdAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true, priority: 3 },
      { field: 'room', width: 100, sortable: true, priority: 1 },
      { field: 'surname', width: 140, priority: 1 },
      { field: 'guest_name', width: 140 },
      { field: 'place', width: 140, priority: 3 },
      { field: 'check_in', width: 180, sortable: true },
      { field: 'check_out', width: 180, sortable: true },
      { field: 'remark', ellipsis: true, priority: 3 },
    ],
    filters: [{ field: 'room', kind: 'eq' }, { field: 'surname', kind: 'prefix' }, { field: 'check_out', kind: 'range' }],
    defaultSort: { field: 'check_in', order: 'desc' },
  },
  form: { columns: 2, sections: [{ fields: ['room', 'surname', 'guest_name', 'place', 'check_in', 'check_out', 'remark'] }] },
  io: {
    import: ['room', 'surname', 'guest_name', 'place', 'check_in', 'check_out', 'remark'],
    export: ['id', 'room', 'surname', 'guest_name', 'place', 'check_in', 'check_out', 'remark', 'created_at'],
  },
  page: { area: 'portal', key: 'hotel_guest', after: 'voucher' },
  example: { room: '1203', surname: 'Smith', guest_name: 'John Smith', check_in: '2026-01-01T14:00:00Z', check_out: '2036-01-03T12:00:00Z' },
});
