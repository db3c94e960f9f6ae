import { notificationArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import { notificationInboxEndpoint } from './inbox';

/**
 * Announcements and notifications: writing and publishing them (`content.ts`, on the resource engine, collected
 * from the folder) and the signed-in user's inbox.
 */
export const notificationArea = defineServerArea({ key: 'notification', manifest, endpoints: [notificationInboxEndpoint] });
