import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useSiteTitle } from '../../router/useDocumentTitle';
import { useUserStore } from '../../store/user';
import { LoginForm } from './LoginForm';
import { OtherWays } from './OtherWays';
import { useCaptchaOn } from './useCaptchaOn';
import './login.css';

/** The login screen: the domain's branding, the form, WeChat and registration, the language switch. */
export default function LoginPage() {
  const { t } = useTranslation();
  const site = useSiteTitle();
  const logo = useUserStore((s) => s.domaindata?.home_logo);
  const captcha = useCaptchaOn();

  return (
    <main className="gx-login" data-testid="login-page">
      <div className="gx-login-lang">
        <LanguageSwitch />
      </div>
      <section className="gx-login-card">
        <header className="gx-login-brand">
          {logo ? <img className="gx-login-logo" src={logo} alt={site} /> : <img className="gx-login-mark" src="/favicon.svg" alt="" />}
          <h1>{site}</h1>
          <p>{t('login.title')}</p>
        </header>
        <LoginForm captcha={captcha} />
        <OtherWays />
      </section>
      <footer className="gx-login-footer">{t('common.copyright', { title: site })}</footer>
    </main>
  );
}
