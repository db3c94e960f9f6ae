import type zh from '../zh_CN/login';

export default {
  title: 'Sign in',
  username: 'Username',
  password: 'Password',
  code: 'Verification code',
  submit: 'Log in',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  capsLock: 'Caps Lock is on',
  captchaAlt: 'Verification code image',
  refreshCaptcha: 'Hard to read? Click the image for a new one',
  register: 'Create an account',
  wechat: 'Sign in with WeChat',
  or: 'or',
} satisfies typeof zh;
