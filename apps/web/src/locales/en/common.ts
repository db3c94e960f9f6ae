import type zh from '../zh_CN/common';

export default {
  appTitle: 'Converged Communications Cloud',
  ok: 'OK',
  cancel: 'Cancel',
  close: 'Close',
  loading: 'Loading…',
  backHome: 'Back to home',
  pageError: 'This page failed to load',
  retry: 'Retry',
  pageUnreachable: 'This page could not be downloaded: the connection dropped, or a new version of the console was published. Reload to go on.',
  reload: 'Reload',
  copyright: 'Copyright © 2014-2025 {{title}}',
  language: 'Language',
  languages: { zh_CN: '简体中文', en: 'English' },
  theme: { light: 'Light mode', dark: 'Dark mode', toggle: 'Switch theme' },
  linkShare: { copy: 'Copy link', copied: 'Copied' },
} satisfies typeof zh;
