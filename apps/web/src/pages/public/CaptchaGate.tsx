import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaUrl } from '../../api/session';
import { Field } from '../login/Field';

export interface Gate {
  open: boolean;
  src: string;
  answer: string;
  message: string;
  setAnswer: (v: string) => void;
  /** The server asked for the captcha (1009): show a fresh image with why. */
  ask: (message: string) => void;
  refresh: () => void;
  close: () => void;
}

/** The captcha a public look-up asks for once an IP has used its free queries (single use: a new image each time). */
export function useCaptchaGate(): Gate {
  const [state, setState] = useState<{ src: string; answer: string; message: string } | null>(null);
  const ask = useCallback((message: string) => setState({ src: captchaUrl(), answer: '', message }), []);
  const refresh = useCallback(() => setState((s) => (s ? { ...s, src: captchaUrl(), answer: '' } : s)), []);
  const close = useCallback(() => setState(null), []);
  return useMemo(() => ({
    open: state !== null, src: state?.src ?? '', answer: state?.answer ?? '', message: state?.message ?? '',
    setAnswer: (answer: string) => setState((s) => (s ? { ...s, answer } : s)), ask, refresh, close,
  }), [state, ask, refresh, close]);
}

/** The captcha form of a page whose look-up runs on its own (a link's summary): answer, then look again. */
export function CaptchaGate({ gate, testId, onSubmit }: { gate: Gate; testId: string; onSubmit: (code: string) => void }) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(gate.answer.trim());
  };
  return (
    <form onSubmit={submit} noValidate data-testid={`${testId}-captcha-form`}>
      <p className="gx-public-alert" role="alert">{gate.message}</p>
      <div className="gx-login-captcha">
        <Field id={`${testId}-captcha`} label={t('portal.publicPage.captcha')} value={gate.answer} maxLength={16} autoComplete="off"
          onChange={(e) => gate.setAnswer(e.target.value)} />
        <button type="button" className="gx-login-captcha-button" title={t('portal.publicPage.refreshCaptcha')} onClick={gate.refresh}>
          <img src={gate.src} alt={t('portal.publicPage.captcha')} className="gx-login-captcha-img" />
        </button>
      </div>
      <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" disabled={!gate.answer.trim()} data-testid={`${testId}-captcha-submit`}>
        {t('portal.publicPage.query')}
      </button>
    </form>
  );
}
