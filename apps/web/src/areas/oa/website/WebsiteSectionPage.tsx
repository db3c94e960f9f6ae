import type { ResourceDecl } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { WebsitePreview } from './WebsitePreview';

const parts: ResourceParts = { tabs: { websitePreview: WebsitePreview } };

/** A website section's page: the generic list, form and actions, and the preview of an entry in its details. */
export function WebsiteSectionPage({ decl }: { decl: ResourceDecl }) {
  return <ResourcePage decl={decl} parts={parts} />;
}
