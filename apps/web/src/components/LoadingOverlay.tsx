import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingStore } from '../api/loading';

/** Quick calls never flash the overlay: it appears only when a call takes longer than this. */
const SHOW_AFTER_MS = 300;

/** The loading overlay of SPEC §7, shown while any request that did not opt out is running. Plain CSS, no antd Spin. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const busy = useSyncExternalStore(loadingStore.subscribe, () => loadingStore.count() > 0);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [busy]);
  if (!busy || !visible) return null;
  return (
    <div className="gx-loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="gx-spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
