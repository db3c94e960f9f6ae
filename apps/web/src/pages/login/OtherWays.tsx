import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { wechatLoginUrl } from '../../api/session';
import { useUserStore } from '../../store/user';

/**
 * Below the sign-in form: signing in with WeChat (the provider's QR page, which returns to /wxlogin) and creating an
 * account. Custom-domain deployments hide WeChat, as they hide its binding (SPEC §6). Small on purpose: the login
 * route's bundle stays as it is (e2e/loginBundle.e2e.ts).
 */
export function OtherWays() {
  const { t } = useTranslation();
  const customDomain = useUserStore((s) => s.domaindata?.domain_oem === 1);
  const [busy, setBusy] = useState(false);
  const wechat = async () => {
    setBusy(true);
    try {
      window.location.assign(await wechatLoginUrl());
    } catch {
      // The request wrapper told the user what went wrong.
      setBusy(false);
    }
  };
  return (
    <div className="gx-login-other">
      {customDomain ? null : (
        <>
          <div className="gx-login-or" aria-hidden="true">{t('login.or')}</div>
          <button type="button" className="gx-btn gx-login-wechat" disabled={busy} data-testid="login-wechat" onClick={wechat}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
              <path d="M9 4C5.1 4 2 6.6 2 9.9c0 1.9 1 3.5 2.6 4.6L4 16.5l2.3-1.2c.8.2 1.7.4 2.7.4h.5a5.3 5.3 0 0 1-.2-1.5C9.3 11 12.3 8.6 16 8.6h.4C15.8 6 12.7 4 9 4Zm-2.4 3.2a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm4.8 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8ZM16 9.8c-3.3 0-6 2.2-6 4.9s2.7 4.9 6 4.9c.7 0 1.4-.1 2-.3l1.9 1-.5-1.7c1.4-.9 2.6-2.3 2.6-3.9 0-2.7-2.7-4.9-6-4.9Zm-2 2.6a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Zm4 0a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Z" />
            </svg>
            {t('login.wechat')}
          </button>
        </>
      )}
      <p className="gx-login-register">
        <Link to="/register" data-testid="login-register">{t('login.register')}</Link>
      </p>
    </div>
  );
}
