import { PASSWORD_MIN } from '@gx/contract';

/** The login form's client rules (SPEC §5); messages are i18n keys so they re-translate on a language switch. */
export interface LoginValues {
  username: string;
  password: string;
  code: string;
}

export type LoginField = keyof LoginValues;
export type LoginErrors = Partial<Record<LoginField, string>>;

export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password', 'code'];

export function validateLogin(values: LoginValues, captcha: boolean): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.username.trim()) errors.username = 'validation.usernameRequired';
  if (!values.password) errors.password = 'validation.passwordRequired';
  else if (values.password.length < PASSWORD_MIN) errors.password = 'validation.passwordMin';
  if (captcha && !values.code.trim()) errors.code = 'validation.codeRequired';
  return errors;
}

export function isLoginField(name: string | undefined): name is LoginField {
  return name !== undefined && (LOGIN_FIELDS as readonly string[]).includes(name);
}
