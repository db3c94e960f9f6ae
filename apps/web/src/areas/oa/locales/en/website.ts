import type zh from '../zh_CN/website';

export default {
  showing: 'On the website now:',
  more: 'Learn more →',
} satisfies typeof zh;
