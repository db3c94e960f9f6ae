import type { FastifyInstance } from 'fastify';
import { dcArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import type { EndpointDeps } from '../../http/endpoint';
import { callStatsEndpoint, registerCallStats } from './callStats';
import { registerWebhooks } from './webhooks';

/**
 * Developer services (SPEC §2 dc): an organisation's registered services, their audit by the platform, their keys,
 * their calls per day (the developer dashboard) and their webhooks. On the root: the delivery log's *redeliver*
 * and every endpoint's signed-call counting reach the outbox and the counters through `req.server`.
 */
export const dcArea = defineServerArea({
  key: 'dc',
  manifest,
  endpoints: [callStatsEndpoint],
  plugin: (app: FastifyInstance, deps: EndpointDeps) => {
    registerWebhooks(app, deps);
    registerCallStats(app, deps);
  },
  sharesRoot: true,
});
