import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Code, type WechatTicketDetail } from '@gx/contract';
import { failureOf } from '../public/api';
import { PublicPage } from '../public/PublicPage';
import { registerWithWechat, wechatTicket } from '../register/api';
import { RegisterForm, type Failure } from '../register/RegisterForm';
import { BindAccountForm } from './BindAccountForm';
import '../register/register.css';
import './wxbindpage.css';

type Tab = 'existing' | 'register';

/**
 * /wxbindpage?ticket=…: a WeChat identity bound to no account (from signing in with WeChat) is shown by its nickname;
 * the visitor binds an existing account or registers a new one, and is signed in. A used or expired ticket says so
 * and leads back to sign-in (the frame's link).
 */
export default function WxBindPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const [detail, setDetail] = useState<WechatTicketDetail | null>(null);
  const [expired, setExpired] = useState(!ticket);
  const [problem, setProblem] = useState('');
  const [tab, setTab] = useState<Tab>('existing');

  useEffect(() => {
    if (!ticket) return;
    wechatTicket(ticket).then(setDetail, (e: unknown) => {
      const f = failureOf(e, t('request.error'));
      if (f.field === 'ticket') setExpired(true);
      else setProblem(f.text);
    });
    // The ticket is fixed for the page's life; the language may change without asking again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticket]);

  /** A ticket that died while the visitor typed (used elsewhere, expired) turns the page into the expired notice. */
  const onRefused = (f: Failure) => {
    if (f.code !== Code.VALIDATION || f.field !== 'ticket') return false;
    setExpired(true);
    return true;
  };

  return (
    <PublicPage testId="wxbindpage">
      <h1>{t('wxlogin.bind.title')}</h1>
      {expired ? (
        <p className="gx-public-alert" role="alert" data-testid="wxbind-expired">{t('wxlogin.bind.expired')}</p>
      ) : problem ? (
        <p className="gx-public-alert" role="alert">{problem}</p>
      ) : !detail ? (
        <p className="gx-public-note">
          <span className="gx-spinner gx-spinner-dark" aria-hidden="true" /> {t('wxlogin.bind.loading')}
        </p>
      ) : (
        <>
          <p className="gx-wxbind-who" data-testid="wxbind-nickname">
            {detail.avatar ? <img src={detail.avatar} alt="" width={40} height={40} /> : null}
            <strong>{t('wxlogin.bind.scanned', { nickname: detail.nickname })}</strong>
          </p>
          <p className="gx-public-intro">{t('wxlogin.bind.intro')}</p>
          <div className="gx-wxbind-tabs" role="tablist">
            {(['existing', 'register'] as const).map((k) => (
              <button key={k} type="button" role="tab" aria-selected={tab === k} aria-controls={`wxbind-panel-${k}`} id={`wxbind-tab-${k}`}
                className={tab === k ? 'gx-wxbind-tab gx-wxbind-tab-active' : 'gx-wxbind-tab'} data-testid={`wxbind-tab-${k}`} onClick={() => setTab(k)}>
                {t(k === 'existing' ? 'wxlogin.bind.existing' : 'wxlogin.bind.register')}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`wxbind-panel-${tab}`} aria-labelledby={`wxbind-tab-${tab}`}>
            {tab === 'existing' ? (
              <BindAccountForm ticket={ticket} onRefused={onRefused} />
            ) : (
              <RegisterForm submit={(v) => registerWithWechat(ticket, v)} onRefused={onRefused} />
            )}
          </div>
        </>
      )}
    </PublicPage>
  );
}
