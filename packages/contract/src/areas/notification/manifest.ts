import { defineArea } from '../types';

/**
 * Announcements and notifications written by administrators (SPEC §2 navbar bell and scrolling notices). Its page,
 * notification content, is declared with its resource (`resources/notification/content.ts`, `page`).
 */
export const notificationArea = defineArea({
  key: 'notification',
  order: 95,
  title: { zh_CN: '通知管理', en: 'Notifications' },
  icon: 'NotificationOutlined',
  pages: [],
});
