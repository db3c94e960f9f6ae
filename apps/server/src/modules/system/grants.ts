import { PLATFORM_ORG_ID, isPlatformKey, menuOfResource, resources, type GrantTree, type GrantTreeButton, type GrantTreeNode } from '@gx/contract';
import type { Executor } from '../../db/client';
import { buttons, menus } from '../../db/schema';

/**
 * What a role may grant. Platform-wide pages (permissions, buttons, organisations, website config, …) and their
 * buttons are granted only within the platform organisation; any other organisation's roles cannot hold them, so
 * a tenant administrator cannot hand itself platform powers.
 */

/** Menu names of the platform-wide resources' pages. */
export function platformMenuNames(): Set<string> {
  return new Set(resources.filter((r) => r.scope === 'platform').flatMap((r) => menuOfResource(r.key) ?? []));
}

export function canGrantPlatform(orgId: number): boolean {
  return orgId === PLATFORM_ORG_ID;
}

type MenuRow = typeof menus.$inferSelect;
type ButtonRow = typeof buttons.$inferSelect;

export interface Grantable {
  menus: MenuRow[];
  buttons: ButtonRow[];
}

export async function grantableFor(exec: Executor, orgId: number): Promise<Grantable> {
  const allMenus = await exec.select().from(menus);
  const allButtons = await exec.select().from(buttons);
  if (canGrantPlatform(orgId)) return { menus: allMenus, buttons: allButtons };
  const platformMenus = platformMenuNames();
  return {
    menus: allMenus.filter((m) => !platformMenus.has(m.name)),
    buttons: allButtons.filter((b) => !isPlatformKey(b.key)),
  };
}

/** Menus with their buttons, as the role editor's checkbox tree shows them. */
export function grantTree(g: Grantable): GrantTree {
  const toButton = (b: ButtonRow): GrantTreeButton => ({ id: b.id, key: b.key, title: b.title });
  const byMenu = new Map<number, GrantTreeButton[]>();
  const other: GrantTreeButton[] = [];
  const menuIds = new Set(g.menus.map((m) => m.id));
  for (const b of [...g.buttons].sort((x, y) => x.key.localeCompare(y.key))) {
    if (b.menuId !== null && menuIds.has(b.menuId)) byMenu.set(b.menuId, [...(byMenu.get(b.menuId) ?? []), toButton(b)]);
    else other.push(toButton(b));
  }
  interface Draft { id: number; name: string; title: string; buttons: GrantTreeButton[]; sort: number; parentId: number | null; children: Draft[] }
  const nodes = new Map<number, Draft>();
  for (const m of g.menus) {
    nodes.set(m.id, { id: m.id, name: m.name, title: m.title, buttons: byMenu.get(m.id) ?? [], children: [], sort: m.sort, parentId: m.parentId });
  }
  const roots: Draft[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  const strip = (list: Draft[]): GrantTreeNode[] =>
    [...list]
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((n) => ({ id: n.id, name: n.name, title: n.title, buttons: n.buttons, children: strip(n.children) }));
  return { menus: strip(roots), other };
}
