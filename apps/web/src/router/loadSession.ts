import { fetchMenu, fetchUserInfo } from '../api/session';
import { Cookies } from '../config/constants';
import { useAppStore } from '../store/app';
import { usePermissionStore } from '../store/permission';
import { useUserStore } from '../store/user';
import { getCookie } from '../utils/cookie';

let inflight: Promise<void> | null = null;

/**
 * First navigation with a token: fetch user info and the menu tree together, register the routes, then mark the
 * user loaded (routes first, so the repeated navigation finds them). Concurrent callers share one load.
 */
export function loadSession(): Promise<void> {
  inflight ??= (async () => {
    const [info, menus] = await Promise.all([fetchUserInfo(), fetchMenu()]);
    usePermissionStore.getState().setMenus(Array.isArray(menus) ? menus : []);
    useUserStore.getState().setInfo(info);
    // The theme this browser remembers wins; otherwise the one saved on the server applies (SPEC §4 Theme).
    if (!getCookie(Cookies.theme) && (info.theme === 'dark' || info.theme === 'light')) {
      useAppStore.setState({ theme: info.theme });
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}
