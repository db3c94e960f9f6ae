export default {
  scopesPlaceholder: '选择服务可调用的权限',
  dashboard: {
    service: '服务',
    allServices: '全部服务',
    days: '最近 {{count}} 天',
    calls: '调用次数',
    errors: '错误次数',
    errorRate: '错误率',
    avgMs: '平均耗时（毫秒）',
    perDay: '每日签名调用（UTC）',
    byService: '按服务',
    none: '该时段没有签名调用',
  },
  secret: {
    title: 'App Secret 已签发',
    once: '请立即复制并妥善保存，关闭后将无法再次查看；遗失后只能重置。',
    appKey: 'App Key',
    appSecret: 'App Secret',
    close: '我已保存',
  },
};
