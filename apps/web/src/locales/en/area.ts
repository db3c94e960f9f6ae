import type zh from '../zh_CN/area';

export default {
  inSection: 'Area: {{section}}',
  comingSoon: 'The pages of this area are being built and are coming soon.',
  siblings: 'Pages in this area',
  noSiblings: 'This area has no other pages',
  filter: 'Filter pages',
  noMatch: 'No page matches',
  current: 'Current',
} satisfies typeof zh;
