import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  Code, PublicWorkOrderApi, WORK_ORDER_STATE_OPTIONS, type PublicWorkOrderForm, type PublicWorkOrderReceipt, type PublicWorkOrderStatus,
} from '@gx/contract';
import { captchaUrl } from '../../api/session';
import { Field } from '../login/Field';
import { failureOf, publicCall } from '../public/api';
import { PublicPage } from '../public/PublicPage';
import { QueryPage, ResultCard } from '../public/QueryPage';

const FIELDS = ['title', 'description', 'contact_name', 'contact_phone', 'serial'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const TONE = { open: 'warn', assigned: 'warn', in_progress: 'warn', waiting: 'warn', resolved: 'ok', closed: 'ok', rejected: 'bad' } as const;

/**
 * /workOrder (issue 15 point 1): with `?org=<id>`, anyone reports a problem to that organisation and gets an order
 * number; without it (or with `?order=<number>`), anyone follows an order by its number. No account, no antd: a
 * customer opens it from a QR code on a wall.
 */
export default function WorkOrderPage() {
  const [params] = useSearchParams();
  const org = params.get('org') ?? '';
  return /^\d{1,10}$/.test(org) ? <SubmitForm org={Number(org)} /> : <StatusCheck initial={params.get('order') ?? ''} />;
}

function StatusCheck({ initial }: { initial: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh_CN';
  const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');
  return (
    <QueryPage<PublicWorkOrderStatus>
      key={initial}
      testId="work-order-status"
      title={t('portal.workOrder.statusTitle')}
      intro={t('portal.workOrder.statusIntro')}
      label={t('portal.workOrder.orderNo')}
      bodyKey="order_no"
      path={PublicWorkOrderApi.status}
      maxLength={22}
      initial={initial}
      renderResult={(a) => (a.found ? (
        <ResultCard
          testId="work-order-state"
          tone={TONE[a.status]}
          title={WORK_ORDER_STATE_OPTIONS.find((o) => o.value === a.status)?.label[lang] ?? a.status}
          facts={[[t('portal.workOrder.orderNo'), a.order_no], [t('portal.workOrder.submitted'), day(a.submitted_at)], [t('portal.workOrder.updated'), day(a.updated_at)]]}
        />
      ) : <ResultCard testId="work-order-state" tone="bad" title={t('portal.workOrder.notFound')} />)}
    />
  );
}

function SubmitForm({ org }: { org: number }) {
  const { t } = useTranslation();
  const [orgName, setOrgName] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [values, setValues] = useState<Values>({ title: '', description: '', contact_name: '', contact_phone: '', serial: '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState('');
  const [captcha, setCaptcha] = useState<{ src: string; answer: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<PublicWorkOrderReceipt | null>(null);
  const newCaptcha = () => setCaptcha({ src: captchaUrl(), answer: '' });

  useEffect(() => {
    publicCall<PublicWorkOrderForm>(PublicWorkOrderApi.submit, { method: 'form', org }).then((f) => setOrgName(f.org_name), () => setUnavailable(true));
  }, [org]);

  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues({ ...values, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setProblem('');
    const missing = (['title', 'contact_name', 'contact_phone'] as const).filter((k) => !values[k].trim());
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((k) => [k, t('portal.workOrder.required')])));
      return;
    }
    setBusy(true);
    try {
      const body: Record<string, unknown> = { method: 'submit', org, ...Object.fromEntries(FIELDS.map((k) => [k, values[k].trim()])) };
      if (captcha) body.code = captcha.answer;
      setReceipt(await publicCall<PublicWorkOrderReceipt>(PublicWorkOrderApi.submit, body));
    } catch (err) {
      const f = failureOf(err, t('request.error'));
      if (f.code === Code.CAPTCHA_WRONG) {
        setProblem(captcha ? f.text : t('portal.publicPage.captchaHint'));
        newCaptcha();
      } else if (f.code === Code.VALIDATION && f.field && (FIELDS as readonly string[]).includes(f.field)) setErrors({ [f.field]: f.text });
      else setProblem(f.text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPage testId="work-order" noBackLink>
      {unavailable ? (
        <p role="alert" data-testid="work-order-unavailable">{t('portal.workOrder.unavailable')}</p>
      ) : receipt ? (
        <div className="gx-public-result gx-public-result-ok" data-testid="work-order-receipt">
          <h1>{t('portal.workOrder.received')}</h1>
          <p className="gx-public-note">{t('portal.workOrder.keepNumber')}</p>
          <p><strong data-testid="work-order-number">{receipt.order_no}</strong></p>
          <p className="gx-public-footer">
            <Link className="gx-btn gx-btn-secondary gx-public-wide" to={`/workOrder?order=${receipt.order_no}`}>{t('portal.workOrder.follow')}</Link>
          </p>
        </div>
      ) : (
        <>
          <h1>{orgName === null ? t('portal.workOrder.title') : t('portal.workOrder.titleOf', { name: orgName })}</h1>
          <p className="gx-public-intro">{t('portal.workOrder.intro')}</p>
          <form onSubmit={submit} noValidate>
            <Field id="wo-title" label={t('portal.workOrder.problem')} value={values.title} maxLength={100} required error={errors.title} onChange={set('title')} />
            <Field id="wo-description" label={t('portal.workOrder.description')} value={values.description} maxLength={2000} error={errors.description} onChange={set('description')} />
            <Field id="wo-contact-name" label={t('portal.workOrder.contactName')} value={values.contact_name} maxLength={32} required autoComplete="name"
              error={errors.contact_name} onChange={set('contact_name')} />
            <Field id="wo-contact-phone" label={t('portal.workOrder.contactPhone')} type="tel" inputMode="numeric" maxLength={11} required autoComplete="tel"
              value={values.contact_phone} error={errors.contact_phone} onChange={set('contact_phone')} />
            <Field id="wo-serial" label={t('portal.workOrder.serial')} value={values.serial} maxLength={64} autoComplete="off" error={errors.serial} onChange={set('serial')} />
            {captcha ? (
              <div className="gx-login-captcha">
                <Field id="wo-captcha" label={t('portal.publicPage.captcha')} value={captcha.answer} maxLength={16} autoComplete="off"
                  onChange={(e) => setCaptcha({ ...captcha, answer: e.target.value })} />
                <button type="button" className="gx-login-captcha-button" title={t('portal.publicPage.refreshCaptcha')} onClick={newCaptcha}>
                  <img src={captcha.src} alt={t('portal.publicPage.captcha')} className="gx-login-captcha-img" />
                </button>
              </div>
            ) : null}
            <button type="submit" className="gx-btn gx-btn-primary gx-public-wide" disabled={busy || orgName === null} data-testid="work-order-submit">
              {t('portal.workOrder.submit')}
            </button>
          </form>
          {problem ? <p className="gx-public-alert" role="alert">{problem}</p> : null}
        </>
      )}
    </PublicPage>
  );
}
