import type { Lang } from '../codes';
import type { Label } from '../resources/types';
import type { AreaManifest, DeclaredPage, PageDecl, PermissionDecl } from './types';
import { actionKeyPrefixes, declaredPages } from './pages.generated';
import { dashboardArea as dashboardManifest } from './dashboard/manifest';
import { equipmentArea as equipmentManifest } from './equipment/manifest';
import { upgradeArea as upgradeManifest } from './upgrade/manifest';
import { consultArea as consultManifest } from './consult/manifest';
import { oaArea as oaManifest } from './oa/manifest';
import { marketingArea as marketingManifest } from './marketing/manifest';
import { businessArea as businessManifest } from './business/manifest';
import { portalArea as portalManifest } from './portal/manifest';
import { dcArea as dcManifest } from './dc/manifest';
import { monitorArea as monitorManifest } from './monitor/manifest';
import { notificationArea as notificationManifest } from './notification/manifest';
import { systemArea as systemManifest } from './system/manifest';

export * from './types';

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The page a declaration asks for (`decl.page`), titled as the resource. */
function declaredPage(p: DeclaredPage): PageDecl {
  return {
    key: p.key, path: p.path ?? kebab(p.key), title: p.title, resource: p.resource,
    ...(p.icon ? { icon: p.icon } : {}), ...(p.hidden ? { hidden: true } : {}), ...(p.noCache ? { noCache: true } : {}),
    ...(p.alsoResources ? { alsoResources: p.alsoResources } : {}), ...(p.permissions ? { permissions: p.permissions } : {}),
  };
}

/**
 * A manifest with the pages its resources declare (`decl.page.area` = its key) placed after the page each names
 * (`after`), else last, in declaration order. A placement naming no page of the area stops the start, like a
 * binding naming no column: the sidebar never depends on which file loaded first.
 */
export function withDeclaredPages(manifest: AreaManifest, declared: readonly DeclaredPage[] = declaredPages): AreaManifest {
  let pending = declared.filter((d) => d.area === manifest.key);
  if (!pending.length) return manifest;
  const pages = [...manifest.pages];
  while (pending.length) {
    const placeable = pending.filter((d) => !d.after || pages.some((p) => p.key === d.after));
    if (!placeable.length) {
      throw new Error(`${pending.map((d) => `${d.resource}: page.after ${d.after ?? ''}`).join('; ')} names no page of area ${manifest.key}`);
    }
    for (const d of placeable) {
      const after = d.after;
      const at = after ? pages.findIndex((p) => p.key === after) + 1 : pages.length;
      pages.splice(at, 0, declaredPage(d));
    }
    pending = pending.filter((d) => !placeable.includes(d));
  }
  return { ...manifest, pages };
}

/** The manifests of the product; a new area adds its manifest here. */
const manifests: readonly AreaManifest[] = [
  dashboardManifest, equipmentManifest, upgradeManifest, consultManifest, oaManifest, marketingManifest, businessManifest,
  portalManifest, dcManifest, monitorManifest, notificationManifest, systemManifest,
];

{
  // A declaration's page must name an area of the product (checked at load, so a typo never hides a page).
  const keys = new Set(manifests.map((m) => m.key));
  const lost = declaredPages.filter((d) => !keys.has(d.area));
  if (lost.length) throw new Error(`page of ${lost.map((d) => `${d.resource} names unknown area ${d.area}`).join(', ')}`);
}

export const dashboardArea = withDeclaredPages(dashboardManifest);
export const equipmentArea = withDeclaredPages(equipmentManifest);
export const upgradeArea = withDeclaredPages(upgradeManifest);
export const consultArea = withDeclaredPages(consultManifest);
export const oaArea = withDeclaredPages(oaManifest);
export const marketingArea = withDeclaredPages(marketingManifest);
export const businessArea = withDeclaredPages(businessManifest);
export const portalArea = withDeclaredPages(portalManifest);
export const dcArea = withDeclaredPages(dcManifest);
export const monitorArea = withDeclaredPages(monitorManifest);
export const notificationArea = withDeclaredPages(notificationManifest);
export const systemArea = withDeclaredPages(systemManifest);

/**
 * Every area of the product, in sidebar order, with the pages its manifest names and those its resources declare.
 * Menus, route titles, console pages and the grant tree derive from it.
 */
export const areas: readonly AreaManifest[] = [
  dashboardArea, equipmentArea, upgradeArea, consultArea, oaArea, marketingArea, businessArea, portalArea, dcArea,
  monitorArea, notificationArea, systemArea,
].sort((a, b) => a.order - b.order);

/** A menu entry as the server stores it (`menus` table); matched by `name` on every start. */
export interface MenuEntry {
  path: string;
  name: string;
  title: string;
  icon?: string;
  component?: string;
  hidden?: boolean;
  redirect?: string;
  noCache?: boolean;
  affix?: boolean;
  external?: boolean;
  open?: boolean;
  children?: MenuEntry[];
}

/** Names and keys of one page, derived from its area: the only place the naming convention lives. */
export function pageNames(area: AreaManifest, page: PageDecl): { name: string; title: string; component: string; path: string } {
  const root = area.kind === 'root';
  return {
    name: root ? page.key : `${area.key}-${page.key}`,
    title: root ? `route.${page.key}` : `route.${area.key}.${page.key}`,
    component: `${root ? page.key : area.key}/${root ? 'index' : page.key}`,
    path: page.path.startsWith('/') ? page.path : `/${area.key}/${page.path}`,
  };
}

function pageEntry(area: AreaManifest, page: PageDecl): MenuEntry {
  const n = pageNames(area, page);
  const entry: MenuEntry = { ...n, icon: page.icon };
  if (page.hidden) entry.hidden = true;
  if (page.noCache) entry.noCache = true;
  if (page.affix) entry.affix = true;
  if (page.external) entry.external = true;
  // The home page is open to every signed-in user, granted or not.
  if (area.kind === 'root') entry.open = true;
  return entry;
}

/** The menu tree the server seeds: root areas' pages at the top, each section with its pages beneath. */
export function menuTree(list: readonly AreaManifest[] = areas): MenuEntry[] {
  return list.flatMap((area): MenuEntry[] => {
    if (area.kind === 'root') return area.pages.map((p) => pageEntry(area, p));
    const children = area.pages.map((p) => pageEntry(area, p));
    return [{
      path: `/${area.key}`, name: area.key, title: `route.${area.key}`, icon: area.icon, component: 'layout',
      redirect: children[0]?.path ?? '', children,
    }];
  });
}

/** Route titles of one language, keyed as the menus name them (`system.user` under `route`). */
export function routeTitles(lang: Lang, list: readonly AreaManifest[] = areas): Record<string, string> {
  const out: Record<string, string> = {};
  for (const area of list) {
    if (area.kind !== 'root') out[area.key] = area.title[lang];
    for (const p of area.pages) out[pageNames(area, p).title.slice('route.'.length)] = p.title[lang];
  }
  return out;
}

export interface PageRef {
  area: AreaManifest;
  page: PageDecl;
}

export function allPages(list: readonly AreaManifest[] = areas): PageRef[] {
  return list.flatMap((area) => area.pages.map((page) => ({ area, page })));
}

/** The resources whose buttons a page holds: the one it lists and those it also shows. */
export function pageResources(page: PageDecl): string[] {
  return [...(page.resource ? [page.resource] : []), ...(page.alsoResources ?? [])];
}

/** The page a permission key is granted under: by resource prefix, or as one of a page's own buttons. */
export function pageOfPermission(key: string, list: readonly AreaManifest[] = areas): PageRef | undefined {
  for (const ref of allPages(list)) {
    if (ref.page.permissions?.some((p) => p.key === key)) return ref;
    if (pageKeyPrefixes(ref.page).some((prefix) => key.startsWith(`${prefix}.`))) return ref;
  }
  return undefined;
}

/**
 * The permission-key prefixes of a page's resources (`<prefix>.*` are its buttons): each resource's key, and its
 * actions' own key when they are served apart (`actionsAt`).
 */
export function pageKeyPrefixes(page: PageDecl): string[] {
  return pageResources(page).flatMap((r) => (actionKeyPrefixes[r] ? [r, actionKeyPrefixes[r]] : [r]));
}

/** Menu name of the page holding a resource's buttons. */
export function menuOfResource(resourceKey: string, list: readonly AreaManifest[] = areas): string | undefined {
  const ref = allPages(list).find(({ page }) => pageResources(page).includes(resourceKey));
  return ref ? pageNames(ref.area, ref.page).name : undefined;
}

/** Labels of the permission keys pages declare beside their resources' operations. */
export function declaredPermissions(list: readonly AreaManifest[] = areas): PermissionDecl[] {
  return allPages(list).flatMap(({ page }) => page.permissions ?? []);
}

export function declaredPermissionLabel(key: string, list: readonly AreaManifest[] = areas): Label | undefined {
  return declaredPermissions(list).find((p) => p.key === key)?.label;
}
