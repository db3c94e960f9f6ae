import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useClock } from './useScreen';

/**
 * Title, stream state, clock and (not on a TV) the full-screen switch. A screen that asks every `refreshSeconds` (a
 * display link's) says so instead of "live": its numbers may be that old.
 */
export function ScreenHeader({ title, connected, updatedAt, refreshSeconds = null, tv = false }: {
  title: string;
  connected: boolean;
  updatedAt: number;
  refreshSeconds?: number | null;
  tv?: boolean;
}) {
  const { t } = useTranslation();
  const now = useClock();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const on = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <header className="gx-screen-header" data-testid="screen-header">
      <h1>{title}</h1>
      <div className="gx-screen-meta">
        {updatedAt > 0 && <span data-testid="screen-updated">{t('screens.updatedAt', { time: dayjs(updatedAt).format('HH:mm:ss') })}</span>}
        <span className="gx-screen-status" data-connected={connected ? 'true' : 'false'} data-testid="screen-stream" role="status">
          {!connected ? t('screens.reconnecting') : refreshSeconds ? t('screens.refreshEvery', { seconds: refreshSeconds }) : t('screens.live')}
        </span>
        <span className="gx-screen-clock">{dayjs(now).format('YYYY-MM-DD HH:mm:ss')}</span>
        {!tv && (
          <button type="button" className="gx-screen-button" onClick={toggle} data-testid="screen-fullscreen">
            {full ? t('screens.exitFullscreen') : t('screens.fullscreen')}
          </button>
        )}
      </div>
    </header>
  );
}
