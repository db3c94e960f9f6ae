import type zh from '../zh_CN/robot';

export default {
  try: 'Try',
  tryPlaceholder: 'Type a guest message to see which robot replies',
  none: 'No robot replies to this message',
  answers: '"{{name}}" replies:',
} satisfies typeof zh;
