import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Stage } from './Stage';

/**
 * A big screen opened without a session and without a display link (SPEC §2 lists the screens among the routes
 * reachable without login): what it needs, and the way to sign in and come back.
 */
export function ScreenSignIn({ title, signIn }: { title: string; signIn: string }) {
  const { t } = useTranslation();
  return (
    <Stage testId="screen-sign-in">
      <main className="gx-screen-sign-in">
        <h1>{title}</h1>
        <p>{t('screens.signInNeeded')}</p>
        <Link className="gx-screen-button" to={signIn} data-testid="screen-sign-in-link">{t('screens.signIn')}</Link>
      </main>
    </Stage>
  );
}
