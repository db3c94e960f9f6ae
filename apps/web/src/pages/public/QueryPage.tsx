import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '@gx/contract';
import { captchaUrl } from '../../api/session';
import { Field } from '../login/Field';
import { failureOf, publicCall } from './api';
import { PublicPage } from './PublicPage';

interface Props<T> {
  testId: string;
  title: string;
  intro: string;
  label: string;
  /** The body field the typed text goes in (`serial`, `query`). */
  bodyKey: string;
  path: string;
  maxLength: number;
  /** Text to start with (a scanned QR's serial). */
  initial?: string;
  renderResult: (answer: T) => ReactNode;
}

/**
 * One public query (the device inquiry, the agent check): a text, the captcha once the server asks for it (1009 on
 * `code`), and the answer below. The captcha is single use, so a new image follows every answer.
 */
export function QueryPage<T>({ testId, title, intro, label, bodyKey, path, maxLength, initial = '', renderResult }: Props<T>) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [captcha, setCaptcha] = useState<{ src: string; answer: string } | null>(null);
  const [fieldError, setFieldError] = useState<string>();
  const [problem, setProblem] = useState('');
  const [answer, setAnswer] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const newCaptcha = () => setCaptcha({ src: captchaUrl(), answer: '' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldError(undefined);
    setProblem('');
    setBusy(true);
    try {
      const body: Record<string, unknown> = { [bodyKey]: value.trim() };
      if (captcha) body.code = captcha.answer;
      setAnswer(await publicCall<T>(path, body));
      if (captcha) newCaptcha();
    } catch (err) {
      const f = failureOf(err, t('request.error'));
      setAnswer(null);
      if (f.code === Code.CAPTCHA_WRONG) {
        setProblem(captcha ? f.text : t('portal.publicPage.captchaHint'));
        newCaptcha();
      } else if (f.code === Code.VALIDATION && f.field === bodyKey) setFieldError(f.text);
      else setProblem(f.text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPage testId={testId}>
      <h1>{title}</h1>
      <p className="gx-public-intro">{intro}</p>
      <form onSubmit={submit} noValidate>
        <Field id={`${testId}-input`} label={label} value={value} maxLength={maxLength} autoComplete="off" required
          error={fieldError} onChange={(e) => setValue(e.target.value)} />
        {captcha ? (
          <div className="gx-login-captcha">
            <Field id={`${testId}-captcha`} label={t('portal.publicPage.captcha')} value={captcha.answer} maxLength={16} autoComplete="off"
              onChange={(e) => setCaptcha({ ...captcha, answer: e.target.value })} />
            <button type="button" className="gx-login-captcha-button" title={t('portal.publicPage.refreshCaptcha')} onClick={newCaptcha}>
              <img src={captcha.src} alt={t('portal.publicPage.captcha')} className="gx-login-captcha-img" />
            </button>
          </div>
        ) : null}
        <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" disabled={busy || !value.trim()} data-testid={`${testId}-submit`}>
          {busy ? t('portal.publicPage.querying') : t('portal.publicPage.query')}
        </button>
      </form>
      {problem ? <p className="gx-public-alert" role="alert">{problem}</p> : null}
      {answer ? <div aria-live="polite">{renderResult(answer)}</div> : null}
    </PublicPage>
  );
}

/** A result block: headline in the outcome's colour, facts below. */
export function ResultCard({ tone, title, hint, facts, testId }: {
  tone: 'ok' | 'warn' | 'bad'; title: string; hint?: string; facts?: [string, string][]; testId: string;
}) {
  return (
    <div className={`gx-public-result gx-public-result-${tone}`} data-testid={testId} data-tone={tone}>
      <h2>{title}</h2>
      {hint ? <p className="gx-public-note">{hint}</p> : null}
      {facts?.length ? (
        <dl className="gx-public-facts">
          {facts.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
