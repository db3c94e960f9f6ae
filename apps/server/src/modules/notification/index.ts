import type { EndpointSpec } from '../../http/endpoint';
import { notificationContentEndpoint } from './content';
import { notificationOperationEndpoint } from './operation';
import { notificationInboxEndpoint } from './inbox';

/** Announcements and notifications: administrators write and publish them; every user reads their own. */
export const notificationEndpoints: EndpointSpec[] = [notificationContentEndpoint, notificationOperationEndpoint, notificationInboxEndpoint];
