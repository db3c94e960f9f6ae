import type zh from '../zh_CN/wxlogin';

export default {
  binding: 'Binding WeChat…',
  bound: 'WeChat bound: {{nickname}}',
  failed: 'WeChat binding failed',
  missing: 'The WeChat authorisation parameters are missing',
} satisfies typeof zh;
