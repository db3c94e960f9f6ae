import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '@gx/contract';
import { failureOf, publicCall } from './api';
import { useCaptchaGate } from './CaptchaGate';

/**
 * A link page's public summary (`method: 'summary'` with the link's token): read once per token, the captcha asked
 * for when the server wants it, an unknown or malformed token answered as `{ found: false }`. `load(code)` reads it
 * again with a captcha answer.
 */
export function useLinkSummary<T>(path: string, token: string, notFound: T) {
  const { t } = useTranslation();
  const gate = useCaptchaGate();
  const [summary, setSummary] = useState<T | null>(null);
  const [problem, setProblem] = useState('');
  const load = async (code?: string) => {
    setProblem('');
    try {
      setSummary(await publicCall<T>(path, { method: 'summary', token, ...(code === undefined ? {} : { code }) }));
      gate.close();
    } catch (err) {
      const f = failureOf(err, t('request.error'));
      if (f.code === Code.CAPTCHA_WRONG) gate.ask(code === undefined ? t('portal.publicPage.captchaHint') : f.text);
      else if (f.code === Code.VALIDATION && f.field === 'token') setSummary(notFound);
      else setProblem(f.text);
    }
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the summary is read once per token; the gate asks again by itself
  useEffect(() => void load(), [token]);
  return { summary, problem, setProblem, gate, load };
}
