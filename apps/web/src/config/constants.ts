/** Business constants of the console (SPEC §9). One place, so a reviewer can check them against the spec. */

export const SITE_COLOR = '#2b6583';
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;
/** Below this width the device is mobile (SPEC §2 Responsive). */
export const MOBILE_BREAKPOINT = 992;
export const BADGE_CAP = 99;
export const BUTTON_DEBOUNCE_MS = 800;
export const NOTIFICATION_CAROUSEL_MS = 5000;

/** Menu search (SPEC §9): fuzzy threshold and key weights. */
export const MENU_SEARCH = { threshold: 0.4, titleWeight: 0.7, pathWeight: 0.3 } as const;

export const DASHBOARD_PATH = '/dashboard';
export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
export const NOT_FOUND_PATH = '/404';
/** SPEC's public `/permission` route: the 403 page for a declared page the user was not granted. */
export const FORBIDDEN_PATH = '/permission';
export const REDIRECT_PREFIX = '/redirect';
/** WeChat returns here after a QR scan (SPEC §2). */
export const WXLOGIN_PATH = '/wxlogin';

/** Cookie names (SPEC §4). The token cookie name comes from the contract. */
export const Cookies = {
  sidebarStatus: 'sidebarStatus',
  language: 'language',
  theme: 'theme',
  size: 'size',
} as const;

/** Session-storage keys cleared on logout (SPEC §4). */
export const SessionKeys = {
  visitedViews: 'gx-tags-view',
  organisationId: 'gx-org-id',
} as const;
