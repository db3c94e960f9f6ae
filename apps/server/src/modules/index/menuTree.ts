import type { MenuNode } from '@gx/contract';
import type { menus } from '../../db/schema';

type MenuRow = typeof menus.$inferSelect;

/** Rows → tree, ordered by sort then id. Rows whose parent is absent become roots only if they have no parent. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode & { sort: number; parentId: number | null }>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id, path: r.path, name: r.name, title: r.title, icon: r.icon, hidden: r.hidden, redirect: r.redirect,
      noCache: r.noCache, affix: r.affix, component: r.component, external: r.external, children: [],
      sort: r.sort, parentId: r.parentId,
    });
  }
  const roots: (MenuNode & { sort: number })[] = [];
  for (const n of nodes.values()) {
    if (n.parentId === null) roots.push(n);
    else nodes.get(n.parentId)?.children.push(n);
  }
  const order = (a: { sort: number; id: number }, b: { sort: number; id: number }) => a.sort - b.sort || a.id - b.id;
  const strip = (list: (MenuNode & { sort?: number; parentId?: number | null })[]): MenuNode[] =>
    [...list].sort((a, b) => order(a as { sort: number; id: number }, b as { sort: number; id: number })).map((n) => ({
      id: n.id, path: n.path, name: n.name, title: n.title, icon: n.icon, hidden: n.hidden, redirect: n.redirect,
      noCache: n.noCache, affix: n.affix, component: n.component, external: n.external, children: strip(n.children),
    }));
  return strip(roots);
}

/** Adds every ancestor of the granted ids, so a granted page always arrives inside its sections. */
export function withAncestors(all: MenuRow[], granted: Set<number>): MenuRow[] {
  const byId = new Map(all.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const id of granted) {
    let cur = byId.get(id);
    while (cur && !keep.has(cur.id)) {
      keep.add(cur.id);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
  }
  return all.filter((r) => keep.has(r.id));
}
