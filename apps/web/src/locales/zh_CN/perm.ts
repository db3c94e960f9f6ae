/**
 * Names of the buttons (permission keys) that shell endpoints declare outside the resource framework; keys a
 * resource declares are named from its declaration (`permissionLabel`). Buttons are seeded with the title
 * `perm.<key>`; keys are written flat, as in route.ts.
 */
const perm = {
  'notification.content.list': '通知内容 · 查看',
  'notification.content.add': '通知内容 · 新增',
  'notification.content.update': '通知内容 · 编辑',
  'notification.content.remove': '通知内容 · 删除',
  'notification.operation.publish': '通知发布 · 发布',
  'notification.operation.withdraw': '通知发布 · 撤回',
  'notification.operation.stats': '通知发布 · 阅读统计',
  'oa.suggestion.list': '投诉建议 · 查看',
  'oa.suggestion.handle': '投诉建议 · 处理',
  'portal.sms.list': '短信配置 · 查看',
  'portal.sms.add': '短信配置 · 新增',
  'portal.sms.update': '短信配置 · 编辑',
  'portal.sms.remove': '短信配置 · 删除',
  'portal.sms.test': '短信配置 · 发送测试',
  'portal.sms.log': '短信配置 · 发送记录',
  'system.domain_config.detail': '页面配置 · 查看',
  'system.domain_config.form': '页面配置 · 保存',
  'system.user.succession': '用户管理 · 离职继承',
  'system.webmaster.form_select': '人员名录 · 人员选择',
};
export default perm;
