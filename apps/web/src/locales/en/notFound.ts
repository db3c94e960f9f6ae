import type zh from '../zh_CN/notFound';

export default {
  title: '404',
  description: 'Sorry, the page you visited does not exist.',
} satisfies typeof zh;
