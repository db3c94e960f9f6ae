import { Col, Row, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import { useUserStore } from '../../store/user';
import { AreaCards } from './AreaCards';
import './dashboard.css';

/** The landing page: who is signed in, in which organisation, and the areas the server granted. */
export default function Dashboard() {
  const { t } = useTranslation();
  const info = useUserStore((s) => s.info);
  const name = useUserStore((s) => s.name);
  const isAdmin = useUserStore((s) => s.isAdmin);
  const lastLogin = info?.lastLoginAt
    ? t('dashboard.lastLoginFrom', { time: dayjs(info.lastLoginAt).format('YYYY-MM-DD HH:mm'), ip: info.lastLoginIp ?? '-' })
    : t('dashboard.lastLoginNever');

  return (
    <div className="gx-dashboard" data-testid="dashboard">
      <h2 className="gx-page-title gx-dashboard-welcome">
        {t('dashboard.welcome', { name })}
        {isAdmin && <Tag color="gold">{t('navbar.admin')}</Tag>}
      </h2>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Panel title={t('dashboard.organisation')}>{info?.org?.name ?? t('dashboard.noOrganisation')}</Panel>
        </Col>
        <Col xs={24} md={8}>
          <Panel title={t('dashboard.roles')}>
            {info?.roles.length ? info.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) : t('dashboard.noRoles')}
          </Panel>
        </Col>
        <Col xs={24} md={8}>
          <Panel title={t('dashboard.lastLogin')}>{lastLogin}</Panel>
        </Col>
      </Row>
      <AreaCards />
    </div>
  );
}
