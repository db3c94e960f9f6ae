import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './screens.css';

/**
 * A big screen opened without a session and without a display link (SPEC §2 lists the screens among the routes
 * reachable without login): what it needs, and the way to sign in and come back. Laid out for any window, not on the
 * 1920×1080 stage, so a phone that opened the address can read it.
 */
export function ScreenSignIn({ title, signIn }: { title: string; signIn: string }) {
  const { t } = useTranslation();
  return (
    <main className="gx-screen-backdrop gx-screen-sign-in" data-testid="screen-sign-in">
      <h1>{title}</h1>
      <p>{t('screens.signInNeeded')}</p>
      <Link className="gx-screen-button" to={signIn} data-testid="screen-sign-in-link">{t('screens.signIn')}</Link>
    </main>
  );
}
