import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Code, md5, PortalApi, type WifiConfig, type WifiLoginAnswer, type WifiSendCodeAnswer } from '@gx/contract';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Field } from '../login/Field';
import { failureOf, publicCall } from '../public/api';
import '../login/login.css';
import '../public/public.css';

/** Where the guest came from, kept across the WeChat round trip (WeChat returns to /wifilogin with code and state only). */
const STASH = 'gx-wifilogin';
interface Visit { org: string; place: string; mac: string; url: string; accepted: boolean; gw_id?: string; gw_address?: string; gw_port?: string }

function readVisit(params: URLSearchParams): Visit {
  if (params.get('state') && params.get('code') && !params.get('org')) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(STASH) ?? 'null') as Visit | null;
      if (kept) return kept;
    } catch {
      /* a damaged stash is the same as none */
    }
  }
  const visit: Visit = { org: params.get('org') ?? '', place: params.get('place') ?? '', mac: params.get('mac') ?? '', url: params.get('url') ?? '', accepted: false };
  // Sent by a WiFiDog gateway (its login/ call): after sign-in the browser goes to the gateway's auth URL. One of
  // our own gateways names only itself (gw_id): the server grants the MAC over the device channel.
  const gw = { gw_id: params.get('gw_id'), gw_address: params.get('gw_address'), gw_port: params.get('gw_port') };
  if (gw.gw_id && gw.gw_address && gw.gw_port) Object.assign(visit, gw);
  else if (gw.gw_id && !gw.gw_address && !gw.gw_port) visit.gw_id = gw.gw_id;
  return visit;
}

/**
 * /wifilogin: the guest's captive-portal page, driven by the organisation's portal settings (mode, sign-in methods,
 * code validity and interval, terms) with the place's ads. A gateway sends guests here with `org`, `place`, `mac`
 * and `url` (where they were going). Small and antd-free: it must open fast on a phone.
 */
export default function WifiLoginPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const [visit] = useState(() => readVisit(params));
  const [config, setConfig] = useState<WifiConfig | null>(null);
  const [unavailable, setUnavailable] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [voucher, setVoucher] = useState('');
  const [room, setRoom] = useState('');
  const [surname, setSurname] = useState('');
  const [member, setMember] = useState('');
  const [memberPassword, setMemberPassword] = useState('');
  const [accepted, setAccepted] = useState(visit.accepted);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);
  const [granted, setGranted] = useState<WifiLoginAnswer | null>(null);
  const wechatDone = useRef(false);
  const base = { org: visit.org, ...(visit.place ? { place: visit.place } : {}) };
  const extras = {
    ...(visit.mac ? { mac: visit.mac } : {}), ...(visit.url ? { url: visit.url } : {}),
    ...(visit.gw_id ? { gw_id: visit.gw_id } : {}),
    ...(visit.gw_address && visit.gw_port ? { gw_address: visit.gw_address, gw_port: Number(visit.gw_port) } : {}),
  };

  useEffect(() => {
    if (!/^\d{1,10}$/.test(visit.org)) {
      setUnavailable(t('portal.wifi.missingOrg'));
      return;
    }
    publicCall<WifiConfig>(PortalApi.wifilogin, { method: 'config', ...base }).then(
      (c) => (c.mode === 'off' ? setUnavailable(t('portal.wifi.off')) : setConfig(c)),
      () => setUnavailable(t('portal.wifi.unavailable')),
    );
    // The visit is fixed for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const fail = (e: unknown) => {
    const f = failureOf(e, t('request.error'));
    if (f.code === Code.VALIDATION && f.field && ['phone', 'code', 'voucher', 'accept_terms', 'room', 'surname', 'member', 'password'].includes(f.field)) setErrors({ [f.field]: f.text });
    else setProblem(f.text);
    return f;
  };
  const clear = () => {
    setErrors({});
    setProblem('');
  };
  const needsTerms = Boolean(config?.terms || config?.terms_en);
  // The guest's language first, the other when that one is empty.
  const terms = config ? (i18n.language === 'en' ? config.terms_en || config.terms : config.terms || config.terms_en) : '';
  const checkTerms = () => {
    if (needsTerms && !accepted) {
      setErrors({ accept_terms: t('portal.wifi.acceptRequired') });
      return false;
    }
    return true;
  };

  const login = async (body: Record<string, unknown>) => {
    setBusy(true);
    try {
      const answer = await publicCall<WifiLoginAnswer>(PortalApi.wifilogin, { method: 'login', ...base, ...extras, accept_terms: accepted, ...body });
      sessionStorage.removeItem(STASH);
      setGranted(answer);
      // The gateway opens the firewall for this guest once it has checked the token with us (WiFiDog auth stage login).
      if (answer.gateway_url) window.location.assign(answer.gateway_url);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  // Back from WeChat: finish the sign-in once the page knows the portal.
  useEffect(() => {
    const wxCode = params.get('code');
    const wxState = params.get('state');
    if (!config || wechatDone.current || !wxCode || !wxState) return;
    wechatDone.current = true;
    void login({ kind: 'wechat', wx_code: wxCode, wx_state: wxState });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config]);

  const sendCode = async () => {
    clear();
    setBusy(true);
    try {
      const r = await publicCall<WifiSendCodeAnswer>(PortalApi.wifilogin, { method: 'send_code', ...base, phone: phone.trim() });
      setCountdown(r.resend_after);
      setNote(t('portal.wifi.codeSent', { min: r.valid_min }));
    } catch (e) {
      const f = fail(e);
      const retry = Number((e as { envelope?: { data?: { retryAfter?: number } } }).envelope?.data?.retryAfter ?? 0);
      if (f.code === Code.TOO_MANY_ATTEMPTS && retry > 0) setCountdown(retry);
    } finally {
      setBusy(false);
    }
  };

  const smsLogin = (e: FormEvent) => {
    e.preventDefault();
    clear();
    if (checkTerms()) void login({ kind: 'sms', phone: phone.trim(), code: code.trim() });
  };

  const voucherLogin = (e: FormEvent) => {
    e.preventDefault();
    clear();
    if (checkTerms()) void login({ kind: 'voucher', voucher: voucher.trim() });
  };

  // A hotel stay (room + surname) or a member account; the password travels as its MD5, as the console's do.
  const accountLogin = (e: FormEvent) => {
    e.preventDefault();
    clear();
    if (!checkTerms()) return;
    if (config?.account_kind === 'member') {
      void login({ kind: 'account', member: member.trim(), ...(memberPassword ? { password: md5(memberPassword) } : {}) });
    } else {
      void login({ kind: 'account', room: room.trim(), surname: surname.trim() });
    }
  };

  const wechat = async () => {
    clear();
    if (!checkTerms()) return;
    setBusy(true);
    try {
      const { url } = await publicCall<{ url: string }>(PortalApi.wifilogin, { method: 'wechat_url', ...base });
      sessionStorage.setItem(STASH, JSON.stringify({ ...visit, accepted }));
      window.location.assign(url);
    } catch (e) {
      fail(e);
      setBusy(false);
    }
  };

  const oneClick = () => {
    clear();
    if (checkTerms()) void login({ kind: 'one_click' });
  };

  return (
    <main
      className="gx-public"
      data-testid="wifilogin"
      style={config?.background ? { backgroundImage: `url(${JSON.stringify(config.background)})`, backgroundSize: 'cover', backgroundPosition: 'center' } : undefined}
    >
      <div className="gx-public-lang">
        <LanguageSwitch />
      </div>
      <section className="gx-public-card">
        {unavailable ? (
          <p role="alert" data-testid="wifilogin-unavailable">{unavailable}</p>
        ) : !config ? (
          <p>
            <span className="gx-spinner gx-spinner-dark" aria-hidden="true" />
          </p>
        ) : granted ? (
          <div className="gx-public-result gx-public-result-ok" data-testid="wifilogin-success">
            <h1>{t('portal.wifi.success')}</h1>
            <p className="gx-public-note">{t('portal.wifi.successLimits', { minutes: granted.session_minutes })}</p>
            {granted.redirect ? (
              <p className="gx-public-footer">
                <a className="gx-btn gx-btn-primary gx-public-wide" href={granted.redirect} rel="noopener noreferrer">{t('portal.wifi.continue')}</a>
              </p>
            ) : null}
          </div>
        ) : (
          <>
            {config.logo ? <img className="gx-public-logo" src={config.logo} alt="" data-testid="wifilogin-logo" /> : null}
            <h1>{config.brand_name || t('portal.wifi.title', { name: config.org_name })}</h1>
            {config.ads.length ? (
              <div className="gx-public-ads" aria-label={t('portal.wifi.ads')} data-testid="wifilogin-ads">
                {config.ads.map((ad) => {
                  const img = <img src={ad.image} alt={ad.title} loading="lazy" />;
                  return ad.link ? <a key={ad.id} href={ad.link} target="_blank" rel="noopener noreferrer">{img}</a> : <div key={ad.id}>{img}</div>;
                })}
              </div>
            ) : null}
            {config.auth.includes('sms') ? (
              <form onSubmit={smsLogin} noValidate data-testid="wifilogin-sms">
                <Field id="wifi-phone" label={t('portal.wifi.phone')} type="tel" inputMode="numeric" autoComplete="tel" maxLength={11}
                  value={phone} error={errors.phone} onChange={(e) => setPhone(e.target.value)} />
                <div className="gx-public-row">
                  <Field id="wifi-code" label={t('portal.wifi.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6}
                    value={code} error={errors.code} onChange={(e) => setCode(e.target.value)} />
                  <button type="button" className="gx-btn gx-btn-secondary" data-testid="wifi-send-code" disabled={busy || countdown > 0 || !phone.trim()} onClick={sendCode}>
                    {countdown > 0 ? t('portal.wifi.resendIn', { s: countdown }) : t('portal.wifi.sendCode')}
                  </button>
                </div>
                {note ? <p className="gx-public-note" role="status">{note}</p> : null}
                <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" data-testid="wifi-login" disabled={busy}>
                  {t('portal.wifi.login')}
                </button>
              </form>
            ) : null}
            {config.auth.includes('voucher') ? (
              <form onSubmit={voucherLogin} noValidate data-testid="wifilogin-voucher">
                <Field id="wifi-voucher" label={t('portal.wifi.voucher')} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={16}
                  value={voucher} error={errors.voucher} onChange={(e) => setVoucher(e.target.value)} />
                <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" data-testid="wifi-voucher-login" disabled={busy}>
                  {t('portal.wifi.voucherLogin')}
                </button>
              </form>
            ) : null}
            {config.auth.includes('account') ? (
              <form onSubmit={accountLogin} noValidate data-testid="wifilogin-account" aria-labelledby="wifi-account-title">
                <h2 id="wifi-account-title" className="gx-public-subtitle">
                  {t(config.account_kind === 'member' ? 'portal.wifi.memberTitle' : 'portal.wifi.hotelTitle')}
                </h2>
                {config.account_kind === 'member' ? (
                  <>
                    <Field id="wifi-member" label={t('portal.wifi.member')} autoComplete="username" maxLength={32}
                      value={member} error={errors.member} onChange={(e) => setMember(e.target.value)} />
                    <Field id="wifi-member-password" label={t('portal.wifi.memberPassword')} type="password" autoComplete="current-password" maxLength={64}
                      value={memberPassword} error={errors.password} onChange={(e) => setMemberPassword(e.target.value)} />
                  </>
                ) : (
                  <>
                    <Field id="wifi-room" label={t('portal.wifi.room')} autoComplete="off" inputMode="text" maxLength={16}
                      value={room} error={errors.room} onChange={(e) => setRoom(e.target.value)} />
                    <Field id="wifi-surname" label={t('portal.wifi.surname')} autoComplete="family-name" maxLength={64}
                      value={surname} error={errors.surname} onChange={(e) => setSurname(e.target.value)} />
                  </>
                )}
                <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" data-testid="wifi-account-login" disabled={busy}>
                  {t(config.account_kind === 'member' ? 'portal.wifi.memberLogin' : 'portal.wifi.hotelLogin')}
                </button>
              </form>
            ) : null}
            {config.auth.includes('wechat') || config.auth.includes('one_click') ? (
              <div className="gx-public-or">
                {config.auth.includes('wechat') ? (
                  <button type="button" className="gx-btn gx-btn-secondary gx-public-wide" data-testid="wifi-wechat" disabled={busy} onClick={wechat}>
                    {t('portal.wifi.wechat')}
                  </button>
                ) : null}
                {config.auth.includes('one_click') ? (
                  <button type="button" className="gx-btn gx-btn-secondary gx-public-wide" data-testid="wifi-one-click" disabled={busy} onClick={oneClick}>
                    {t('portal.wifi.oneClick')}
                  </button>
                ) : null}
              </div>
            ) : null}
            {needsTerms ? (
              <>
                <label className="gx-public-check">
                  <input type="checkbox" checked={accepted} data-testid="wifi-accept" onChange={(e) => setAccepted(e.target.checked)}
                    aria-invalid={errors.accept_terms ? true : undefined} />
                  <span>{t('portal.wifi.accept')}</span>
                </label>
                {errors.accept_terms ? <p className="gx-public-alert" role="alert">{errors.accept_terms}</p> : null}
                <details>
                  <summary className="gx-public-link">{t('portal.wifi.terms')}</summary>
                  <div className="gx-public-terms" data-testid="wifilogin-terms">{terms}</div>
                </details>
              </>
            ) : null}
            {problem ? <p className="gx-public-alert" role="alert">{problem}</p> : null}
          </>
        )}
      </section>
    </main>
  );
}
