import { routeTitles } from '@gx/contract';
import type zh from '../zh_CN/route';

export default {
  login: 'Login',
  notFound: 'Page not found',
  ...routeTitles('en'),
} satisfies typeof zh;
