import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The catch-all target (SPEC §2). Home goes through the guard: to the dashboard, or to login without a session. */
export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="gx-standalone" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <button type="button" className="gx-btn gx-btn-primary" onClick={() => navigate('/', { replace: true })}>
        {t('common.backHome')}
      </button>
    </main>
  );
}
