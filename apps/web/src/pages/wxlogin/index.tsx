import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../api/feedback';
import { completeWechatBinding } from '../../areas/profile/api/wechat';
import { DASHBOARD_PATH, LOGIN_PATH } from '../../config/constants';
import { useUserStore } from '../../store/user';

/**
 * /wxlogin: where WeChat returns after the QR scan with `code` and `state` (SPEC §2 "WeChat callback"). For a signed-in
 * user it completes the binding started in the personal-data dialog, then returns to the dashboard. Signing in with
 * WeChat alone is not offered by the server, so a visitor without a session is sent to the login page.
 */
export default function WxLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useUserStore((s) => s.token !== '');
  const [problem, setProblem] = useState('');
  const started = useRef(false);
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!signedIn) {
      navigate(LOGIN_PATH, { replace: true });
      return;
    }
    if (!code || !state) {
      setProblem(t('wxlogin.missing'));
      return;
    }
    completeWechatBinding(code, state).then(
      ({ nickname }) => {
        toast('success', t('wxlogin.bound', { nickname }));
        navigate(DASHBOARD_PATH, { replace: true });
      },
      () => setProblem(t('wxlogin.failed')),
    );
  }, [signedIn, code, state, navigate, t]);

  return (
    <main className="gx-standalone" data-testid="wxlogin">
      {problem ? (
        <>
          <p role="alert">{problem}</p>
          <button type="button" className="gx-btn gx-btn-primary" onClick={() => navigate(DASHBOARD_PATH, { replace: true })}>
            {t('common.backHome')}
          </button>
        </>
      ) : (
        <p>
          <span className="gx-spinner gx-spinner-dark" aria-hidden="true" /> {t('wxlogin.binding')}
        </p>
      )}
    </main>
  );
}
