import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../api/feedback';
import { completeWechatBinding } from '../../areas/profile/api/wechat';
import { DASHBOARD_PATH, LOGIN_PATH } from '../../config/constants';
import { useUserStore } from '../../store/user';
import { failureOf } from '../public/api';
import { exchangeWechatLogin } from '../register/api';
import { useEnterConsole } from '../register/useEnterConsole';

/**
 * /wxlogin: where WeChat returns after the QR scan with `code` and `state` (SPEC §2 "WeChat callback"). For a signed-in
 * user it completes the binding started in the personal-data dialog, then returns to the dashboard. For a visitor it
 * finishes signing in with WeChat: an account bound to that WeChat is signed in; a WeChat bound to nobody goes on
 * to /wxbindpage with its ticket, to bind or register an account.
 */
export default function WxLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const enter = useEnterConsole();
  const [params] = useSearchParams();
  const signedIn = useUserStore((s) => s.token !== '');
  // Decided once: signing in sets a token while this page is still open.
  const [binding] = useState(signedIn);
  const [problem, setProblem] = useState('');
  const started = useRef(false);
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code || !state) {
      setProblem(t('wxlogin.missing'));
      return;
    }
    if (binding) {
      completeWechatBinding(code, state).then(
        ({ nickname }) => {
          toast('success', t('wxlogin.bound', { nickname }));
          navigate(DASHBOARD_PATH, { replace: true });
        },
        () => setProblem(t('wxlogin.failed')),
      );
      return;
    }
    exchangeWechatLogin(code, state).then(
      (answer) => {
        if (answer.signed_in) enter(answer);
        else navigate(`/wxbindpage?ticket=${encodeURIComponent(answer.ticket)}`, { replace: true });
      },
      (e: unknown) => setProblem(`${t('wxlogin.loginFailed')}: ${failureOf(e, t('request.error')).text}`),
    );
  }, [binding, code, state, navigate, enter, t]);

  return (
    <main className="gx-standalone" data-testid="wxlogin">
      {problem ? (
        <>
          <p role="alert">{problem}</p>
          {binding ? (
            <button type="button" className="gx-btn gx-btn-primary" onClick={() => navigate(DASHBOARD_PATH, { replace: true })}>
              {t('common.backHome')}
            </button>
          ) : (
            <Link className="gx-btn gx-btn-primary" to={LOGIN_PATH} replace data-testid="wxlogin-back">
              {t('wxlogin.backToLogin')}
            </Link>
          )}
        </>
      ) : (
        <p>
          <span className="gx-spinner gx-spinner-dark" aria-hidden="true" /> {t(binding ? 'wxlogin.binding' : 'wxlogin.signingIn')}
        </p>
      )}
    </main>
  );
}
