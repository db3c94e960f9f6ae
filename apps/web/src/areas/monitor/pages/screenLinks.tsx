import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screenLinkResource, screenLinkUrl, type ScreenKind } from '@gx/contract';
import { LinkShareDialog } from '../../../components/LinkShareDialog';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';

/** Display links of the big screens; a new link's address (the screen's route with `?key=`) is shown once, with its QR code. */
export default function ScreenLinksPage() {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  const parts = useMemo<ResourceParts>(() => ({
    afterSave: (saved, mode) => {
      if (mode === 'add' && typeof saved.link_token === 'string') {
        setLink(screenLinkUrl(location.origin, saved.screen as ScreenKind, saved.link_token));
      }
    },
  }), []);
  return (
    <>
      <ResourcePage decl={screenLinkResource} parts={parts} />
      <LinkShareDialog url={link} title={t('screens.linkTitle')} hint={t('screens.linkHint')} onClose={() => setLink(null)} testId="display-link" />
    </>
  );
}
