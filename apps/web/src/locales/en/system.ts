import type zh from '../zh_CN/system';

export default {
  grant: {
    all: 'Select all',
    none: 'Clear',
    otherButtons: 'Other buttons',
  },
  diff: {
    onlyChanged: 'Changed fields only',
    field: 'Field',
    before: 'Before',
    after: 'After',
    value: 'Value',
    none: 'Nothing changed',
  },
} satisfies typeof zh;
