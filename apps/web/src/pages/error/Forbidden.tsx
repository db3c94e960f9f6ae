import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * `/permission` (SPEC's public route): a page that exists but is not granted to the user. It names the page asked
 * for and offers the ways back: the previous page, or home (the guard sends a visitor without a session to login).
 */
export default function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get('from');
  return (
    <main className="gx-standalone" data-testid="forbidden">
      <h1>{t('forbidden.title')}</h1>
      <p>{t('forbidden.description')}</p>
      {from ? <p><code data-testid="forbidden-path">{from}</code></p> : null}
      <div className="gx-standalone-actions">
        <button type="button" className="gx-btn" onClick={() => navigate(-1)} data-testid="forbidden-back">
          {t('forbidden.back')}
        </button>
        <button type="button" className="gx-btn gx-btn-primary" onClick={() => navigate('/', { replace: true })} data-testid="forbidden-home">
          {t('common.backHome')}
        </button>
      </div>
    </main>
  );
}
