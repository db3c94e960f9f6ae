/** The WeChat callback page (/wxlogin) that completes a binding. */
const wxlogin = {
  binding: '正在绑定微信…',
  bound: '已绑定微信：{{nickname}}',
  failed: '微信绑定失败',
  missing: '缺少微信授权参数',
};
export default wxlogin;
