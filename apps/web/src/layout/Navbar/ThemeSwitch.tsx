import { Button, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../store/app';

/** Light ↔ dark (SPEC §4 Theme); antd's dark algorithm does the rest. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip title={t(`common.theme.${next}`)}>
      <Button
        type="text"
        className="gx-navbar-button"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        aria-label={t('common.theme.toggle')}
        data-testid="theme-switch"
        onClick={() => setTheme(next)}
      />
    </Tooltip>
  );
}
