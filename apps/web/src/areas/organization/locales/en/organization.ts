import type zh from '../zh_CN/organization';

export default {
  button: 'Organisation',
  drawerTitle: 'My organisations',
  none: 'You have not joined any organisation yet',
  current: 'Current',
  switch: 'Switch',
  create: 'Create organisation',
  join: 'Join organisation',
  name: 'Organisation name',
  namePlaceholder: 'Enter the organisation name',
  code: 'Invitation code',
  codePlaceholder: 'Enter the invitation code',
  inviteCode: 'Invitation code:',
  copy: 'Copy invitation code',
  copySuccess: 'Copy Successful',
  copyFailed: 'Copy Failed',
} satisfies typeof zh;
