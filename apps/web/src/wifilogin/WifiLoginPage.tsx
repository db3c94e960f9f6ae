import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Code, LANGS, md5, PortalApi, type Lang, type WifiAd, type WifiConfig, type WifiLoginAnswer, type WifiSendCodeAnswer } from '@gx/contract';
import { Field } from '../pages/login/Field';
import { AdStrip } from './AdStrip';
import { portalCall, PortalFailure } from './call';
import { applyLanguage, initialLanguage, languageName, translate, type WifiKey } from './text';
import '../pages/login/login.css';
import '../pages/public/public.css';

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

/** The console's compact language choice (same classes and test ids), without its store. */
function LanguageChoice({ lang, onChange }: { lang: Lang; onChange: (l: Lang) => void }) {
  return (
    <div className="gx-lang-switch" role="group" aria-label={translate(lang, 'language')} data-testid="language-switch">
      {LANGS.map((l) => (
        <button key={l} type="button" aria-pressed={l === lang} className={l === lang ? 'gx-lang-option gx-lang-option-active' : 'gx-lang-option'}
          data-testid={`language-${l}`} onClick={() => onChange(l)}>
          {languageName(lang, l)}
        </button>
      ))}
    </div>
  );
}

/**
 * /wifilogin: the guest's captive-portal page, driven by the organisation's portal settings (mode, sign-in methods,
 * code validity and interval, terms) with the place's ads. A gateway sends guests here with `org`, `place`, `mac`
 * and `url` (where they were going). It is a bundle of its own (vite.wifilogin.config.ts, Preact under the React
 * API, no antd, no i18next): it must open fast on a phone.
 */
export function WifiLoginPage() {
  const [lang, setLang] = useState<Lang>(initialLanguage);
  const t = (key: WifiKey, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const [params] = useState(() => new URLSearchParams(window.location.search));
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

  const call = <T,>(body: Record<string, unknown>) => portalCall<T>(PortalApi.wifilogin, body, lang, t('error'));

  useEffect(() => applyLanguage(lang), [lang]);
  useEffect(() => {
    const place = config?.brand_name || config?.org_name;
    document.title = place ? `${t('pageTitle')} - ${place}` : t('pageTitle');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang, config]);

  useEffect(() => {
    if (!/^\d{1,10}$/.test(visit.org)) {
      setUnavailable(t('missingOrg'));
      return;
    }
    call<WifiConfig>({ method: 'config', ...base }).then(
      (c) => (c.mode === 'off' ? setUnavailable(t('off')) : setConfig(c)),
      () => setUnavailable(t('unavailable')),
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
    const f = e instanceof PortalFailure ? { code: e.code, field: e.field, text: e.message } : { code: 0, field: undefined, text: t('error') };
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
  const terms = config ? (lang === 'en' ? config.terms_en || config.terms : config.terms || config.terms_en) : '';
  const checkTerms = () => {
    if (needsTerms && !accepted) {
      setErrors({ accept_terms: t('acceptRequired') });
      return false;
    }
    return true;
  };

  const login = async (body: Record<string, unknown>) => {
    setBusy(true);
    try {
      const answer = await call<WifiLoginAnswer>({ method: 'login', ...base, ...extras, accept_terms: accepted, ...body });
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
      const r = await call<WifiSendCodeAnswer>({ method: 'send_code', ...base, phone: phone.trim() });
      setCountdown(r.resend_after);
      setNote(t('codeSent', { min: r.valid_min }));
    } catch (e) {
      const f = fail(e);
      const retry = e instanceof PortalFailure ? e.retryAfter : 0;
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
      const { url } = await call<{ url: string }>({ method: 'wechat_url', ...base });
      sessionStorage.setItem(STASH, JSON.stringify({ ...visit, accepted }));
      window.location.assign(url);
    } catch (e) {
      fail(e);
      setBusy(false);
    }
  };

  // Counting a click never stands between the guest and the link: a failed count is let go.
  const openAd = (ad: WifiAd) => {
    call({ method: 'ad_click', ...base, ad: ad.id }).catch(() => undefined);
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
        <LanguageChoice lang={lang} onChange={setLang} />
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
            <h1>{t('success')}</h1>
            <p className="gx-public-note">{t('successLimits', { minutes: granted.session_minutes })}</p>
            <AdStrip ads={granted.ads} label={t('ads')} testId="wifilogin-success-ads" onOpen={openAd} />
            {granted.redirect ? (
              <p className="gx-public-footer">
                <a className="gx-btn gx-btn-primary gx-public-wide" href={granted.redirect} rel="noopener noreferrer">{t('continue')}</a>
              </p>
            ) : null}
          </div>
        ) : (
          <>
            {config.logo ? <img className="gx-public-logo" src={config.logo} alt="" data-testid="wifilogin-logo" /> : null}
            <h1>{config.brand_name || t('title', { name: config.org_name })}</h1>
            <AdStrip ads={config.ads} label={t('ads')} testId="wifilogin-ads" onOpen={openAd} />
            {config.auth.includes('sms') ? (
              <form onSubmit={smsLogin} noValidate data-testid="wifilogin-sms">
                <Field id="wifi-phone" label={t('phone')} type="tel" inputMode="numeric" autoComplete="tel" maxLength={11}
                  value={phone} error={errors.phone} onChange={(e) => setPhone(e.target.value)} />
                <div className="gx-public-row">
                  <Field id="wifi-code" label={t('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6}
                    value={code} error={errors.code} onChange={(e) => setCode(e.target.value)} />
                  <button type="button" className="gx-btn gx-btn-secondary" data-testid="wifi-send-code" disabled={busy || countdown > 0 || !phone.trim()} onClick={sendCode}>
                    {countdown > 0 ? t('resendIn', { s: countdown }) : t('sendCode')}
                  </button>
                </div>
                {note ? <p className="gx-public-note" role="status">{note}</p> : null}
                <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" data-testid="wifi-login" disabled={busy}>
                  {t('login')}
                </button>
              </form>
            ) : null}
            {config.auth.includes('voucher') ? (
              <form onSubmit={voucherLogin} noValidate data-testid="wifilogin-voucher">
                <Field id="wifi-voucher" label={t('voucher')} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={16}
                  value={voucher} error={errors.voucher} onChange={(e) => setVoucher(e.target.value)} />
                <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" data-testid="wifi-voucher-login" disabled={busy}>
                  {t('voucherLogin')}
                </button>
              </form>
            ) : null}
            {config.auth.includes('account') ? (
              <form onSubmit={accountLogin} noValidate data-testid="wifilogin-account" aria-labelledby="wifi-account-title">
                <h2 id="wifi-account-title" className="gx-public-subtitle">
                  {t(config.account_kind === 'member' ? 'memberTitle' : 'hotelTitle')}
                </h2>
                {config.account_kind === 'member' ? (
                  <>
                    <Field id="wifi-member" label={t('member')} autoComplete="username" maxLength={32}
                      value={member} error={errors.member} onChange={(e) => setMember(e.target.value)} />
                    <Field id="wifi-member-password" label={t('memberPassword')} type="password" autoComplete="current-password" maxLength={64}
                      value={memberPassword} error={errors.password} onChange={(e) => setMemberPassword(e.target.value)} />
                  </>
                ) : (
                  <>
                    <Field id="wifi-room" label={t('room')} autoComplete="off" inputMode="text" maxLength={16}
                      value={room} error={errors.room} onChange={(e) => setRoom(e.target.value)} />
                    <Field id="wifi-surname" label={t('surname')} autoComplete="family-name" maxLength={64}
                      value={surname} error={errors.surname} onChange={(e) => setSurname(e.target.value)} />
                  </>
                )}
                <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" data-testid="wifi-account-login" disabled={busy}>
                  {t(config.account_kind === 'member' ? 'memberLogin' : 'hotelLogin')}
                </button>
              </form>
            ) : null}
            {config.auth.includes('wechat') || config.auth.includes('one_click') ? (
              <div className="gx-public-or">
                {config.auth.includes('wechat') ? (
                  <button type="button" className="gx-btn gx-btn-secondary gx-public-wide" data-testid="wifi-wechat" disabled={busy} onClick={wechat}>
                    {t('wechat')}
                  </button>
                ) : null}
                {config.auth.includes('one_click') ? (
                  <button type="button" className="gx-btn gx-btn-secondary gx-public-wide" data-testid="wifi-one-click" disabled={busy} onClick={oneClick}>
                    {t('oneClick')}
                  </button>
                ) : null}
              </div>
            ) : null}
            {needsTerms ? (
              <>
                <label className="gx-public-check">
                  <input type="checkbox" checked={accepted} data-testid="wifi-accept" onChange={(e) => setAccepted(e.target.checked)}
                    aria-invalid={errors.accept_terms ? true : undefined} />
                  <span>{t('accept')}</span>
                </label>
                {errors.accept_terms ? <p className="gx-public-alert" role="alert">{errors.accept_terms}</p> : null}
                <details>
                  <summary className="gx-public-link">{t('terms')}</summary>
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
