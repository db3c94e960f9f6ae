import { useMemo } from 'react';
import { Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '../../components/Panel';
import { buildMenuTree, type MenuEntry } from '../../layout/Sidebar/menuTree';
import { MenuIcon } from '../../layout/Sidebar/menuIcons';
import { usePermissionStore } from '../../store/permission';

function leaves(entry: MenuEntry): MenuEntry[] {
  return entry.children ? entry.children.flatMap(leaves) : [entry];
}

/** One card per area of the user's menu, linking to its pages. */
export function AreaCards() {
  const { t } = useTranslation();
  const menus = usePermissionStore((s) => s.menus);
  const areas = useMemo(() => buildMenuTree(menus), [menus]);

  return (
    <section className="gx-dashboard-areas">
      <h3 className="gx-dashboard-areas-title">{t('dashboard.areas')}</h3>
      {areas.length === 0 ? (
        <Empty description={t('dashboard.areasEmpty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {areas.map((area) => {
            const pages = leaves(area);
            return (
              <Col key={area.key} xs={24} sm={12} lg={8} xl={6}>
                <Panel
                  title={
                    <span className="gx-area-title">
                      <MenuIcon name={area.icon} /> {t(area.title)}
                    </span>
                  }
                  extra={t('dashboard.pageCount', { count: pages.length })}
                >
                  <ul className="gx-area-links">
                    {pages.map((p) => (
                      <li key={p.key}>
                        {p.external ? (
                          <a href={p.key} target="_blank" rel="noopener noreferrer">
                            {t(p.title)}
                          </a>
                        ) : (
                          <Link to={p.key}>{t(p.title)}</Link>
                        )}
                      </li>
                    ))}
                  </ul>
                </Panel>
              </Col>
            );
          })}
        </Row>
      )}
    </section>
  );
}
