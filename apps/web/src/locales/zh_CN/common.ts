const common = {
  appTitle: '融合通信云平台',
  ok: '确定',
  cancel: '取消',
  close: '关闭',
  loading: '加载中…',
  backHome: '返回首页',
  pageError: '页面加载出错',
  retry: '重试',
  pageUnreachable: '页面文件下载失败：网络中断，或控制台已发布新版本。请重新加载后继续。',
  reload: '重新加载',
  copyright: '版权所有 © 2014-2025 {{title}}',
  language: '语言',
  languages: { zh_CN: '简体中文', en: 'English' },
  theme: { light: '浅色模式', dark: '深色模式', toggle: '切换主题' },
  linkShare: { copy: '复制链接', copied: '已复制' },
};
export default common;
