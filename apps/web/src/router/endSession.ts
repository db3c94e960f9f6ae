import { TOKEN_COOKIE } from '@gx/contract';
import { leavingSession } from '../api/request';
import { logout } from '../api/session';
import { removeCookie } from '../utils/cookie';
import { clearAllStorage } from '../utils/storage';
import { loginRedirect } from './decide';

/**
 * Log out (SPEC §4): tell the server, drop the token cookie, session and local storage, then reload on the login
 * page, which also resets the router and every store. The server call may fail; the local session ends anyway.
 */
export async function endSession(): Promise<void> {
  leavingSession();
  try {
    await logout();
  } catch {
    // Already reported or irrelevant: the user asked to leave.
  }
  removeCookie(TOKEN_COOKIE);
  clearAllStorage();
  location.replace(loginRedirect(`${location.pathname}${location.search}`));
}
