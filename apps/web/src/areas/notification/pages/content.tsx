import { notificationContentResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { notificationTargetsWidget } from '../widgets/TargetsField';

/** Announcements and notifications of the organisation: the recipients picker follows the audience chosen. */
const parts: ResourceParts = { widgets: { notificationTargets: notificationTargetsWidget } };

export default function NotificationContentPage() {
  return <ResourcePage decl={notificationContentResource} parts={parts} />;
}
