import type zh from '../zh_CN/screenChat';

export default {
  title: 'Screen chat',
  intro: 'Leave a message for this screen: it shows once staff have approved it.',
  nickname: 'Nickname (optional)',
  message: 'Your message',
  required: 'Please enter a message',
  send: 'Send',
  sent: 'Sent. It shows on the screen once approved.',
  robot: 'Automatic reply:',
  onScreen: 'On the screen',
  empty: 'No messages yet.',
  guest: 'Guest',
  unavailable: 'This QR link no longer works; scan the code now on the screen.',
} satisfies typeof zh;
