import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissionStore } from '../store/permission';
import { useUserStore } from '../store/user';
import { titleKeyOf } from './titleKey';

/** The site title: the domain's own title when it has one, else the product name. */
export function useSiteTitle(): string {
  const { t } = useTranslation();
  const homeTitle = useUserStore((s) => s.domaindata?.home_title);
  return homeTitle || t('common.appTitle');
}

/** SPEC §2: `<translated route title> - <site title>`; follows language switches. */
export function useDocumentTitle(pathname: string): void {
  const { t } = useTranslation();
  const site = useSiteTitle();
  const routes = usePermissionStore((s) => s.routes);
  const key = titleKeyOf(pathname, routes);
  const title = key ? t(key) : '';
  useEffect(() => {
    document.title = title ? `${title} - ${site}` : site;
  }, [title, site]);
}
