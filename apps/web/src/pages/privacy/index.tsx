import { useTranslation } from 'react-i18next';
import { PublicPage } from '../public/PublicPage';

/** The policy's sections, in order; each has a heading and paragraphs under `portal.privacy.<key>`. */
const SECTIONS = ['collect', 'use', 'keep', 'share', 'protect', 'rights'] as const;

/**
 * /privacypolicy: what the platform stores about people, why, for how long and with whom — written from what the
 * server actually keeps (accounts, sign-ins, the operation log, devices and telemetry, portal guests, SMS, reports).
 */
export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <PublicPage testId="privacy-policy" wide>
      <h1>{t('portal.privacy.title')}</h1>
      <p className="gx-public-intro">{t('portal.privacy.intro')}</p>
      {SECTIONS.map((s) => (
        <section key={s} data-testid={`privacy-${s}`}>
          <h2>{t(`portal.privacy.${s}.title`)}</h2>
          {(t(`portal.privacy.${s}.body`, { returnObjects: true }) as string[]).map((p) => <p key={p}>{p}</p>)}
        </section>
      ))}
    </PublicPage>
  );
}
