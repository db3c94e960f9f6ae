import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { login } from '../../api/session';
import { useUserStore } from '../../store/user';
import { CaptchaField, type CaptchaHandle } from './CaptchaField';
import { Field } from './Field';
import { PasswordToggle } from './PasswordToggle';
import { useCapsLock } from './useCapsLock';
import { isLoginField, LOGIN_FIELDS, validateLogin, type LoginErrors, type LoginField, type LoginValues } from './validate';

/** SPEC §5 login: trimmed username, password ≥ 6 characters sent as MD5, captcha as `code` when enabled. */
export function LoginForm({ captcha }: { captcha: boolean }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', code: '' });
  /** Fields whose rules run on every change: after they were left once, or after a submit attempt. */
  const [checked, setChecked] = useState<ReadonlySet<LoginField>>(new Set());
  /** Messages the server attached to a field (already in the request language). */
  const [serverErrors, setServerErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [passwordFocused, setPasswordFocused] = useState(false);
  const { capsLock, onKey } = useCapsLock();
  const captchaRef = useRef<CaptchaHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const ruleErrors: LoginErrors = validateLogin(values, captcha);
  const errorOf = (f: LoginField): string | undefined =>
    serverErrors[f] ?? (checked.has(f) && ruleErrors[f] ? t(ruleErrors[f]) : undefined);

  const set = (f: LoginField) => (value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setServerErrors((e) => ({ ...e, [f]: undefined }));
  };
  const leave = (f: LoginField) => () => setChecked((c) => new Set(c).add(f));

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting) return;
    setChecked(new Set(LOGIN_FIELDS));
    const invalid = LOGIN_FIELDS.find((f) => ruleErrors[f]);
    if (invalid) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { token, expiresAt } = await login(values);
      // The route guard now sends the user on, to the `redirect` query or to / (router/decide.ts).
      useUserStore.getState().setToken(token, expiresAt);
    } catch (err) {
      // The request wrapper already showed the server's message; mark the field it names, if any.
      if (err instanceof ApiError && isLoginField(err.field)) setServerErrors({ [err.field]: err.message });
      if (captcha) {
        setValues((v) => ({ ...v, code: '' }));
        captchaRef.current?.refresh();
      }
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} className="gx-login-form" noValidate onSubmit={onSubmit} aria-label={t('login.title')}>
      <Field
        id="login-username"
        name="username"
        label={t('login.username')}
        autoComplete="username"
        maxLength={64}
        value={values.username}
        error={errorOf('username')}
        onChange={(e) => set('username')(e.target.value)}
        onBlur={leave('username')}
      />
      <Field
        id="login-password"
        name="password"
        type={showPassword ? 'text' : 'password'}
        label={t('login.password')}
        autoComplete="current-password"
        value={values.password}
        error={errorOf('password')}
        hint={capsLock && passwordFocused ? <span data-testid="login-capslock">{t('login.capsLock')}</span> : undefined}
        suffix={<PasswordToggle visible={showPassword} onToggle={() => setShowPassword((s) => !s)} />}
        onChange={(e) => set('password')(e.target.value)}
        onKeyDown={onKey}
        onKeyUp={onKey}
        onFocus={() => setPasswordFocused(true)}
        onBlur={() => {
          setPasswordFocused(false);
          leave('password')();
        }}
      />
      {captcha && (
        <CaptchaField ref={captchaRef} value={values.code} error={errorOf('code')} onChange={set('code')} onBlur={leave('code')} />
      )}
      <button type="submit" className="gx-btn gx-btn-primary gx-login-submit" disabled={submitting} data-testid="login-submit">
        {submitting && <span className="gx-spinner" aria-hidden="true" />}
        {t('login.submit')}
      </button>
    </form>
  );
}
