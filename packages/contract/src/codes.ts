/**
 * The response code catalogue, defined once for server and console (DESIGN §3).
 * Every business outcome is HTTP 200 with one of these codes; 1002/1004/1005 make the console drop its token.
 */
export const Code = {
  OK: 200,
  FAILED: 1000,
  VALIDATION: 1001,
  NOT_LOGGED_IN: 1002,
  FORBIDDEN: 1003,
  SESSION_EXPIRED: 1004,
  SESSION_REVOKED: 1005,
  NOT_FOUND: 1006,
  CONFLICT: 1007,
  BAD_CREDENTIALS: 1008,
  CAPTCHA_WRONG: 1009,
  TOO_MANY_ATTEMPTS: 1010,
  PAYLOAD_TOO_LARGE: 1011,
  UNSUPPORTED_MEDIA_TYPE: 1012,
  UNKNOWN_ENDPOINT: 1013,
  UNKNOWN_METHOD: 1014,
  ACCOUNT_DISABLED: 1015,
  /** Sign-in refused: every organisation the account belongs to is disabled. */
  ORGANIZATION_DISABLED: 1016,
  /** Remove refused: other rows hold this one. `data` is an InUseAnswer; `ask` rows go with `confirm: true`. */
  IN_USE: 1017,
  /**
   * A developer service's signed call refused (docs/developer-api.md): unknown or unapproved app key, wrong
   * signature, timestamp more than 5 minutes off, or a nonce already used; `field` names the header.
   */
  SIGNATURE_INVALID: 1018,
  /** The console shows this message a second time (SPEC §8): used where the user must act, e.g. bind a phone. */
  ACTION_REQUIRED: 1038,
  INTERNAL: 1500,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** Codes on which the console resets its token and reloads to the login page. */
export const SESSION_RESET_CODES: readonly number[] = [Code.NOT_LOGGED_IN, Code.SESSION_EXPIRED, Code.SESSION_REVOKED];

/** Default English message per code; the console translates by code, the server answers in the request language. */
export const codeMessages: Record<CodeValue, { en: string; zh_CN: string }> = {
  200: { en: 'Operation succeeded', zh_CN: '操作成功' },
  1000: { en: 'Operation failed', zh_CN: '操作失败' },
  1001: { en: 'Please fill in the required parameters', zh_CN: '请填写必要参数' },
  1002: { en: 'Please log in', zh_CN: '请先登录' },
  1003: { en: 'You do not have permission for this operation', zh_CN: '您没有此操作的权限' },
  1004: { en: 'Your session has expired, please log in again', zh_CN: '登录已过期，请重新登录' },
  1005: { en: 'You have been signed out, please log in again', zh_CN: '您已被登出，请重新登录' },
  1006: { en: 'The record does not exist', zh_CN: '记录不存在' },
  1007: { en: 'The record already exists or was changed by someone else', zh_CN: '记录已存在或已被他人修改' },
  1008: { en: 'Login failed. Incorrect username or password.', zh_CN: '登录失败，用户名或密码错误。' },
  1009: { en: 'Verification code verification failed', zh_CN: '验证码校验失败' },
  1010: { en: 'Too many attempts. Please try again later', zh_CN: '尝试次数过多，请稍后再试' },
  1011: { en: 'The request body is too large', zh_CN: '请求内容过大' },
  1012: { en: 'Unsupported content type', zh_CN: '不支持的内容类型' },
  1013: { en: 'Unknown endpoint', zh_CN: '接口不存在' },
  1014: { en: 'Unknown method', zh_CN: '方法不存在' },
  1015: { en: 'The account is disabled', zh_CN: '账号已停用' },
  1016: { en: 'Your organisation is disabled', zh_CN: '您所在的组织已停用' },
  1017: { en: 'The record is in use', zh_CN: '该记录正在使用中' },
  1018: { en: 'The request signature is invalid', zh_CN: '请求签名无效' },
  1038: { en: 'Please bind your phone number', zh_CN: '请绑定手机号' },
  1500: { en: 'Server error, please try again later', zh_CN: '服务器错误，请稍后再试' },
};

export type Lang = 'zh_CN' | 'en';
export const LANGS: readonly Lang[] = ['zh_CN', 'en'];
export const DEFAULT_LANG: Lang = 'zh_CN';

export function messageFor(code: CodeValue, lang: Lang): string {
  return codeMessages[code][lang];
}
