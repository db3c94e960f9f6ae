import type zh from '../zh_CN/dc';

export default {
  scopesPlaceholder: 'Choose the permissions the service may call',
  secret: {
    title: 'App secret issued',
    once: 'Copy it now and keep it safe: it cannot be shown again once closed; if lost, reset it.',
    appKey: 'App key',
    appSecret: 'App secret',
    close: 'I have saved it',
  },
} satisfies typeof zh;
