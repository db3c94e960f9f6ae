import { create } from 'zustand';
import type { MenuNode } from '@gx/contract';
import { menusToRoutes, withDashboard } from '../router/menuRoutes';
import type { AppRoute } from '../router/types';

/** The menus the server granted and the routes registered from them (SPEC §2, DESIGN §4). */
export interface PermissionState {
  menus: MenuNode[];
  routes: AppRoute[];
  setMenus: (menus: MenuNode[]) => void;
  reset: () => void;
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  menus: [],
  routes: [],
  setMenus: (menus) => set({ menus, routes: withDashboard(menusToRoutes(menus)) }),
  reset: () => set({ menus: [], routes: [] }),
}));
