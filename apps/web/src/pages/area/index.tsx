import { useState } from 'react';
import { Alert, Empty, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '../../components/Panel';
import { usePageRoute } from '../../router/PageRouteContext';
import { AREA_PAGE_KEY } from '../../router/pageRegistry';
import { usePermissionStore } from '../../store/permission';
import './area.css';

/**
 * The overview of a menu entry's area: its title, its area and the area's other pages. It is the page of an entry
 * naming `area/index` (a section index an administrator added in Permissions), and of an entry whose component no
 * console page answers (every page the area manifests list has one; an added entry may name anything), where it
 * also says what is wrong and where to fix it. Everything shown comes from the user's menu.
 */
export default function AreaOverview() {
  const { t } = useTranslation();
  const route = usePageRoute();
  const routes = usePermissionStore((s) => s.routes);
  const [filter, setFilter] = useState('');
  if (!route) return null;

  const section = route.ancestors.at(-1);
  const needle = filter.trim().toLowerCase();
  const siblings = routes.filter(
    (r) => r.parentPath === route.parentPath && !r.meta.hidden && !r.redirect && (!needle || t(r.meta.title).toLowerCase().includes(needle)),
  );

  return (
    <div className="gx-area" data-testid="area-overview" data-path={route.path}>
      <h2 className="gx-page-title">{t(route.meta.title)}</h2>
      {section && <p className="gx-area-section">{t('area.inSection', { section: t(section.title) })}</p>}
      {/* An entry that names the overview itself is a section index by choice: nothing is wrong with it. */}
      {route.component !== AREA_PAGE_KEY && (
        <Alert
          type="warning"
          showIcon
          title={route.component ? t('area.unbound', { component: route.component }) : t('area.unboundEmpty')}
          data-testid="area-unbound"
        />
      )}
      <Panel
        title={t('area.siblings')}
        className="gx-area-card"
        extra={
          <Input
            size="small"
            allowClear
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={t('area.filter')}
            aria-label={t('area.filter')}
            className="gx-area-filter"
            data-testid="area-filter"
          />
        }
      >
        {siblings.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(needle ? 'area.noMatch' : 'area.noSiblings')} />
        ) : (
          <ul className="gx-area-pages">
            {siblings.map((r) => (
              <li key={r.path}>
                {r.path === route.path ? (
                  <span>
                    {t(r.meta.title)} <Tag color="processing">{t('area.current')}</Tag>
                  </span>
                ) : (
                  <Link to={r.path}>{t(r.meta.title)}</Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
