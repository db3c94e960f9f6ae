import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREEN_CHAT_ROUTE } from '@gx/contract';
import { LOGIN_PATH, NOT_FOUND_PATH } from '../config/constants';
import { usePermissionStore } from '../store/permission';
import { useUserStore } from '../store/user';
import { matchRoute } from './menuRoutes';

/** The site title: the domain's own title when it has one, else the product name. */
export function useSiteTitle(): string {
  const { t } = useTranslation();
  const homeTitle = useUserStore((s) => s.domaindata?.home_title);
  return homeTitle || t('common.appTitle');
}

/** Titles of the public pages that have no menu entry (their texts live with their area). */
const PUBLIC_TITLES: Record<string, string> = {
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

/** SPEC §2: `<translated route title> - <site title>`; follows language switches. */
export function useDocumentTitle(pathname: string): void {
  const { t } = useTranslation();
  const site = useSiteTitle();
  const routes = usePermissionStore((s) => s.routes);
  const key =
    pathname === LOGIN_PATH ? 'route.login' : pathname === NOT_FOUND_PATH ? 'route.notFound'
      : pathname.startsWith(`${SCREEN_CHAT_ROUTE}/`) ? 'screenChat.title' : PUBLIC_TITLES[pathname] ?? matchRoute(routes, pathname)?.meta.title;
  const title = key ? t(key) : '';
  useEffect(() => {
    document.title = title ? `${title} - ${site}` : site;
  }, [title, site]);
}
