import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Code, type LoginAnswer } from '@gx/contract';
import { CaptchaField, type CaptchaHandle } from '../login/CaptchaField';
import { Field } from '../login/Field';
import { PasswordToggle } from '../login/PasswordToggle';
import { useCaptchaOn } from '../login/useCaptchaOn';
import { failureOf } from '../public/api';
import { sendRegisterCode, type NewAccountValues } from './api';
import { useEnterConsole } from './useEnterConsole';
import {
  REGISTER_FIELDS, registerFieldOf, validateRegister, validateSendCode, type RegisterErrors, type RegisterField, type RegisterValues,
} from './validate';

export type Failure = ReturnType<typeof failureOf>;

interface Props {
  /** Makes the account (on /register, or bound to a scanned WeChat identity on /wxbindpage). */
  submit: (v: NewAccountValues) => Promise<LoginAnswer>;
  /** A refusal the page handles itself (an expired WeChat ticket); true when it did. */
  onRefused?: (f: Failure) => boolean;
}

const EMPTY: RegisterValues = { username: '', password: '', confirm: '', phone: '', captcha: '', smsCode: '', accepted: false };

/**
 * A new account: username, password (SPEC §5, typed twice), a phone proven by an SMS code (the picture code first,
 * when the captcha is on), and the privacy policy accepted. Success signs the account in and opens the console.
 */
export function RegisterForm({ submit, onRefused }: Props) {
  const { t } = useTranslation();
  const captchaOn = useCaptchaOn();
  const enter = useEnterConsole();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  /** Fields whose rules show: after they were left once, or after a submit attempt. */
  const [checked, setChecked] = useState<ReadonlySet<RegisterField>>(new Set());
  /** Messages of a refused send (i18n keys) and of the server (already translated), by field. */
  const [sendErrors, setSendErrors] = useState<RegisterErrors>({});
  const [serverErrors, setServerErrors] = useState<RegisterErrors>({});
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const ruleErrors = validateRegister(values);
  const errorOf = (f: RegisterField): string | undefined => {
    if (serverErrors[f]) return serverErrors[f];
    const key = sendErrors[f] ?? (checked.has(f) ? ruleErrors[f] : undefined);
    return key ? t(key) : undefined;
  };
  const set = <F extends RegisterField>(f: F) => (value: RegisterValues[F]) => {
    setValues((v) => ({ ...v, [f]: value }));
    setServerErrors((e) => ({ ...e, [f]: undefined }));
    setSendErrors((e) => ({ ...e, [f]: undefined }));
  };
  const leave = (f: RegisterField) => () => setChecked((c) => new Set(c).add(f));
  const showFailure = (f: Failure) => {
    if (onRefused?.(f)) return;
    const field = registerFieldOf(f.field);
    if (field) setServerErrors({ [field]: f.text });
    else setProblem(f.text);
  };

  const sendCode = async () => {
    setProblem('');
    const errors = validateSendCode(values, captchaOn);
    if (Object.keys(errors).length) {
      setSendErrors(errors);
      return;
    }
    setSending(true);
    try {
      const r = await sendRegisterCode(values.phone, captchaOn ? values.captcha : '');
      setCountdown(r.resend_after);
      setNote(t('register.codeSent', { min: r.valid_min }));
    } catch (e) {
      const f = failureOf(e, t('request.error'));
      showFailure(f);
      const retry = Number((e as { envelope?: { data?: { retryAfter?: number } } }).envelope?.data?.retryAfter ?? 0);
      if (f.code === Code.TOO_MANY_ATTEMPTS && retry > 0) setCountdown(retry);
    } finally {
      setSending(false);
      // The picture code is single use, whatever the answer.
      if (captchaOn) {
        setValues((v) => ({ ...v, captcha: '' }));
        captchaRef.current?.refresh();
      }
    }
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting) return;
    setProblem('');
    setChecked(new Set(REGISTER_FIELDS));
    const invalid = REGISTER_FIELDS.find((f) => ruleErrors[f]);
    if (invalid) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      enter(await submit({ username: values.username, password: values.password, phone: values.phone, smsCode: values.smsCode }));
    } catch (err) {
      showFailure(failureOf(err, t('request.error')));
      setSubmitting(false);
    }
  };

  const passwordType = showPassword ? 'text' : 'password';
  return (
    <form ref={formRef} className="gx-login-form gx-register-form" noValidate onSubmit={onSubmit} data-testid="register-form">
      <Field id="register-username" name="username" label={t('register.username')} autoComplete="username" maxLength={64}
        value={values.username} error={errorOf('username')} hint={t('register.usernameHint')}
        onChange={(e) => set('username')(e.target.value)} onBlur={leave('username')} />
      <Field id="register-password" name="password" type={passwordType} label={t('register.password')} autoComplete="new-password" maxLength={64}
        value={values.password} error={errorOf('password')} hint={t('validation.passwordFormat')}
        suffix={<PasswordToggle visible={showPassword} onToggle={() => setShowPassword((s) => !s)} />}
        onChange={(e) => set('password')(e.target.value)} onBlur={leave('password')} />
      <Field id="register-confirm" name="confirm" type={passwordType} label={t('register.confirm')} autoComplete="new-password" maxLength={64}
        value={values.confirm} error={errorOf('confirm')} onChange={(e) => set('confirm')(e.target.value)} onBlur={leave('confirm')} />
      <Field id="register-phone" name="phone" type="tel" inputMode="numeric" label={t('register.phone')} autoComplete="tel" maxLength={11}
        value={values.phone} error={errorOf('phone')} onChange={(e) => set('phone')(e.target.value)} onBlur={leave('phone')} />
      {captchaOn && (
        <CaptchaField ref={captchaRef} id="register-captcha" value={values.captcha} error={errorOf('captcha')} onChange={set('captcha')} onBlur={() => undefined} />
      )}
      <div className="gx-public-row">
        <Field id="register-sms-code" name="smsCode" inputMode="numeric" label={t('register.smsCode')} autoComplete="one-time-code" maxLength={6}
          value={values.smsCode} error={errorOf('smsCode')} onChange={(e) => set('smsCode')(e.target.value)} onBlur={leave('smsCode')} />
        <button type="button" className="gx-btn gx-btn-secondary gx-register-send" data-testid="register-send-code" disabled={sending || countdown > 0} onClick={sendCode}>
          {countdown > 0 ? t('register.resendIn', { s: countdown }) : t('register.sendCode')}
        </button>
      </div>
      {note ? <p className="gx-public-note" role="status">{note}</p> : null}
      <label className="gx-public-check">
        <input type="checkbox" name="accepted" checked={values.accepted} data-testid="register-accept"
          aria-invalid={errorOf('accepted') ? true : undefined} onChange={(e) => set('accepted')(e.target.checked)} />
        <span>
          {t('register.acceptBefore')}{' '}
          <Link to="/privacypolicy" target="_blank" rel="noopener" className="gx-public-link gx-register-privacy">{t('register.privacy')}</Link>
        </span>
      </label>
      {errorOf('accepted') ? <p className="gx-public-alert" role="alert">{errorOf('accepted')}</p> : null}
      {problem ? <p className="gx-public-alert" role="alert" data-testid="register-problem">{problem}</p> : null}
      <button type="submit" className="gx-btn gx-btn-primary gx-login-submit" disabled={submitting} data-testid="register-submit">
        {submitting && <span className="gx-spinner" aria-hidden="true" />}
        {t('register.submit')}
      </button>
    </form>
  );
}
