import type { FastifyInstance } from 'fastify';
import { DASHBOARD_SUMMARY_PATH, dashboardArea as manifest, dashboardSummaryBody } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import { method, type EndpointDeps } from '../../http/endpoint';
import { registerTicker } from '../../http/ticker';
import { dashboardSummary, samplePresence } from './summary';

/** How often every organisation's presence is sampled for the online-rate series. */
const SAMPLE_MS = 60_000;

/** Samples presence once the server is ready and then every minute (idempotent across instances). */
function registerSampler(app: FastifyInstance, deps: EndpointDeps): void {
  registerTicker(app, SAMPLE_MS, () => samplePresence(deps.database.db, deps.services.now()),
    (err) => app.log.error({ err }, 'presence sample failed'), { atStart: true });
}

/**
 * The home page (issue 16): one read-only call with every figure of the landing page. Open to any signed-in user;
 * each figure is counted only when the caller may read the list behind it.
 */
export const dashboardArea = defineServerArea({
  key: 'dashboard',
  manifest,
  endpoints: [{
    path: DASHBOARD_SUMMARY_PATH,
    methods: {
      summary: method({ access: 'user', body: dashboardSummaryBody, readOnly: true, handler: (ctx, input) => dashboardSummary(ctx, input) }),
    },
  }],
  plugin: registerSampler,
});
