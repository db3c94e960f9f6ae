import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LOGIN_PATH } from '../../config/constants';
import '../login/login.css';
import '../public/public.css';

/** The policy's sections, in order; each has a heading and paragraphs under `portal.privacy.<key>`. */
const SECTIONS = ['collect', 'use', 'keep', 'share', 'protect', 'rights'] as const;

/**
 * /privacypolicy: what the platform stores about people, why, for how long and with whom — written from what the
 * server actually keeps (accounts, sign-ins, the operation log, devices and telemetry, portal guests, SMS, reports).
 */
export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <main className="gx-public" data-testid="privacy-policy">
      <div className="gx-public-lang">
        <LanguageSwitch />
      </div>
      <section className="gx-public-card gx-public-doc">
        <h1>{t('portal.privacy.title')}</h1>
        <p className="gx-public-intro">{t('portal.privacy.intro')}</p>
        {SECTIONS.map((s) => (
          <section key={s} data-testid={`privacy-${s}`}>
            <h2>{t(`portal.privacy.${s}.title`)}</h2>
            {(t(`portal.privacy.${s}.body`, { returnObjects: true }) as string[]).map((p) => <p key={p}>{p}</p>)}
          </section>
        ))}
        <p className="gx-public-footer">
          <Link to={LOGIN_PATH}>{t('portal.publicPage.backToLogin')}</Link>
        </p>
      </section>
    </main>
  );
}
