import { create } from 'zustand';
import type { Lang, Theme } from '@gx/contract';
import { Cookies } from '../config/constants';
import { applyLanguage, initialLanguage } from '../locales';
import { getCookie, PREFERENCE_DAYS, setCookie } from '../utils/cookie';

export type Device = 'desktop' | 'mobile';
/** antd's component sizes; SPEC §9 "medium" is antd's `middle`. */
export type Size = 'small' | 'middle' | 'large';

export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  language: Lang;
  theme: Theme;
  size: Size;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
  setDevice: (device: Device) => void;
  setLanguage: (language: Lang) => void;
  setTheme: (theme: Theme) => void;
  setSize: (size: Size) => void;
}

const keep = (name: string, value: string) => setCookie(name, value, { days: PREFERENCE_DAYS });

function initialTheme(): Theme {
  return getCookie(Cookies.theme) === 'dark' ? 'dark' : 'light';
}

function initialSize(): Size {
  const v = getCookie(Cookies.size);
  return v === 'small' || v === 'large' ? v : 'middle';
}

/** `<html data-theme>` drives the console's own CSS (styles/index.css); antd follows through AntdProvider. */
function applyThemeToDocument(theme: Theme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export const useAppStore = create<AppState>()((set, get) => ({
  // The sidebar is open unless the cookie remembers it closed (SPEC §4: 1 open, 0 closed).
  sidebar: { opened: getCookie(Cookies.sidebarStatus) !== '0', withoutAnimation: false },
  device: 'desktop',
  language: initialLanguage(),
  theme: initialTheme(),
  size: initialSize(),
  toggleSidebar: () => {
    const opened = !get().sidebar.opened;
    keep(Cookies.sidebarStatus, opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSidebar: (withoutAnimation) => {
    keep(Cookies.sidebarStatus, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  setDevice: (device) => set({ device }),
  setLanguage: (language) => {
    keep(Cookies.language, language);
    // The console (antd's own texts, dates) switches with the texts, once they are loaded.
    void applyLanguage(language).then(() => set({ language }));
  },
  setTheme: (theme) => {
    keep(Cookies.theme, theme);
    set({ theme });
  },
  setSize: (size) => {
    keep(Cookies.size, size);
    set({ size });
  },
}));

applyThemeToDocument(useAppStore.getState().theme);
useAppStore.subscribe((state, previous) => {
  if (state.theme !== previous.theme) applyThemeToDocument(state.theme);
});
