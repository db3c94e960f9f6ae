import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField, type CaptchaHandle } from '../login/CaptchaField';
import { Field } from '../login/Field';
import { PasswordToggle } from '../login/PasswordToggle';
import { useCaptchaOn } from '../login/useCaptchaOn';
import { validateLogin, type LoginField, type LoginValues } from '../login/validate';
import { failureOf } from '../public/api';
import { bindWechatToAccount } from '../register/api';
import type { Failure } from '../register/RegisterForm';
import { useEnterConsole } from '../register/useEnterConsole';

const FIELDS: readonly LoginField[] = ['username', 'password', 'code'];

/**
 * An existing account proves itself as at the sign-in form (username, password, captcha; failures count toward the
 * same lock-out), takes the scanned WeChat identity and is signed in.
 */
export function BindAccountForm({ ticket, onRefused }: { ticket: string; onRefused: (f: Failure) => boolean }) {
  const { t } = useTranslation();
  const captchaOn = useCaptchaOn();
  const enter = useEnterConsole();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', code: '' });
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [problem, setProblem] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);

  const ruleErrors = validateLogin(values, captchaOn);
  const errorOf = (f: LoginField) => serverErrors[f] ?? (checked && ruleErrors[f] ? t(ruleErrors[f]) : undefined);
  const set = (f: LoginField) => (value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setServerErrors((e) => ({ ...e, [f]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setChecked(true);
    setProblem('');
    if (FIELDS.some((f) => ruleErrors[f])) return;
    setSubmitting(true);
    try {
      enter(await bindWechatToAccount(ticket, { username: values.username, password: values.password, captcha: captchaOn ? values.code : '' }));
    } catch (err) {
      const f = failureOf(err, t('request.error'));
      if (!onRefused(f)) {
        if (f.field === 'code') setServerErrors({ code: f.text });
        else setProblem(f.text);
      }
      if (captchaOn) {
        setValues((v) => ({ ...v, code: '' }));
        captchaRef.current?.refresh();
      }
      setSubmitting(false);
    }
  };

  return (
    <form className="gx-login-form" noValidate onSubmit={onSubmit} data-testid="wxbind-account-form">
      <Field id="wxbind-username" name="username" label={t('login.username')} autoComplete="username" maxLength={64}
        value={values.username} error={errorOf('username')} onChange={(e) => set('username')(e.target.value)} />
      <Field id="wxbind-password" name="password" type={showPassword ? 'text' : 'password'} label={t('login.password')} autoComplete="current-password"
        value={values.password} error={errorOf('password')} suffix={<PasswordToggle visible={showPassword} onToggle={() => setShowPassword((s) => !s)} />}
        onChange={(e) => set('password')(e.target.value)} />
      {captchaOn && (
        <CaptchaField ref={captchaRef} id="wxbind-captcha" value={values.code} error={errorOf('code')} onChange={set('code')} onBlur={() => undefined} />
      )}
      {problem ? <p className="gx-public-alert" role="alert" data-testid="wxbind-problem">{problem}</p> : null}
      <button type="submit" className="gx-btn gx-btn-primary gx-login-submit" disabled={submitting} data-testid="wxbind-submit">
        {submitting && <span className="gx-spinner" aria-hidden="true" />}
        {t('wxlogin.bind.submit')}
      </button>
    </form>
  );
}
