/** The bell, the notification dialog, the announcements scroller and the notifications carousel (SPEC §2). */
const notification = {
  bell: '通知',
  bellUnread: '通知，{{count}} 条未读',
  title: '通知消息',
  empty: '暂无通知',
  unread: '未读',
  read: '已读',
  announcements: '公告',
  carousel: '最新通知',
  detail: '详情',
  targetsEveryone: '所有用户都会收到',
  targetsPick: '选择接收对象',
  noContent: '暂无内容',
};
export default notification;
