import type { Browser, BrowserContext, Page } from 'playwright-core';
import { md5 } from '@gx/contract';
import { callApi, ok, signInToken } from '../support/api';
import { untilStill } from '../support/conditions';

/**
 * Helpers of the shell's browser tests (issue 3). Test data is made through the real API, as an administrator
 * would make it; the browser then signs in with a token cookie, as after a login.
 */

/** A custom-domain host: every test browser resolves it to the loopback server, which sees `Host: brand.test:<port>`. */
export { BRAND_HOST } from '../support/browser';
export const USER_PASSWORD = 'User@12345';

export type Lang = 'zh_CN' | 'en';
export type Theme = 'light' | 'dark';

export const api = callApi;

export { ok } from '../support/api';

export const signIn = (base: string, username: string, password: string) => signInToken(base, username, password);

export const adminToken = (base: string) => signInToken(base);

export interface NewUser {
  username: string;
  nickname?: string;
  cellphone?: string;
}

/** An ordinary account in the administrator's current organisation, signed in once. */
export async function createUser(base: string, admin: string, u: NewUser): Promise<{ id: number; token: string }> {
  const created = await ok<{ id: number }>(base, '/admin/system/user', {
    method: 'add', username: u.username, password: md5(USER_PASSWORD), nickname: u.nickname ?? '', cellphone: u.cellphone ?? '',
  }, admin);
  return { id: created.id, token: await signIn(base, u.username, USER_PASSWORD) };
}

export interface Publication {
  kind: 'notice' | 'inform';
  title: string;
  content?: string;
  audience?: 'all' | 'orgs' | 'users';
  targets?: number[];
}

/** An administrator writes an announcement or notification and publishes it. */
export async function publish(base: string, admin: string, p: Publication): Promise<number> {
  const row = await ok<{ id: number }>(base, '/admin/notification/content', {
    method: 'add', kind: p.kind, title: p.title, content: p.content ?? '', audience: p.audience ?? 'all', targets: p.targets ?? [],
  }, admin);
  await ok(base, '/admin/notification/operation', { method: 'publish', id: row.id }, admin);
  return row.id;
}

export interface ConsoleOptions {
  width?: number;
  height?: number;
  language?: Lang;
  theme?: Theme;
  /** Open the console on this host (e.g. BRAND_HOST) instead of 127.0.0.1. */
  host?: string;
  path?: string;
  /** The console's service worker, which test browsers block unless told (`launchBrowser`). */
  serviceWorkers?: 'allow' | 'block';
  /** The page's clock is Playwright's (`page.clock`), running on its own until the test pauses and moves it. */
  clock?: boolean;
}

/** The console's origin for `host`, on the test server's port. */
export function originOf(base: string, host?: string): string {
  if (!host) return base;
  const u = new URL(base);
  u.hostname = host;
  return u.origin;
}

/**
 * A browser context signed in with `token` (the gx-token cookie, as a login leaves it) and the given language and
 * theme cookies, showing `path` (default /dashboard) once the layout has rendered.
 */
export async function openConsole(browser: Browser, base: string, token: string, o: ConsoleOptions = {}): Promise<{ context: BrowserContext; page: Page; origin: string }> {
  const origin = originOf(base, o.host);
  const context = await browser.newContext({
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
    locale: o.language === 'en' ? 'en-US' : 'zh-CN',
    ...(o.serviceWorkers ? { serviceWorkers: o.serviceWorkers } : {}),
  });
  const cookies = [{ name: 'gx-token', value: token, url: origin }];
  if (o.language) cookies.push({ name: 'language', value: o.language, url: origin });
  if (o.theme) cookies.push({ name: 'theme', value: o.theme, url: origin });
  await context.addCookies(cookies);
  if (o.clock) await context.clock.install();
  const page = await context.newPage();
  await page.goto(`${origin}${o.path ?? '/dashboard'}`);
  await page.getByTestId('layout').waitFor();
  return { context, page, origin };
}

/** The toast currently shown (antd message). */
export function toastText(page: Page) {
  return page.locator('.ant-message-notice');
}

/** A toast saying exactly `text` (the previous toast may still be fading out beside it). */
export function toastWith(page: Page, text: string | RegExp) {
  const exact = typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text;
  return page.locator('.ant-message-notice').filter({ hasText: exact });
}

/** Texts of a language, for assertions that hold in both. */
export function pick<T>(lang: Lang, zh: T, en: T): T {
  return lang === 'en' ? en : zh;
}

/** A 1×1 PNG, and a GIF that only claims to be a PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * A menu section of plain pages, added as an administrator adds menus. Its pages open the area overview, which the
 * shell owns, so tab and keep-alive tests do not depend on how other areas' pages look. Titles are plain text.
 */
export const LAB = {
  section: '/lab',
  pages: ['/lab/alpha', '/lab/beta', '/lab/gamma', '/lab/delta', '/lab/epsilon', '/lab/zeta', '/lab/eta', '/lab/theta'],
  /** A page marked noCache. */
  fresh: '/lab/fresh',
};

export async function addLabPages(base: string, admin: string): Promise<void> {
  const section = await ok<{ id: number }>(base, '/admin/system/permission', {
    method: 'add', title: 'Lab', name: 'lab', path: LAB.section, component: 'layout', open: true, sort: 900,
  }, admin);
  const title = (path: string) => (path.split('/').pop() ?? '').replace(/^./, (c) => c.toUpperCase());
  for (const [i, path] of [...LAB.pages, LAB.fresh].entries()) {
    await ok(base, '/admin/system/permission', {
      method: 'add', parent_id: section.id, title: title(path), name: `lab${title(path)}`, path, component: 'area/index',
      no_cache: path === LAB.fresh, open: true, sort: i,
    }, admin);
  }
}

/**
 * Closes the topmost open dialog or drawer by its × (more dependable than Escape, which needs the focus inside it)
 * and waits until it has gone.
 *
 * It first waits for the overlay to stand still: clicking the × while antd's zoom-in still moves it sends the click
 * to where the × was a frame earlier, which under load lands beside it on the (not closable) mask or the body, so
 * nothing closes — the old "modal still shown after 30 s" flake. The previous version also waited 5 s for a
 * detachment that antd never does (it hides the wrap and keeps it) and ignored the timeout.
 */
export async function closeOverlay(page: Page): Promise<void> {
  const overlay = page.locator('.ant-modal-wrap:visible, .ant-drawer-open').last();
  await untilStill(overlay);
  // Pin the element itself: once it closes, the locator above would move on to another overlay.
  const handle = await overlay.elementHandle();
  if (!handle) throw new Error('no open dialog or drawer to close');
  await overlay.locator('.ant-modal-close, .ant-drawer-close').first().click();
  // A dialog's wrap is hidden once it has gone; a drawer's root stays, without its "open" class, once its panel
  // has slid out.
  await page.waitForFunction((el) => !el.isConnected || (el.classList.contains('ant-modal-wrap')
    ? getComputedStyle(el).display === 'none'
    : !el.classList.contains('ant-drawer-open') && el.getAnimations({ subtree: true }).every((a) => a.playState !== 'running')), handle);
}
