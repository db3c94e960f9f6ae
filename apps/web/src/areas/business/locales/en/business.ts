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
  invite: {
    title: 'Invitation link',
    hint: 'Send this link or QR code to the person you invite: signed in, they accept and join the project team. It is shown this once and stops working when revoked or expired.',
  },
  collaboration: {
    pageTitle: 'Project invitation',
    title: 'Project invitation',
    intro: '{{org}} invites you to a project team.',
    project: 'Project',
    org: 'Invited by',
    role: 'Role in project',
    expires: 'Expires',
    unknown: 'This invitation link is not valid',
    unknownHint: 'It is incomplete or never existed. Ask the project manager who invited you for a new one.',
    signIn: 'Sign in to respond',
    signInHint: 'Sign in to accept or decline this invitation.',
    accept: 'Accept invitation',
    decline: 'Decline',
    joined: 'You joined the project "{{project}}" as {{role}}.',
    declinedNow: 'You declined the invitation.',
    closed: {
      accepted: 'This invitation was already accepted and cannot be used again.',
      declined: 'This invitation was declined and cannot be used again.',
      revoked: 'This invitation was revoked.',
      expired: 'This invitation has expired.',
    },
  },
  onlineRecord: {
    chart: 'Online per day',
    devices: 'Devices online',
    minutes: 'Minutes online',
  },
} satisfies typeof zh;
