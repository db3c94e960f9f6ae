import { z } from 'zod';
import { zMd5 } from './validators';

export const TOKEN_COOKIE = 'gx-token';
export const CAPTCHA_COOKIE = 'gx-captcha';
/** Users with an id at or below this are platform administrators (SPEC §6, §9). */
export const ADMIN_ID_MAX = 3;
export function isPlatformAdmin(userId: number): boolean {
  return userId > 0 && userId <= ADMIN_ID_MAX;
}

export const loginBody = z.object({
  username: z.string().trim().min(1, 'validation.usernameRequired').max(64),
  password: zMd5,
  code: z.string().trim().max(16).optional().default(''),
});
export type LoginBody = z.input<typeof loginBody>;

export interface LoginAnswer {
  token: string;
  expiresAt: string;
}

export type Theme = 'light' | 'dark';

/** What the console loads on first navigation (SPEC §3 session user state). */
export interface UserInfo {
  id: number;
  username: string;
  name: string;
  avatar: string;
  roles: { id: number; name: string }[];
  /** Button permission keys granted in the current organisation. */
  btnlist: string[];
  isAdmin: boolean;
  theme: Theme;
  org: { id: number; name: string } | null;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
}

/** A node of the route tree the server grants (SPEC §3 menu/route entry). */
export interface MenuNode {
  id: number;
  path: string;
  name: string;
  /** i18n key of the title, e.g. `route.system.user`. */
  title: string;
  icon: string;
  hidden: boolean;
  redirect: string;
  noCache: boolean;
  affix: boolean;
  /** Key in the console's page registry; empty for a pure section. */
  component: string;
  /** External link opened in a new tab. */
  external: boolean;
  children: MenuNode[];
}
