import { routeTitles } from '@gx/contract';
import type zh from '../zh_CN/route';

export default {
  login: 'Login',
  notFound: 'Page not found',
  forbidden: 'Access denied',
  wxlogin: 'WeChat sign-in',
  screenRender: 'Screen programme',
  ...routeTitles('en'),
} satisfies typeof zh;
