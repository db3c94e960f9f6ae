import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceTransferResource, transferLinkUrl } from '@gx/contract';
import { LinkShareDialog } from '../../../components/LinkShareDialog';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { OrgNumberHint } from '../widgets/OrgNumberHint';

/**
 * Rows both sides see; above them, the number another organisation enters to reach this one. The sender's `link`
 * issues a fresh receiving link (`/authorizedtoreceive`), shown once with its QR code.
 */
export default function TransferPage() {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  const parts = useMemo<ResourceParts>(() => ({
    header: <OrgNumberHint />,
    afterAction: (method, answer) => {
      const token = (answer as { link_token?: unknown } | null)?.link_token;
      if (method === 'link' && typeof token === 'string') setLink(transferLinkUrl(location.origin, token));
    },
  }), []);
  return (
    <>
      <ResourcePage decl={deviceTransferResource} parts={parts} />
      <LinkShareDialog url={link} title={t('device.receiveLink.title')} hint={t('device.receiveLink.hint')} onClose={() => setLink(null)} testId="transfer-link" />
    </>
  );
}
