import { z } from 'zod';
import { SCREEN_METHODS, SCREEN_SUMMARY_PATH, monitorArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import { method, type EndpointSpec } from '../../http/endpoint';
import { largeChatSummary } from './largeChat';
import { bigScreenSummary, sdwanSummary } from './summary';
import { programmeEndpoint, screenRenderEndpoint, screenTemplateEndpoint, weatherEndpoint } from './studio';

const empty = z.object({ method: z.string().optional() }).strict();

/** One read-only summary call per big screen, scoped to the caller's current organisation. */
export const screenSummaryEndpoint: EndpointSpec = {
  path: SCREEN_SUMMARY_PATH,
  methods: {
    bigdata: method({ access: SCREEN_METHODS.bigdata, body: empty, readOnly: true, handler: (ctx) => bigScreenSummary(ctx.db, ctx.orgId(), ctx.services.now()) }),
    tv: method({ access: SCREEN_METHODS.tv, body: empty, readOnly: true, handler: (ctx) => bigScreenSummary(ctx.db, ctx.orgId(), ctx.services.now()) }),
    sdwan: method({ access: SCREEN_METHODS.sdwan, body: empty, readOnly: true, handler: (ctx) => sdwanSummary(ctx.db, ctx.orgId(), ctx.services.now()) }),
    largechat: method({
      access: SCREEN_METHODS.largechat, body: empty, readOnly: true, handler: (ctx) => largeChatSummary(ctx.db, ctx.orgId(), ctx.services.now()),
    }),
  },
};

/**
 * SPEC §2 monitor: the standalone big screens `/screenhome`, `/tvscreenhome`, `/SD_WAN_Largescreen` and `/largechat`
 * (console routes outside the layout); their data is one summary call each, kept current by the live stream. Also the screen
 * templates, programmes and the public render of issue 16 point 5 (studio.ts).
 */
export const monitorServerArea = defineServerArea({
  key: 'monitor', manifest, endpoints: [screenSummaryEndpoint, screenTemplateEndpoint, programmeEndpoint, screenRenderEndpoint, weatherEndpoint],
});
