import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../public/PublicPage';

/** Chromium's install offer (not in the DOM typings): held until the person asks to install. */
interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const installed = () => window.matchMedia?.('(display-mode: standalone)').matches === true;

/**
 * /appDownload: the console on a phone. It is an installable web app (PWA: the service worker and the manifest ship
 * with the build), so there is nothing to download from a store: this page offers the browser's install where the
 * browser has one, says how to add it to the home screen elsewhere, and gives the address to open on the phone.
 */
export default function AppDownloadPage() {
  const { t } = useTranslation();
  const [offer, setOffer] = useState<InstallPrompt | null>(null);
  const [done, setDone] = useState(installed);
  useEffect(() => {
    const keep = (e: Event) => {
      e.preventDefault();
      setOffer(e as InstallPrompt);
    };
    const finished = () => setDone(true);
    window.addEventListener('beforeinstallprompt', keep);
    window.addEventListener('appinstalled', finished);
    return () => {
      window.removeEventListener('beforeinstallprompt', keep);
      window.removeEventListener('appinstalled', finished);
    };
  }, []);
  const install = async () => {
    if (!offer) return;
    await offer.prompt();
    if ((await offer.userChoice).outcome === 'accepted') setDone(true);
    setOffer(null);
  };
  const address = `${window.location.origin}/`;
  return (
    <PublicPage testId="app-download" wide>
      <h1>{t('portal.appDownload.title')}</h1>
      <p className="gx-public-intro">{t('portal.appDownload.intro')}</p>
      {done ? (
        <p className="gx-public-result gx-public-result-ok" data-testid="app-installed">{t('portal.appDownload.installed')}</p>
      ) : offer ? (
        <button type="button" className="gx-btn gx-btn-primary gx-public-wide" onClick={() => void install()} data-testid="app-install">
          {t('portal.appDownload.install')}
        </button>
      ) : null}
      <h2>{t('portal.appDownload.onPhone')}</h2>
      <p>{t('portal.appDownload.openAddress')}</p>
      <p><code data-testid="app-address">{address}</code></p>
      <h2>{t('portal.appDownload.android')}</h2>
      <p>{t('portal.appDownload.androidSteps')}</p>
      <h2>{t('portal.appDownload.ios')}</h2>
      <p>{t('portal.appDownload.iosSteps')}</p>
      <p className="gx-public-note">{t('portal.appDownload.updates')}</p>
    </PublicPage>
  );
}
