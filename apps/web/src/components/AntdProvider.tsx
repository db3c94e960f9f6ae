import type { ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { SITE_COLOR } from '../config/constants';
import { useAppStore } from '../store/app';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';
import { antdStylesReady } from './antdStyles';

// antd's build-time styles apply before anything here renders antd (components/antdStyles.ts).
await antdStylesReady;

const LIGHT_TEXT = { colorTextDescription: 'rgba(0, 0, 0, 0.62)', colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)', colorError: '#cf1322' };
const DARK_LINK = '#7cb8d8';
const DARK_TEXT = { colorTextDescription: 'rgba(255, 255, 255, 0.62)', colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)', colorError: '#ff7875', colorLink: DARK_LINK };
/**
 * Text drawn in the site colour on a dark surface (a selected tab's title) is too dark to read (WCAG AA wants
 * 4.5:1): dark mode writes it in the light shade links use, and keeps the site colour for fills.
 */
/**
 * A table's empty-state text is information ("no templates yet"), not a disabled control: antd draws it in the
 * disabled colour, below AA contrast, so tables read it in the secondary-text colour. (A list's ignores the override:
 * a list passes its empty text as secondary text itself.)
 */
const emptyText = (text: { colorTextDescription: string }) => ({ colorTextDisabled: text.colorTextDescription });
const LIGHT_COMPONENTS = { Table: emptyText(LIGHT_TEXT) };
const DARK_COMPONENTS = {
  Tabs: { itemSelectedColor: DARK_LINK, itemActiveColor: DARK_LINK, itemHoverColor: '#a3cfe6' },
  Table: emptyText(DARK_TEXT),
};

/**
 * antd's theme (light/dark algorithm, site colour, motion unless the system asks for less), locale and component
 * size, from the app store. Only screens built with antd mount it (the layout, the message host), so the login page
 * ships without antd.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const theme = useAppStore((s) => s.theme);
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const still = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={language === 'en' ? enUS : zhCN}
      componentSize={size}
      theme={{
        algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        // Secondary and placeholder text dark enough for WCAG AA contrast (axe runs over every page in the e2e suite).
        token: { motion: !still, fontFamily: 'var(--gx-font)', colorPrimary: SITE_COLOR, colorInfo: SITE_COLOR, colorLink: SITE_COLOR, ...(theme === 'dark' ? DARK_TEXT : LIGHT_TEXT) },
        components: theme === 'dark' ? DARK_COMPONENTS : LIGHT_COMPONENTS,
      }}
    >
      {children}
    </ConfigProvider>
  );
}
