export default {
  scopesPlaceholder: '选择服务可调用的权限',
  secret: {
    title: 'App Secret 已签发',
    once: '请立即复制并妥善保存，关闭后将无法再次查看；遗失后只能重置。',
    appKey: 'App Key',
    appSecret: 'App Secret',
    close: '我已保存',
  },
};
