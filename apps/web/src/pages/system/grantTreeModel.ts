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

/** Keys shown ticked: the grant, plus the group when all its buttons are in it. */
export function shownChecked(checked: ReadonlySet<string>, index: GrantIndex): string[] {
  const out = [...checked];
  const group = index.node.get(OTHER_GROUP);
  if (group && group.children.every((c) => checked.has(c.key))) out.push(OTHER_GROUP);
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
