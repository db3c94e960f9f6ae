import { create } from 'zustand';
import { TOKEN_COOKIE, type PublicDomainConfig, type UserInfo } from '@gx/contract';
import { fetchDomainConfig } from '../api/session';
import { getCookie, removeCookie, setCookie } from '../utils/cookie';

/** Session user state (SPEC §3). The token lives in the `gx-token` cookie; the rest is loaded by the route guard. */
export interface UserState {
  token: string;
  /** True once user info and menus are loaded for the current token. */
  loaded: boolean;
  info: UserInfo | null;
  name: string;
  avatar: string;
  roles: UserInfo['roles'];
  btnlist: string[];
  isAdmin: boolean;
  domaindata: PublicDomainConfig | null;
  domainStatus: 'idle' | 'loading' | 'ready' | 'failed';
  setToken: (token: string, expiresAt?: string) => void;
  setInfo: (info: UserInfo) => void;
  /** Forget the session: cookie and loaded user (SPEC §4). */
  resetToken: () => void;
  loadDomainConfig: () => Promise<void>;
}

const anonymous = { loaded: false, info: null, name: '', avatar: '', roles: [], btnlist: [], isAdmin: false } as const;

export const useUserStore = create<UserState>()((set, get) => ({
  token: getCookie(TOKEN_COOKIE) ?? '',
  ...anonymous,
  roles: [],
  btnlist: [],
  domaindata: null,
  domainStatus: 'idle',
  setToken: (token, expiresAt) => {
    const expires = expiresAt ? new Date(expiresAt) : undefined;
    setCookie(TOKEN_COOKIE, token, expires && !Number.isNaN(expires.getTime()) ? { expires } : {});
    set({ token });
  },
  setInfo: (info) =>
    set({
      loaded: true,
      info,
      name: info.name || info.username,
      avatar: info.avatar,
      roles: info.roles,
      btnlist: info.btnlist,
      isAdmin: info.isAdmin,
    }),
  resetToken: () => {
    removeCookie(TOKEN_COOKIE);
    set({ token: '', ...anonymous, roles: [], btnlist: [] });
  },
  loadDomainConfig: async () => {
    if (get().domainStatus === 'loading' || get().domainStatus === 'ready') return;
    set({ domainStatus: 'loading' });
    try {
      set({ domaindata: await fetchDomainConfig(), domainStatus: 'ready' });
    } catch {
      set({ domainStatus: 'failed' });
    }
  },
}));
