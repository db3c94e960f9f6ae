import type zh from '../zh_CN/password';

export default {
  title: 'Change password',
  old: 'Original password',
  new: 'New password',
  confirm: 'Confirm password',
  oldPlaceholder: 'Enter the original password',
  newPlaceholder: 'Enter the new password',
  confirmPlaceholder: 'Enter the new password again',
  othersSignedOut: 'After the change, your sessions on other devices are signed out.',
} satisfies typeof zh;
