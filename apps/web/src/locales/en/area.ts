import type zh from '../zh_CN/area';

export default {
  inSection: 'Area: {{section}}',
  unbound: 'No console page answers this menu entry (component key “{{component}}”). An administrator can change its component key in Permissions.',
  unboundEmpty: 'This menu entry has no component key. An administrator can set one in Permissions.',
  siblings: 'Pages in this area',
  noSiblings: 'This area has no other pages',
  filter: 'Filter pages',
  noMatch: 'No page matches',
  current: 'Current',
} satisfies typeof zh;
