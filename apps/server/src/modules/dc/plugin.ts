import { dcArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import { registerWebhooks } from './webhooks';

/**
 * Developer services (SPEC §2 dc): an organisation's registered services, their audit by the platform, their keys,
 * and their webhooks (the outbox is on the root: the delivery log's *redeliver* reaches it through `req.server`).
 */
export const dcArea = defineServerArea({ key: 'dc', manifest, plugin: registerWebhooks, sharesRoot: true });
