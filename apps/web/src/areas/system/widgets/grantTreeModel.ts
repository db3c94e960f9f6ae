import type { GrantTree, GrantTreeButton, GrantTreeNode } from '@gx/contract';

/**
 * The role editor's tree of menus and their buttons, as plain data. Checking follows what a grant means: a page
 * needs its sections (checking anything checks its ancestors); checking a menu grants everything under it;
 * unchecking a menu takes away everything under it. Menus and buttons stay separate values (menu_ids, button_ids).
 */

export interface GrantNode {
  /** `m<id>` for a menu, `b<id>` for a button, `other` for the group of buttons attached to no menu. */
  key: string;
  kind: 'menu' | 'button' | 'group';
  id: number;
  /** Menu title key, button title (`perm.<key>` or a name), or '' for the group. */
  title: string;
  /** Route name of a menu, permission key of a button. */
  name: string;
  children: GrantNode[];
}

export const OTHER_GROUP = 'other';

const buttonNode = (b: GrantTreeButton): GrantNode => ({ key: `b${b.id}`, kind: 'button', id: b.id, title: b.title, name: b.key, children: [] });

function menuNode(m: GrantTreeNode): GrantNode {
  return { key: `m${m.id}`, kind: 'menu', id: m.id, title: m.title, name: m.name, children: [...m.buttons.map(buttonNode), ...m.children.map(menuNode)] };
}

export function grantNodes(tree: GrantTree): GrantNode[] {
  const nodes = tree.menus.map(menuNode);
  if (tree.other.length) nodes.push({ key: OTHER_GROUP, kind: 'group', id: 0, title: '', name: OTHER_GROUP, children: tree.other.map(buttonNode) });
  return nodes;
}

export interface GrantIndex {
  parent: Map<string, string>;
  node: Map<string, GrantNode>;
}

export function indexNodes(nodes: GrantNode[]): GrantIndex {
  const index: GrantIndex = { parent: new Map(), node: new Map() };
  const walk = (list: GrantNode[], parent: string | undefined) => {
    for (const n of list) {
      index.node.set(n.key, n);
      if (parent) index.parent.set(n.key, parent);
      walk(n.children, n.key);
    }
  };
  walk(nodes, undefined);
  return index;
}

function descendants(n: GrantNode): string[] {
  return n.children.flatMap((c) => [c.key, ...descendants(c)]);
}

/** The grant after (un)checking one node. The group node is no grant itself, only a way to tick its buttons. */
export function toggle(checked: ReadonlySet<string>, key: string, on: boolean, index: GrantIndex): Set<string> {
  const next = new Set(checked);
  const node = index.node.get(key);
  if (!node) return next;
  const below = descendants(node);
  if (on) {
    next.add(key);
    for (const k of below) next.add(k);
    for (let p = index.parent.get(key); p; p = index.parent.get(p)) next.add(p);
  } else {
    next.delete(key);
    for (const k of below) next.delete(k);
  }
  next.delete(OTHER_GROUP);
  return next;
}

/** Granted and total nodes below a node (for "3/12" beside each section). */
export interface GrantCount {
  granted: number;
  total: number;
}

export function countsOf(checked: ReadonlySet<string>, index: GrantIndex): Map<string, GrantCount> {
  const out = new Map<string, GrantCount>();
  for (const [key, n] of index.node) {
    if (!n.children.length) continue;
    const below = descendants(n);
    out.set(key, { granted: below.filter((k) => checked.has(k)).length, total: below.length });
  }
  return out;
}

/**
 * What the tree shows: a node is ticked only when it and everything below it is granted, half-ticked when part of
 * it is (a section granted because one page under it is must not look fully granted).
 */
export function shownChecked(checked: ReadonlySet<string>, index: GrantIndex): { checked: string[]; halfChecked: string[] } {
  const full: string[] = [];
  const half: string[] = [];
  const counts = countsOf(checked, index);
  for (const [key, n] of index.node) {
    const self = n.kind === 'group' || checked.has(key);
    const c = counts.get(key);
    if (!c) {
      if (checked.has(key)) full.push(key);
    } else if (self && c.granted === c.total) full.push(key);
    else if ((n.kind !== 'group' && self) || c.granted > 0) half.push(key);
  }
  return { checked: full, halfChecked: half };
}

/**
 * The nodes matching a search, with their ancestors (to show where they are) and everything below a matching
 * section (to tick within it). `matches` decides on one node.
 */
export function filterNodes(nodes: readonly GrantNode[], matches: (n: GrantNode) => boolean): GrantNode[] {
  const out: GrantNode[] = [];
  for (const n of nodes) {
    if (matches(n)) out.push(n);
    else {
      const children = filterNodes(n.children, matches);
      if (children.length) out.push({ ...n, children });
    }
  }
  return out;
}

export function fromValues(menuIds: readonly number[], buttonIds: readonly number[]): Set<string> {
  return new Set([...menuIds.map((id) => `m${id}`), ...buttonIds.map((id) => `b${id}`)]);
}

export function toValues(checked: ReadonlySet<string>, index: GrantIndex): { menu_ids: number[]; button_ids: number[] } {
  const menu_ids: number[] = [];
  const button_ids: number[] = [];
  for (const key of checked) {
    const n = index.node.get(key);
    if (n?.kind === 'menu') menu_ids.push(n.id);
    else if (n?.kind === 'button') button_ids.push(n.id);
  }
  return { menu_ids: menu_ids.sort((a, b) => a - b), button_ids: button_ids.sort((a, b) => a - b) };
}
