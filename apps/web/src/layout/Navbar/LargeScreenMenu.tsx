import { Button, Dropdown } from 'antd';
import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The standalone dashboards (SPEC §2): public routes, opened in their own tab so they can run full screen. */
const SCREENS = [
  { key: 'bigData', path: '/screenhome' },
  { key: 'tvScreen', path: '/tvscreenhome' },
] as const;

export function LargeScreenMenu() {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: SCREENS.map((s) => ({
          key: s.key,
          label: (
            <a href={s.path} target="_blank" rel="noopener noreferrer" data-testid={`large-screen-${s.key}`}>
              {t(`navbar.${s.key}`)}
            </a>
          ),
        })),
      }}
    >
      <Button
        type="text"
        className="gx-navbar-button"
        icon={<FundProjectionScreenOutlined />}
        aria-label={t('navbar.largeScreen')}
        data-testid="large-screen-menu"
      />
    </Dropdown>
  );
}
