import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectInvitationResource, projectInvitationUrl } from '@gx/contract';
import { LinkShareDialog } from '../../../components/LinkShareDialog';
import { ResourceList } from '../../../resources/ResourceList';
import type { ResourceParts, TabProps } from '../../../resources/types';

/**
 * `projectInvitations` tab of a project: its invitations through the generic list, fixed to this project (add,
 * revoke); a new invitation's link (`/ProjectCollaboration?token=…`) is shown once, with its QR code.
 */
export function ProjectInvitations({ row }: TabProps) {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  const parts = useMemo<ResourceParts>(() => ({
    afterSave: (saved, mode) => {
      if (mode === 'add' && typeof saved.link_token === 'string') setLink(projectInvitationUrl(location.origin, saved.link_token));
    },
  }), []);
  return (
    <div data-testid="project-invitations">
      <ResourceList decl={projectInvitationResource} fixed={{ project_id: row.id }} parts={parts} />
      <LinkShareDialog url={link} title={t('business.invite.title')} hint={t('business.invite.hint')} onClose={() => setLink(null)} testId="invitation-link" />
    </div>
  );
}
