import type zh from '../zh_CN/business';

export default {
  overdue: 'Overdue',
  timeline: {
    created: 'Submitted',
    commented: 'Commented',
    photo: 'Photo added',
    moved: '{{action}}: {{from}} → {{to}}',
    placeholder: 'What was done, or what the customer said',
    send: 'Comment',
    upload: 'Upload photo',
  },
  timedTask: {
    noCommands: 'This run created no device commands',
  },
} satisfies typeof zh;
