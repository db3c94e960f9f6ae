import {
  API_PREFIX,
  Api,
  md5,
  type LoginAnswer,
  type MenuNode,
  type PublicDomainConfig,
  type UserInfo,
  type WechatLoginUrl,
} from '@gx/contract';
import { request, requestData } from './request';

/** Calls of the login and session area (`/admin/index/*`). */

/** The captcha is an image the browser fetches itself; a timestamp defeats caching so each call is a new challenge. */
export function captchaUrl(): string {
  return `${API_PREFIX}${Api.index.captcha}?t=${Date.now()}`;
}

/** Public branding and login options; silent so a failure never blocks the login page. */
export function fetchDomainConfig(): Promise<PublicDomainConfig> {
  return requestData<PublicDomainConfig>(Api.index.domainConfig, {}, { silent: true, loading: false });
}

export interface LoginForm {
  username: string;
  password: string;
  code?: string;
}

/** SPEC §5: the username is trimmed and the password leaves the browser only as its MD5. */
export async function login(form: LoginForm): Promise<LoginAnswer> {
  const env = await request<LoginAnswer>(Api.index.login, {
    username: form.username.trim(),
    password: md5(form.password),
    code: (form.code ?? '').trim(),
  });
  const token = env.data?.token ?? (env as { token?: string }).token ?? '';
  return { token, expiresAt: env.data?.expiresAt ?? '' };
}

/** Where to scan for signing in with WeChat; WeChat then returns to /wxlogin with a code and the state. */
export async function wechatLoginUrl(): Promise<string> {
  return (await requestData<WechatLoginUrl>(Api.index.exchangeAuth, { method: 'url' }, { loading: false })).url;
}

export function logout(): Promise<unknown> {
  return request(Api.index.logout, {}, { silent: true });
}

/** The route guard reports a failed session load and clears the token itself (SPEC §2), so these stay quiet. */
const SESSION_LOAD = { loading: false, silent: true, resetOnSessionEnd: false } as const;

export function fetchUserInfo(): Promise<UserInfo> {
  return requestData<UserInfo>(Api.index.info, {}, SESSION_LOAD);
}

export function fetchMenu(): Promise<MenuNode[]> {
  return requestData<MenuNode[]>(Api.index.menu, {}, SESSION_LOAD);
}
