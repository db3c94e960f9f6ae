import type zh from '../zh_CN/system';

export default {
  grant: {
    all: 'Select all',
    none: 'Clear',
    otherButtons: 'Other buttons',
    search: 'Search pages and buttons',
    noMatch: 'No page or button matches',
  },
  diff: {
    onlyChanged: 'Changed fields only',
    field: 'Field',
    before: 'Before',
    after: 'After',
    value: 'Value',
    none: 'Nothing changed',
    /** Values logged by endpoints that are no resource (a sign-in's session). */
    keys: { sessionId: 'Session ID' },
  },
} satisfies typeof zh;
