export default {
  try: '测试',
  tryPlaceholder: '输入一条访客消息，看哪个机器人回复',
  none: '没有机器人回复这条消息',
  answers: '「{{name}}」回复：',
};
