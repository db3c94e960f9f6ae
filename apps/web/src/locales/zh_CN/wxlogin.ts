/** The WeChat callback page (/wxlogin): completes a binding, or a sign-in with WeChat; and /wxbindpage. */
const wxlogin = {
  binding: '正在绑定微信…',
  bound: '已绑定微信：{{nickname}}',
  failed: '微信绑定失败',
  missing: '缺少微信授权参数',
  signingIn: '正在通过微信登录…',
  loginFailed: '微信登录失败',
  backToLogin: '返回登录',
  bind: {
    title: '绑定微信',
    scanned: '微信账号：{{nickname}}',
    intro: '该微信尚未绑定账号。绑定已有账号或注册新账号，之后即可用微信直接登录。',
    existing: '绑定已有账号',
    register: '注册新账号',
    submit: '绑定并登录',
    expired: '微信登录已过期或已使用，请返回登录页重新扫码。',
    loading: '正在读取微信账号…',
  },
};
export default wxlogin;
