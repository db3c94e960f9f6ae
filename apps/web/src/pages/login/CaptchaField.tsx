import { useImperativeHandle, useState, type ChangeEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaUrl } from '../../api/session';
import { Field } from './Field';

export interface CaptchaHandle {
  /** Fetch a new challenge, e.g. after a failed login. */
  refresh: () => void;
}

interface Props {
  ref?: Ref<CaptchaHandle>;
  /** The input's id (and test id); the sign-in form's by default. */
  id?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** Code input plus the server's captcha image; clicking the image loads a new one. */
export function CaptchaField({ ref, id = 'login-code', value, error, onChange, onBlur }: Props) {
  const { t } = useTranslation();
  const [src, setSrc] = useState(captchaUrl);
  const refresh = () => setSrc(captchaUrl());
  useImperativeHandle(ref, () => ({ refresh }), []);
  return (
    <div className="gx-login-captcha">
      <Field
        id={id}
        name="code"
        label={t('login.code')}
        autoComplete="off"
        maxLength={16}
        value={value}
        error={error}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <button type="button" className="gx-login-captcha-button" title={t('login.refreshCaptcha')} onClick={refresh}>
        <img src={src} alt={t('login.captchaAlt')} className="gx-login-captcha-img" data-testid={`${id}-img`} />
      </button>
    </div>
  );
}
