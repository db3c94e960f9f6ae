import type zh from '../zh_CN/alarm';

export default {
  view: { label: 'Show', active: 'Active', history: 'History', all: 'All' },
  summary: 'Active alarms: {{count}}',
} satisfies typeof zh;
