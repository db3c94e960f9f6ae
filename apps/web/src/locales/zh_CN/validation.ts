/** Messages of the contract's validators (`validation.*` keys) and client-side form rules. */
const validation = {
  required: '请填写必填项',
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  codeRequired: '请输入验证码',
  passwordMin: '密码不能少于6位',
  passwordFormat: '密码为6-18位，数字、字母、符号任意两种组合，不能包含中文',
  passwordHash: '密码格式错误',
  phone: '请输入正确的手机号',
  email: '请输入正确的邮箱地址',
  link: '链接须以 http、https、mailto 或 tel 开头',
  httpLink: '链接地址须包含 http 或 https',
};
export default validation;
