import { z } from 'zod';
import { closedObject } from '../resources/schemas';
import { zLinkToken } from '../device/transferLink';
import { SCREEN_METHODS, type ScreenKind } from './summary';

/**
 * Display links (`monitor.screen_link`): a wall display or a lobby TV shows a big screen without anyone signed in on
 * it — the screen's route with `?key=<token>`, which answers that screen's summary of the link's organisation and
 * nothing else, until the link is revoked or expires. A kiosk cannot be signed in for ever, nor should a password
 * sit in its browser (Grafana's public dashboards, Metabase's public links work the same way).
 */
export const SCREEN_ROUTES: Record<ScreenKind, string> = {
  bigdata: '/screenhome', tv: '/tvscreenhome', sdwan: '/SD_WAN_Largescreen', largechat: '/largechat',
};

/** `POST /v3/screen/summary` (public): a screen's summary through a display link; methods are the screens. */
export const SCREEN_LINK_SUMMARY_PATH = '/screen/summary';

export const screenLinkSummaryBody = closedObject({
  method: z.enum(Object.keys(SCREEN_METHODS) as [ScreenKind, ...ScreenKind[]]),
  key: zLinkToken,
});

/** How often a screen opened by a display link asks for its summary again (it has no live stream). */
export const SCREEN_LINK_REFRESH_MS = 30_000;

/** The address a display opens for a link's token. */
export function screenLinkUrl(origin: string, screen: ScreenKind, token: string): string {
  return `${origin}${SCREEN_ROUTES[screen]}?key=${encodeURIComponent(token)}`;
}
