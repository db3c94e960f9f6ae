import { LOGIN_PATH, REGISTER_PATH } from '../config/constants';
import { safeRedirect } from '../utils/safeRedirect';
import { isPublicPath } from './publicRoutes';

/** The route guard's decision (SPEC §2 Route guard), a pure function of the path and the session state. */
export interface GuardState {
  hasToken: boolean;
  /** User info and menus are loaded for this token. */
  userLoaded: boolean;
}

export type Decision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string }
  /** Fetch user info and menus, register the routes, then decide the same navigation again. */
  | { action: 'load' };

export function pathnameOf(fullPath: string): string {
  const end = fullPath.search(/[?#]/);
  return end === -1 ? fullPath : fullPath.slice(0, end);
}

export function loginRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/** The `redirect` query of a /login URL, when it names a safe same-site path; else `/`. */
export function redirectTarget(fullPath: string): string {
  const query = fullPath.indexOf('?');
  if (query === -1) return '/';
  const search = fullPath.slice(query + 1).split('#')[0] ?? '';
  return safeRedirect(new URLSearchParams(search).get('redirect'));
}

/**
 * A logged-in user on /login is sent on: to `/` (SPEC §2), or to where the login page was asked to return. Login
 * itself only stores the token and lets this rule move on, so there is one place that decides where to go.
 */
export function decide(fullPath: string, state: GuardState): Decision {
  const pathname = pathnameOf(fullPath);
  if (state.hasToken) {
    if (pathname === LOGIN_PATH) return { action: 'redirect', to: redirectTarget(fullPath) };
    // Someone signed in has an account already: registering another from this browser is not what they came for.
    if (pathname === REGISTER_PATH) return { action: 'redirect', to: '/' };
    return state.userLoaded ? { action: 'allow' } : { action: 'load' };
  }
  if (isPublicPath(pathname)) return { action: 'allow' };
  return { action: 'redirect', to: loginRedirect(fullPath) };
}
