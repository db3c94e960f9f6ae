const login = {
  title: '欢迎登录',
  username: '用户名',
  password: '密码',
  code: '验证码',
  submit: '登录',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
  capsLock: '大写锁定已打开',
  captchaAlt: '验证码图片',
  refreshCaptcha: '看不清？点击图片换一张',
  register: '注册账号',
  wechat: '微信登录',
  or: '或',
};
export default login;
