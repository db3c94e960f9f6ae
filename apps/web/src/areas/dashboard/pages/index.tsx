import { Col, Row, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '../../../resources/fieldText';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/Panel';
import { useUserStore } from '../../../store/user';
import { AreaCards } from '../AreaCards';
import { NoOrganisation } from '../NoOrganisation';
import { useDashboardSummary } from '../api';
import { Overview } from '../Overview';
import '../dashboard.css';

/**
 * The landing page an operator opens every morning: who is signed in, the organisation's figures (devices and their
 * presence, commands, campaigns, work orders, suggestions, SMS — each as the user may read it, kept current by the
 * live stream), and the areas the server granted.
 */
export default function Dashboard() {
  const { t } = useTranslation();
  const info = useUserStore((s) => s.info);
  const name = useUserStore((s) => s.name);
  const isAdmin = useUserStore((s) => s.isAdmin);
  const summary = useDashboardSummary(Boolean(info?.org));
  const lastLogin = info?.lastLoginAt
    ? t('dashboard.lastLoginFrom', { time: dayjs(info.lastLoginAt).format(DATE_TIME_FORMAT), ip: info.lastLoginIp ?? '-' })
    : t('dashboard.lastLoginNever');

  return (
    <div className="gx-dashboard" data-testid="dashboard">
      <h2 className="gx-page-title gx-dashboard-welcome">
        {t('dashboard.welcome', { name })}
        {isAdmin && <Tag color="blue">{t('navbar.admin')}</Tag>}
      </h2>
      {info && !info.org && !isAdmin ? <NoOrganisation /> : null}
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
      {summary.data ? <Overview summary={summary.data} /> : summary.isLoading && <div className="gx-dash-wait"><Spin /></div>}
      <AreaCards />
    </div>
  );
}
