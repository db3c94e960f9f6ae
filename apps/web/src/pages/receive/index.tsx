import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  FAMILY_OPTIONS, RULES, TRANSFER_STATE_OPTIONS, TransferLinkApi, deviceResource, deviceTransferResource, parseClaimQr, type TransferLinkResolution,
  type TransferLinkSummary,
} from '@gx/contract';
import { requestData } from '../../api/request';
import { useCan } from '../../components/Can';
import { changeOrganization } from '../../areas/profile/api/profile';
import { loginRedirect } from '../../router/decide';
import { useUserStore } from '../../store/user';
import { failureOf } from '../public/api';
import { CaptchaGate } from '../public/CaptchaGate';
import { useLinkSummary } from '../public/useLinkSummary';
import { PublicPage } from '../public/PublicPage';
import { ResultCard } from '../public/QueryPage';
import { useLang } from '../../resources/useLang';

/** Signed-in calls from a public page: the answer or failure is shown beside the buttons, no overlay or toast. */
const signedCall = <T,>(path: string, body: Record<string, unknown>) => requestData<T>(path, body, { loading: false, silent: true });

/**
 * /authorizedtoreceive (SPEC §2): with `?token=…`, an organisation accepts (or declines) a device offered to it by
 * a transfer's link; with `?claim=GXCLAIM:1:…` (or `?serial=…&number=…`), a warehouse unit is claimed for the
 * signed-in user's organisation. Reading is public; acting needs a session, and goes through the console's own
 * transfer and claim calls.
 */
export default function ReceivePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <TransferOffer token={token} />;
  const claim = params.get('claim');
  const unit = claim ? parseClaimQr(claim) : { serial: params.get('serial') ?? '', authorization_number: (params.get('number') ?? '').toUpperCase() };
  return <ClaimUnit unit={unit && RULES.serial.re.test(unit.serial) && RULES.authorizationNumber.re.test(unit.authorization_number) ? unit : null} />;
}

/** The sign-in link that comes back here. */
function SignInFirst({ hint }: { hint: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <>
      <p className="gx-public-note">{hint}</p>
      <Link className="gx-btn gx-btn-primary gx-public-wide" to={loginRedirect(`${pathname}${search}`)} data-testid="receive-sign-in">
        {t('device.receive.signIn')}
      </Link>
    </>
  );
}

function TransferOffer({ token }: { token: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const signedIn = useUserStore((s) => s.token !== '' && s.loaded);
  const org = useUserStore((s) => s.info?.org ?? null);
  const can = useCan();
  const { summary, problem, setProblem, gate, load } = useLinkSummary<TransferLinkSummary>(TransferLinkApi.path, token, { found: false });
  const [resolution, setResolution] = useState<TransferLinkResolution | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'accepted' | 'declined' | null>(null);

  const pending = summary?.found === true && summary.state === 'pending';
  useEffect(() => {
    if (!pending || !signedIn) return;
    signedCall<TransferLinkResolution>(TransferLinkApi.path, { method: 'resolve', token })
      .then(setResolution, (err: unknown) => setProblem(failureOf(err, t('request.error')).text));
  }, [pending, signedIn, token, t, setProblem]);

  const act = async (action: 'accept' | 'decline') => {
    if (!resolution) return;
    setBusy(true);
    setProblem('');
    try {
      await signedCall(deviceTransferResource.path, { method: action, id: resolution.transfer_id });
      setDone(action === 'accept' ? 'accepted' : 'declined');
    } catch (err) {
      setProblem(failureOf(err, t('request.error')).text);
    } finally {
      setBusy(false);
    }
  };
  const switchTo = async (id: number) => {
    setBusy(true);
    try {
      await changeOrganization(id);
      location.reload();
    } catch (err) {
      setProblem(failureOf(err, t('request.error')).text);
      setBusy(false);
    }
  };

  const facts: [string, string][] = summary?.found ? [
    [t('device.receive.serial'), summary.serial],
    [t('device.receive.model'), summary.model || '-'],
    [t('device.receive.family'), FAMILY_OPTIONS.find((o) => o.value === summary.family)?.label[lang] ?? summary.family],
    [t('device.receive.from'), summary.from_org],
    [t('device.receive.state'), TRANSFER_STATE_OPTIONS.find((o) => o.value === summary.state)?.label[lang] ?? summary.state],
    [t('device.receive.offered'), summary.offered_at.slice(0, 16).replace('T', ' ')],
  ] : [];

  return (
    <PublicPage testId="receive-transfer">
      <h1>{t('device.receive.title')}</h1>
      <p className="gx-public-intro">{t('device.receive.intro')}</p>
      {gate.open ? <CaptchaGate gate={gate} testId="receive" onSubmit={(code) => void load(code)} /> : null}
      {summary && !summary.found ? <ResultCard testId="receive-result" tone="bad" title={t('device.receive.unknown')} hint={t('device.receive.unknownHint')} /> : null}
      {summary?.found ? (
        <>
          <dl className="gx-public-facts" data-testid="receive-facts">
            {facts.map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          {done ? (
            <ResultCard testId="receive-result" tone={done === 'accepted' ? 'ok' : 'warn'}
              title={done === 'accepted' ? t('device.receive.accepted', { org: org?.name ?? '' }) : t('device.receive.declined')} />
          ) : !pending ? (
            <ResultCard testId="receive-result" tone={summary.state === 'accepted' ? 'ok' : 'bad'} title={t('device.receive.closed')} />
          ) : !signedIn ? (
            <SignInFirst hint={t('device.receive.signInHint')} />
          ) : !resolution ? null : resolution.side === 'receiver' ? (
            can([`${deviceTransferResource.key}.accept`, `${deviceTransferResource.key}.decline`]) ? (
              <div className="gx-public-row" data-testid="receive-actions">
                {can(`${deviceTransferResource.key}.accept`) ? (
                  <button type="button" className="gx-btn gx-btn-primary gx-public-wide" disabled={busy} onClick={() => void act('accept')} data-testid="receive-accept">
                    {t('device.receive.accept', { org: org?.name ?? '' })}
                  </button>
                ) : null}
                {can(`${deviceTransferResource.key}.decline`) ? (
                  <button type="button" className="gx-btn gx-btn-secondary gx-public-wide" disabled={busy} onClick={() => void act('decline')} data-testid="receive-decline">
                    {t('device.receive.decline')}
                  </button>
                ) : null}
              </div>
            ) : <p className="gx-public-note" data-testid="receive-no-permission">{t('device.receive.noPermission')}</p>
          ) : resolution.side === 'sender' ? (
            <p className="gx-public-note" data-testid="receive-own-offer">{t('device.receive.ownOffer')}</p>
          ) : (
            <div data-testid="receive-other-org">
              <p className="gx-public-note">{t('device.receive.otherOrg', { org: org?.name ?? '-' })}</p>
              {resolution.receiver ? (
                <button type="button" className="gx-btn gx-btn-primary gx-public-wide" disabled={busy} onClick={() => void switchTo(resolution.receiver!.id)}
                  data-testid="receive-switch">
                  {t('device.receive.switchTo', { org: resolution.receiver.name })}
                </button>
              ) : <p className="gx-public-note">{t('device.receive.notMember')}</p>}
            </div>
          )}
        </>
      ) : null}
      {problem ? <p className="gx-public-alert" role="alert">{problem}</p> : null}
    </PublicPage>
  );
}

function ClaimUnit({ unit }: { unit: { serial: string; authorization_number: string } | null }) {
  const { t } = useTranslation();
  const signedIn = useUserStore((s) => s.token !== '' && s.loaded);
  const org = useUserStore((s) => s.info?.org ?? null);
  const can = useCan();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [claimed, setClaimed] = useState(false);

  const claim = async () => {
    if (!unit) return;
    setBusy(true);
    setProblem('');
    try {
      await signedCall(deviceResource.path, { method: 'claim', ...unit });
      setClaimed(true);
    } catch (err) {
      setProblem(failureOf(err, t('request.error')).text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPage testId="receive-claim">
      <h1>{t('device.receive.claimTitle')}</h1>
      {!unit ? (
        <ResultCard testId="receive-result" tone="bad" title={t('device.receive.badLabel')} />
      ) : (
        <>
          <p className="gx-public-intro">{t('device.receive.claimIntro')}</p>
          <dl className="gx-public-facts">
            <dt>{t('device.receive.serial')}</dt>
            <dd data-testid="receive-claim-serial">{unit.serial}</dd>
          </dl>
          {claimed ? (
            <ResultCard testId="receive-result" tone="ok" title={t('device.receive.claimed')} hint={t('device.receive.claimedHint')} />
          ) : !signedIn ? (
            <SignInFirst hint={t('device.receive.claimSignIn')} />
          ) : can('device.binding.claim') ? (
            <button type="button" className="gx-btn gx-btn-primary gx-public-wide" disabled={busy} onClick={() => void claim()} data-testid="receive-claim-submit">
              {t('device.receive.claimFor', { org: org?.name ?? '' })}
            </button>
          ) : <p className="gx-public-note" data-testid="receive-no-permission">{t('device.receive.noClaimPermission')}</p>}
        </>
      )}
      {problem ? <p className="gx-public-alert" role="alert">{problem}</p> : null}
    </PublicPage>
  );
}
