import { routeTitles } from '@gx/contract';

/**
 * Route titles. The server names them `route.<section>[.<page>]`; a section key is both a title and the prefix of
 * its pages' keys, so page keys are written flat under `route` (i18next resolves flat keys inside nested objects).
 * Section and page titles come from the area manifests (packages/contract/src/areas); only the console's own
 * routes are written here.
 */
const route: Record<string, string> = {
  login: '登录',
  notFound: '页面不存在',
  forbidden: '无权访问',
  wxlogin: '微信登录',
  screenRender: '屏幕节目',
  ...routeTitles('zh_CN'),
};
export default route;
