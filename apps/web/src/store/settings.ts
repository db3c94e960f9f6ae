import { create } from 'zustand';

/** Layout switches with the defaults of SPEC §9 (tags view on, fixed header off, sidebar logo on, progress on). */
export interface SettingsState {
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  showProgress: boolean;
  set: (patch: Partial<Omit<SettingsState, 'set'>>) => void;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  showProgress: true,
  set: (patch) => set(patch),
}));
