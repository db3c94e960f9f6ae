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
  quotation: {
    locked: 'This quotation was sent; its lines can no longer change',
    subtotal: 'List total',
    discount: 'Discount',
    total: 'Total',
    exportXlsx: 'Export Excel',
    printView: 'Print view',
    print: 'Print',
    closePrint: 'Close',
  },
  timedTask: {
    noCommands: 'This run created no device commands',
  },
} satisfies typeof zh;
