import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearAllStorage } from '../utils/storage';
import './updateCard.css';

type UpdateFn = (reloadPage?: boolean) => Promise<void>;

/** After this long without the new worker taking over, reload anyway: the next load gets the new version. */
const TAKEOVER_FALLBACK_MS = 3000;

async function applyUpdate(updateSW: UpdateFn | null): Promise<void> {
  clearAllStorage();
  // A page the old worker never controlled (the first visit) sees no takeover, so nothing else would reload it.
  const controlled = Boolean(navigator.serviceWorker?.controller);
  await updateSW?.(true);
  if (!controlled) location.reload();
  else setTimeout(() => location.reload(), TAKEOVER_FALLBACK_MS);
}

/**
 * SPEC §4 App update: when a new service-worker version is waiting, a small card offers Close and Update. Update
 * tells the waiting worker to skip waiting, clears local and session storage, and reloads.
 */
export function UpdateCard() {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const update = useRef<UpdateFn | null>(null);

  useEffect(() => {
    if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      update.current = registerSW({ onNeedRefresh: () => setReady(true) });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!ready) return null;
  return (
    <div className="gx-update-card" role="alert" data-testid="update-card">
      <p>{t('pwa.newVersion')}</p>
      <div className="gx-update-card-actions">
        <Button size="small" onClick={() => setReady(false)}>
          {t('common.close')}
        </Button>
        <Button
          size="small"
          type="primary"
          onClick={() => void applyUpdate(update.current)}
        >
          {t('pwa.update')}
        </Button>
      </div>
    </div>
  );
}
