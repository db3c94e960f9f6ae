/** Texts of the request wrapper (SPEC §8). */
const request = {
  error: '错误',
  hasError: '出错了',
  networkError: '网络异常，请检查网络后重试',
  timeout: '请求超时，请稍后再试',
};
export default request;
