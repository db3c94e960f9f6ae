import type zh from '../zh_CN/wxlogin';

export default {
  binding: 'Binding WeChat…',
  bound: 'WeChat bound: {{nickname}}',
  failed: 'WeChat binding failed',
  missing: 'The WeChat authorisation parameters are missing',
  signingIn: 'Signing in with WeChat…',
  loginFailed: 'Signing in with WeChat failed',
  backToLogin: 'Back to sign-in',
  bind: {
    title: 'Bind WeChat',
    scanned: 'WeChat account: {{nickname}}',
    intro: 'This WeChat account is not bound to an account yet. Bind an existing account or register a new one; from then on WeChat signs you in.',
    existing: 'Bind an existing account',
    register: 'Register a new account',
    submit: 'Bind and sign in',
    expired: 'This WeChat sign-in has expired or was already used. Go back to sign-in and scan again.',
    loading: 'Reading the WeChat account…',
  },
} satisfies typeof zh;
