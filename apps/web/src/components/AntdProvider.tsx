import type { ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { SITE_COLOR } from '../config/constants';
import { useAppStore } from '../store/app';

/**
 * antd's theme (light/dark algorithm, site colour), locale and component size, from the app store. Only screens
 * built with antd mount it (the layout, the message host), so the login page ships without antd.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const theme = useAppStore((s) => s.theme);
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  return (
    <ConfigProvider
      locale={language === 'en' ? enUS : zhCN}
      componentSize={size}
      theme={{
        algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: SITE_COLOR, colorInfo: SITE_COLOR, colorLink: SITE_COLOR },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
