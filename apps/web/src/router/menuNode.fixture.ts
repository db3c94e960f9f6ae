import type { MenuNode } from '@gx/contract';

/** Tests only: a menu node with defaults for everything not given. */
export function node(partial: Partial<MenuNode> & Pick<MenuNode, 'path'>): MenuNode {
  return {
    id: 0,
    name: partial.path,
    title: '',
    icon: '',
    hidden: false,
    redirect: '',
    noCache: false,
    affix: false,
    component: '',
    external: false,
    children: [],
    ...partial,
  };
}
