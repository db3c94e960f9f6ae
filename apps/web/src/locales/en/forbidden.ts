import type zh from '../zh_CN/forbidden';

export default {
  title: '403',
  description: 'Sorry, you are not allowed to open this page. Ask an administrator to grant it to your role.',
  back: 'Go back',
} satisfies typeof zh;
