import type zh from '../zh_CN/dc';

export default {
  scopesPlaceholder: 'Choose the permissions the service may call',
  dashboard: {
    service: 'Service',
    allServices: 'All services',
    days: 'Last {{count}} days',
    calls: 'Calls',
    errors: 'Errors',
    errorRate: 'Error rate',
    avgMs: 'Mean answer time (ms)',
    perDay: 'Signed calls per day (UTC)',
    byService: 'By service',
    none: 'No signed calls in this period',
  },
  secret: {
    title: 'App secret issued',
    once: 'Copy it now and keep it safe: it cannot be shown again once closed; if lost, reset it.',
    appKey: 'App key',
    appSecret: 'App secret',
    close: 'I have saved it',
  },
} satisfies typeof zh;
