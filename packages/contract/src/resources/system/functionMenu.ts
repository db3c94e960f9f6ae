/**
 * `/admin/system/function_menu`: the function catalogue a role can grant: the menu tree with each page's buttons.
 * The role editor's `grantTree` widget reads it (method `tree`); it lists only what the caller's organisation may
 * grant (platform pages are granted within the platform organisation only).
 */
export const FUNCTION_MENU_PATH = '/admin/system/function_menu';

export interface GrantTreeButton {
  id: number;
  key: string;
  /** A translation key (`perm.<key>`) or a plain title. */
  title: string;
}

export interface GrantTreeNode {
  id: number;
  name: string;
  /** Translation key of the menu title. */
  title: string;
  buttons: GrantTreeButton[];
  children: GrantTreeNode[];
}

export interface GrantTree {
  menus: GrantTreeNode[];
  /** Buttons not attached to any menu. */
  other: GrantTreeButton[];
}
