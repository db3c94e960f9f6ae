import type zh from '../zh_CN/succession';

export default {
  title: 'Leave inheritance',
  quit: 'Leaving employee',
  inherit: 'Inheritor',
  search: 'Type a name to search',
  more: 'Only the first {{count}} are shown; type a name to refine',
  empty: 'Nobody matches',
  notice: "The leaving employee's roles and records in this organisation pass to the inheritor; their membership and sessions end.",
} satisfies typeof zh;
