import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Popover } from 'antd';
import { CustomerServiceOutlined, MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useConsoleConfig } from '../../api/consoleConfigQuery';
import { useUserStore } from '../../store/user';

/** The QR image is drawn in the browser by antd's QRCode, loaded when a popover first opens. */
const QrPanel = lazy(() => import('./QrPanel'));

function QrButton({ name, url, icon }: { name: 'appDownload' | 'support'; url: string; icon: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger={['hover', 'click']}
      placement="bottom"
      title={t(`navbar.${name}`)}
      content={
        <Suspense fallback={<div className="gx-qr-placeholder" />}>
          <QrPanel url={url} hint={t(`navbar.${name}Hint`)} testId={`qr-${name}`} />
        </Suspense>
      }
    >
      <Button type="text" className="gx-navbar-button" icon={icon} aria-label={t(`navbar.${name}`)} data-testid={`qr-${name}-button`} />
    </Popover>
  );
}

/** App-download and technical-support QR codes (SPEC §2 Navbar), shown for the default brand only (SPEC §6). */
export function QrCodes() {
  const status = useUserStore((s) => s.domainStatus);
  const oem = useUserStore((s) => s.domaindata?.domain_oem);
  const config = useConsoleConfig();
  if (status !== 'ready' || oem !== 0 || !config) return null;
  return (
    <>
      {config.appDownloadUrl && <QrButton name="appDownload" url={config.appDownloadUrl} icon={<MobileOutlined />} />}
      {config.supportUrl && <QrButton name="support" url={config.supportUrl} icon={<CustomerServiceOutlined />} />}
    </>
  );
}
