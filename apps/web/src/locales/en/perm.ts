import type zh from '../zh_CN/perm';

export default {
  'notification.content.list': 'Notification content · View',
  'notification.content.add': 'Notification content · Add',
  'notification.content.update': 'Notification content · Edit',
  'notification.content.remove': 'Notification content · Delete',
  'notification.operation.publish': 'Notification publishing · Publish',
  'notification.operation.withdraw': 'Notification publishing · Withdraw',
  'notification.operation.stats': 'Notification publishing · Read statistics',
  'oa.suggestion.list': 'Suggestions · View',
  'oa.suggestion.handle': 'Suggestions · Handle',
  'portal.sms.list': 'SMS config · View',
  'portal.sms.add': 'SMS config · Add',
  'portal.sms.update': 'SMS config · Edit',
  'portal.sms.remove': 'SMS config · Delete',
  'portal.sms.test': 'SMS config · Send a test',
  'portal.sms.log': 'SMS config · Sending log',
  'system.domain_config.detail': 'Page configuration · View',
  'system.domain_config.form': 'Page configuration · Save',
  'system.user.succession': 'Users · Resignation handover',
  'system.webmaster.form_select': 'Personnel · Pick a person',
} satisfies typeof zh;
