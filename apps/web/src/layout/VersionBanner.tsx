import { useState } from 'react';
import { CloseOutlined, RocketOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useConsoleConfig } from '../api/consoleConfigQuery';
import { useUserStore } from '../store/user';
import './versionBanner.css';

const CLOSED_KEY = 'gx-version-banner-closed';

function closedFor(): string | null {
  try {
    return localStorage.getItem(CLOSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The version banner (SPEC §1, §2): for the default brand only (domain_oem 0), linking to the newer console the
 * deployment names in console-config.json. Closing it is remembered for that link, so a later version shows again.
 */
export function VersionBanner() {
  const { t } = useTranslation();
  const status = useUserStore((s) => s.domainStatus);
  const oem = useUserStore((s) => s.domaindata?.domain_oem);
  const url = useConsoleConfig()?.newVersionUrl ?? '';
  const [closed, setClosed] = useState(closedFor);
  if (status !== 'ready' || oem !== 0 || !url || closed === url) return null;
  const close = () => {
    try {
      localStorage.setItem(CLOSED_KEY, url);
    } catch {
      // Not remembered; it is closed for this page anyway.
    }
    setClosed(url);
  };
  return (
    <div className="gx-version-banner" role="note" data-testid="version-banner">
      <RocketOutlined aria-hidden />
      <span className="gx-version-banner-text">{t('navbar.versionBanner')}</span>
      <a href={url} target="_blank" rel="noopener noreferrer" data-testid="version-banner-link">
        {t('navbar.versionBannerLink')}
      </a>
      <button type="button" className="gx-version-banner-close" aria-label={t('navbar.closeBanner')} data-testid="version-banner-close" onClick={close}>
        <CloseOutlined />
      </button>
    </div>
  );
}
