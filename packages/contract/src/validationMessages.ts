import type { Lang } from './codes';

/**
 * Texts of the validation rules, keyed as the schemas name them. The server answers them in the request language
 * and the console's forms show the same words, so a rule reads the same on both sides.
 */
export const validationMessages: Record<string, Record<Lang, string>> = {
  'validation.required': { en: 'Please fill in the required items', zh_CN: '请填写必填项' },
  'validation.invalid': { en: 'Invalid value', zh_CN: '参数不正确' },
  'validation.usernameRequired': { en: 'Please enter the username', zh_CN: '请输入用户名' },
  'validation.passwordRequired': { en: 'Please enter the password', zh_CN: '请输入密码' },
  'validation.codeRequired': { en: 'Please enter the verification code', zh_CN: '请输入验证码' },
  'validation.passwordMin': { en: 'Password cannot be less than 6 digits', zh_CN: '密码不能少于6位' },
  'validation.passwordFormat': {
    en: 'Password: 6-18 characters, any combination of at least two of digits, letters and symbols, no Chinese',
    zh_CN: '密码为6-18位，数字、字母、符号任意两种组合，不能包含中文',
  },
  'validation.passwordMismatch': { en: 'The two passwords entered are inconsistent', zh_CN: '两次输入的密码不一致' },
  'validation.passwordHash': { en: 'The password must be sent hashed', zh_CN: '密码格式不正确' },
  'validation.phone': { en: 'Please enter a valid mobile phone number', zh_CN: '请输入正确的手机号码' },
  'validation.email': { en: 'Please enter a valid email address', zh_CN: '请输入正确的邮箱地址' },
  'validation.link': { en: 'The link must start with http, https, mailto or tel', zh_CN: '链接须以 http、https、mailto 或 tel 开头' },
  'validation.httpLink': { en: 'The link address must include http/https', zh_CN: '链接地址须包含 http/https' },
  'validation.file': { en: 'Please upload a file', zh_CN: '请上传文件' },
  'validation.imageType': { en: 'Images can only be in JPG or PNG format', zh_CN: '图片只能是 JPG 或 PNG 格式' },
  'validation.imageSize': { en: 'The image size cannot exceed 10MB', zh_CN: '图片大小不能超过 10MB' },
  'validation.noOrganization': { en: 'Please choose an organisation first', zh_CN: '请先选择组织' },
  'validation.tooLong': { en: 'The content is too long', zh_CN: '内容过长' },
};

export function validationText(key: string, lang: Lang): string | undefined {
  return validationMessages[key]?.[lang];
}
