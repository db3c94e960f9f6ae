import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DASHBOARD_PATH } from '../../config/constants';
import { useCurrentRoute } from '../useCurrentRoute';

/** Dashboard first, then the enclosing sections and the current page (SPEC §2 Navbar). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const onDashboard = !route || route.path === DASHBOARD_PATH;
  const items = [
    { key: DASHBOARD_PATH, title: onDashboard ? t('route.dashboard') : <Link to={DASHBOARD_PATH}>{t('route.dashboard')}</Link> },
    ...(onDashboard
      ? []
      : [...route.ancestors, { title: route.meta.title, path: route.path }].map((c) => ({ key: c.path, title: t(c.title) }))),
  ];
  return <Breadcrumb className="gx-breadcrumb" items={items} data-testid="breadcrumb" />;
}
