import type { MenuNode } from '@gx/contract';
import { DASHBOARD_PATH } from '../../config/constants';
import { isExternal, resolvePath } from '../../router/menuRoutes';

/** What the sidebar shows (SPEC §2): hidden items and the dashboard left out, paths resolved, links marked. */
export interface MenuEntry {
  /** Resolved path, or the URL of an external link. */
  key: string;
  /** i18n key. */
  title: string;
  icon: string;
  external: boolean;
  children?: MenuEntry[];
}

export function buildMenuTree(menus: readonly MenuNode[], base = '/'): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const node of menus) {
    if (node.hidden) continue;
    const key = resolvePath(base, node.path);
    if (key === DASHBOARD_PATH) continue;
    const external = node.external || isExternal(key);
    const children = node.children.length > 0 ? buildMenuTree(node.children, key) : [];
    // A pathless wrapper (e.g. a root "/" layout) contributes its children directly.
    if (key === '/' && children.length > 0) {
      out.push(...children);
      continue;
    }
    if (node.children.length > 0 && children.length === 0) {
      // Every child hidden: the section is a plain link to its own path.
      out.push({ key, title: node.title, icon: node.icon, external });
      continue;
    }
    out.push({ key, title: node.title, icon: node.icon, external, ...(children.length ? { children } : {}) });
  }
  return out;
}

/** Keys of the sections enclosing `key`, outermost first; empty when the key is top level or unknown. */
export function ancestorKeys(tree: readonly MenuEntry[], key: string): string[] {
  for (const entry of tree) {
    if (entry.key === key) return [];
    if (entry.children) {
      const inner = ancestorKeys(entry.children, key);
      if (inner.length > 0 || entry.children.some((c) => c.key === key)) return [entry.key, ...inner];
    }
  }
  return [];
}

/** One section open at a time: opening a section closes every section that does not enclose it. */
export function nextOpenKeys(tree: readonly MenuEntry[], previous: readonly string[], next: readonly string[]): string[] {
  const opened = next.find((k) => !previous.includes(k));
  if (!opened) return [...next];
  return [...ancestorKeys(tree, opened), opened];
}
