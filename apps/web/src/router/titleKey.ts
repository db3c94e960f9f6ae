import { SCREEN_CHAT_ROUTE, SCREEN_RENDER_ROUTE } from '@gx/contract';
import { FORBIDDEN_PATH, LOGIN_PATH, NOT_FOUND_PATH } from '../config/constants';
import { matchRoute } from './menuRoutes';
import type { AppRoute } from './types';

/** Titles of the pages that have no menu entry (their texts live with their area). */
const PUBLIC_TITLES: Record<string, string> = {
  [LOGIN_PATH]: 'route.login',
  [NOT_FOUND_PATH]: 'route.notFound',
  [FORBIDDEN_PATH]: 'route.forbidden',
  '/wxlogin': 'route.wxlogin',
  '/inquiry': 'portal.inquiry.title',
  '/agents': 'portal.agents.title',
  '/workOrder': 'portal.workOrder.pageTitle',
  '/privacypolicy': 'portal.privacy.pageTitle',
  '/mqttDemo': 'portal.mqttDemo.pageTitle',
  '/appDownload': 'portal.appDownload.pageTitle',
  '/authorizedtoreceive': 'device.receive.pageTitle',
  '/ProjectCollaboration': 'business.collaboration.pageTitle',
  // The standalone screens open in a tab of their own, which never loads the menus their titles would come from.
  '/screenhome': 'route.monitor.bigdata',
  '/tvscreenhome': 'route.monitor.tv',
  '/SD_WAN_Largescreen': 'route.monitor.sdwan',
  '/largechat': 'route.monitor.largechat',
  '/register': 'register.title',
  '/wxbindpage': 'wxlogin.bind.title',
};

/** Pages whose path carries a token after the prefix. */
const PREFIX_TITLES: [string, string][] = [
  [`${SCREEN_CHAT_ROUTE}/`, 'screenChat.title'],
  [`${SCREEN_RENDER_ROUTE}/`, 'route.screenRender'],
];

/** The translation key of a page's title: a page outside the menus by its path, a console page by its route. */
export function titleKeyOf(pathname: string, routes: readonly AppRoute[]): string | undefined {
  return PUBLIC_TITLES[pathname] ?? PREFIX_TITLES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? matchRoute(routes, pathname)?.meta.title;
}
