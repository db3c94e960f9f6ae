import type zh from '../zh_CN/notification';

export default {
  bell: 'Notifications',
  bellUnread: 'Notifications, {{count}} unread',
  title: 'Notifications',
  empty: 'No notifications',
  unread: 'Unread',
  read: 'Read',
  announcements: 'Announcements',
  carousel: 'Latest notifications',
  detail: 'Details',
  targetsEveryone: 'Everyone signed in receives it',
  targetsPick: 'Choose who receives it',
  noContent: 'No content',
} satisfies typeof zh;
