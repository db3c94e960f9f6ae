import { z } from 'zod';
import { SCREEN_METHODS, SCREEN_SUMMARY_PATH, monitorArea as manifest, type ScreenKind } from '@gx/contract';
import { defineServerArea } from '../../http/area';
import { method, type EndpointSpec } from '../../http/endpoint';
import { largeChatSummary } from './largeChat';
import { screenLinkSummaryEndpoint, type ScreenSummaries } from './screenLink';
import { bigScreenSummary, sdwanSummary } from './summary';
import { programmeEndpoint, screenRenderEndpoint, screenTemplateEndpoint, weatherEndpoint } from './studio';

const empty = z.object({ method: z.string().optional() }).strict();

/** Each big screen's summary of an organisation. */
const SUMMARIES: ScreenSummaries = { bigdata: bigScreenSummary, tv: bigScreenSummary, sdwan: sdwanSummary, largechat: largeChatSummary };

/** One read-only summary call per big screen, scoped to the caller's current organisation. */
export const screenSummaryEndpoint: EndpointSpec = {
  path: SCREEN_SUMMARY_PATH,
  methods: Object.fromEntries((Object.keys(SCREEN_METHODS) as ScreenKind[]).map((kind) => [kind, method({
    access: SCREEN_METHODS[kind], body: empty, readOnly: true, handler: (ctx) => SUMMARIES[kind](ctx.db, ctx.orgId(), ctx.services.now()),
  })])),
};

/**
 * SPEC §2 monitor: the standalone big screens `/screenhome`, `/tvscreenhome`, `/SD_WAN_Largescreen` and `/largechat`
 * (console routes outside the layout); their data is one summary call each, kept current by the live stream, or on a
 * display nobody signs in on, through a display link (screenLink.ts). Also the screen
 * templates, programmes and the public render of issue 16 point 5 (studio.ts).
 */
export const monitorServerArea = defineServerArea({
  key: 'monitor', manifest,
  endpoints: [screenSummaryEndpoint, screenLinkSummaryEndpoint(SUMMARIES), screenTemplateEndpoint, programmeEndpoint, screenRenderEndpoint, weatherEndpoint],
});
