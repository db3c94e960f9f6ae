import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LOGIN_PATH } from '../../config/constants';
import '../login/login.css';
import './public.css';

/**
 * The frame of a page reachable without a session: the language switch, one card, and (unless `noBackLink`) the
 * way back to sign-in. Small and antd-free, like every public page.
 */
export function PublicPage({ testId, wide = false, noBackLink = false, style, children }: {
  testId: string; wide?: boolean; noBackLink?: boolean; style?: CSSProperties; children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="gx-public" data-testid={testId} style={style}>
      <div className="gx-public-lang">
        <LanguageSwitch />
      </div>
      <section className={wide ? 'gx-public-card gx-public-doc' : 'gx-public-card'}>
        {children}
        {noBackLink ? null : (
          <p className="gx-public-footer">
            <Link to={LOGIN_PATH}>{t('portal.publicPage.backToLogin')}</Link>
          </p>
        )}
      </section>
    </main>
  );
}
