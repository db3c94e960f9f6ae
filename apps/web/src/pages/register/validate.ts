import { passwordProblem, PHONE_RE, RULES } from '@gx/contract';

/** The registration form's client rules (SPEC §5 username, password and phone); messages are i18n keys. */
export interface RegisterValues {
  username: string;
  password: string;
  confirm: string;
  phone: string;
  /** The picture code, needed to send the SMS code (when the captcha is on). */
  captcha: string;
  smsCode: string;
  accepted: boolean;
}

export type RegisterField = keyof RegisterValues;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

export const REGISTER_FIELDS: readonly RegisterField[] = ['username', 'password', 'confirm', 'phone', 'captcha', 'smsCode', 'accepted'];

/** What sending the SMS code needs: a phone, and the picture code when the captcha is on. */
export function validateSendCode(v: RegisterValues, captcha: boolean): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!v.phone.trim()) errors.phone = 'register.phoneRequired';
  else if (!PHONE_RE.test(v.phone.trim())) errors.phone = 'validation.phone';
  if (captcha && !v.captcha.trim()) errors.captcha = 'register.captchaFirst';
  return errors;
}

/** Every rule of the form; the picture code is not among them (it was spent on sending the SMS code). */
export function validateRegister(v: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  const username = v.username.trim();
  if (!username) errors.username = 'validation.usernameRequired';
  else if (!RULES.username.re.test(username)) errors.username = 'register.usernameRule';
  if (!v.password) errors.password = 'validation.passwordRequired';
  else {
    const problem = passwordProblem(v.password);
    if (problem) errors.password = problem;
  }
  if (!v.confirm) errors.confirm = 'register.confirmRequired';
  else if (v.confirm !== v.password) errors.confirm = 'validation.passwordMismatch';
  if (!v.phone.trim()) errors.phone = 'register.phoneRequired';
  else if (!PHONE_RE.test(v.phone.trim())) errors.phone = 'validation.phone';
  if (!/^\d{6}$/.test(v.smsCode.trim())) errors.smsCode = 'register.smsCodeRule';
  if (!v.accepted) errors.accepted = 'register.acceptRequired';
  return errors;
}

/** The form field a server refusal names (its wire name → ours). */
const FROM_SERVER: Record<string, RegisterField> = {
  username: 'username', password: 'password', phone: 'phone', code: 'captcha', sms_code: 'smsCode', accept_terms: 'accepted',
};

export function registerFieldOf(serverField: string | undefined): RegisterField | undefined {
  return serverField === undefined ? undefined : FROM_SERVER[serverField];
}
