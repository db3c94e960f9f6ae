import { authorizedSendResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { licenceRecipientWidget } from '../widgets/LicenceRecipientField';

/** Sent licences: the generic list and send form, whose receiving organisation is picked among those allowed. */
const parts: ResourceParts = { widgets: { licenceRecipient: licenceRecipientWidget } };

export default function AuthorizedSendPage() {
  return <ResourcePage decl={authorizedSendResource} parts={parts} />;
}
