import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveTheme } from '../../areas/profile/api/profile';
import { useAppStore } from '../../store/app';

/** Light ↔ dark (SPEC §4 Theme): saved on the server first, then applied; antd's dark algorithm does the rest. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  const [saving, setSaving] = useState(false);
  const next = theme === 'dark' ? 'light' : 'dark';
  const toggle = async () => {
    setSaving(true);
    try {
      await saveTheme(next);
      setTheme(next);
    } catch {
      // The request wrapper reported it; the theme stays as it was, matching the server.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Tooltip title={t(`common.theme.${next}`)}>
      <Button
        type="text"
        className="gx-navbar-button"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        aria-label={t('common.theme.toggle')}
        data-testid="theme-switch"
        data-theme={theme}
        disabled={saving}
        onClick={() => void toggle()}
      />
    </Tooltip>
  );
}
