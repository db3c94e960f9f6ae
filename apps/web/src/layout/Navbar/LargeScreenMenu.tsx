import { Button, Dropdown } from 'antd';
import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@gx/contract';
import { usePermissionStore } from '../../store/permission';

/**
 * The standalone dashboards (SPEC §2): public routes, opened in their own tab so they can run full screen. They are
 * the monitor area's pages, so each shows only when the user's menus grant it, and the button not at all without one.
 */
const SCREENS = [
  { key: 'bigData', path: '/screenhome' },
  { key: 'tvScreen', path: '/tvscreenhome' },
  { key: 'sdwanScreen', path: '/SD_WAN_Largescreen' },
  { key: 'largeChat', path: '/largechat' },
] as const;

const pathsOf = (nodes: readonly MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...pathsOf(n.children ?? [])]);

export function LargeScreenMenu() {
  const { t } = useTranslation();
  const menus = usePermissionStore((s) => s.menus);
  const granted = useMemo(() => {
    const paths = new Set(pathsOf(menus));
    return SCREENS.filter((s) => paths.has(s.path));
  }, [menus]);
  if (!granted.length) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: granted.map((s) => ({
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
