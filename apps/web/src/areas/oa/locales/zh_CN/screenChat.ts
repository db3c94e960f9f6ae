export default {
  title: '屏幕互动',
  intro: '给这块屏幕留言：工作人员审核后会显示在屏幕上。',
  nickname: '昵称（可不填）',
  message: '留言内容',
  required: '请输入留言内容',
  send: '发送',
  sent: '已发送，审核通过后显示在屏幕上。',
  robot: '自动回复：',
  onScreen: '屏幕上的留言',
  empty: '还没有留言。',
  guest: '访客',
  unavailable: '此二维码链接已失效，请扫描屏幕上最新的二维码。',
};
