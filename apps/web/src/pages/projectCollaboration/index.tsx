import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ProjectCollaborationApi, type ProjectInvitationOutcome, type ProjectInvitationSummary } from '@gx/contract';
import { requestData } from '../../api/request';
import { loginRedirect } from '../../router/decide';
import { useUserStore } from '../../store/user';
import { failureOf } from '../public/api';
import { CaptchaGate } from '../public/CaptchaGate';
import { useLinkSummary } from '../public/useLinkSummary';
import { PublicPage } from '../public/PublicPage';
import { ResultCard } from '../public/QueryPage';

const CLOSED_TONE = { accepted: 'ok', declined: 'warn', revoked: 'bad', expired: 'bad' } as const;

/**
 * /ProjectCollaboration?token=… (SPEC §2): an invitation to a project's team. Anyone with the link reads the
 * project, the inviting organisation and the role; a signed-in user accepts (joins the team with that role) or
 * declines; an invitation already answered, revoked or expired says so.
 */
export default function ProjectCollaborationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { pathname, search } = useLocation();
  const signedIn = useUserStore((s) => s.token !== '' && s.loaded);
  const { summary, problem, setProblem, gate, load } = useLinkSummary<ProjectInvitationSummary>(ProjectCollaborationApi.path, token, { found: false });
  const [outcome, setOutcome] = useState<ProjectInvitationOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  const answer = async (choice: 'accept' | 'decline') => {
    setBusy(true);
    setProblem('');
    try {
      setOutcome(await requestData<ProjectInvitationOutcome>(ProjectCollaborationApi.path, { method: choice, token }, { loading: false, silent: true }));
    } catch (err) {
      setProblem(failureOf(err, t('request.error')).text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPage testId="project-collaboration">
      <h1>{t('business.collaboration.title')}</h1>
      {gate.open ? <CaptchaGate gate={gate} testId="collaboration" onSubmit={(code) => void load(code)} /> : null}
      {summary && !summary.found ? (
        <ResultCard testId="collaboration-result" tone="bad" title={t('business.collaboration.unknown')} hint={t('business.collaboration.unknownHint')} />
      ) : null}
      {summary?.found ? (
        <>
          <p className="gx-public-intro">{t('business.collaboration.intro', { org: summary.org })}</p>
          <dl className="gx-public-facts" data-testid="collaboration-facts">
            <dt>{t('business.collaboration.project')}</dt>
            <dd>{summary.project}</dd>
            <dt>{t('business.collaboration.org')}</dt>
            <dd>{summary.org}</dd>
            <dt>{t('business.collaboration.role')}</dt>
            <dd>{summary.role}</dd>
            <dt>{t('business.collaboration.expires')}</dt>
            <dd>{summary.expires_at.slice(0, 16).replace('T', ' ')}</dd>
          </dl>
          {outcome ? (
            <ResultCard testId="collaboration-result" tone={outcome.standing === 'accepted' ? 'ok' : 'warn'}
              title={outcome.standing === 'accepted' ? t('business.collaboration.joined', { project: outcome.project, role: outcome.role }) : t('business.collaboration.declinedNow')} />
          ) : summary.standing !== 'pending' ? (
            <ResultCard testId="collaboration-result" tone={CLOSED_TONE[summary.standing]} title={t(`business.collaboration.closed.${summary.standing}`)} />
          ) : !signedIn ? (
            <>
              <p className="gx-public-note">{t('business.collaboration.signInHint')}</p>
              <Link className="gx-btn gx-btn-primary gx-public-wide" to={loginRedirect(`${pathname}${search}`)} data-testid="collaboration-sign-in">
                {t('business.collaboration.signIn')}
              </Link>
            </>
          ) : (
            <div className="gx-public-row" data-testid="collaboration-actions">
              <button type="button" className="gx-btn gx-btn-primary gx-public-wide" disabled={busy} onClick={() => void answer('accept')} data-testid="collaboration-accept">
                {t('business.collaboration.accept')}
              </button>
              <button type="button" className="gx-btn gx-btn-secondary gx-public-wide" disabled={busy} onClick={() => void answer('decline')} data-testid="collaboration-decline">
                {t('business.collaboration.decline')}
              </button>
            </div>
          )}
        </>
      ) : null}
      {problem ? <p className="gx-public-alert" role="alert" data-testid="collaboration-problem">{problem}</p> : null}
    </PublicPage>
  );
}
