import { closedObject, FUNCTION_MENU_PATH, methodField, pageQuery, type GrantTree, type GrantTreeNode, type Page } from '@gx/contract';
import { method, type EndpointSpec } from '../../http/endpoint';
import { grantableFor, grantTree } from './grants';

/** Whoever may see roles may see what roles can grant. */
const ACCESS = 'system.role.list';

/** The menus in tree order, depth-first: the flat, paged form of the tree. */
function flatten(nodes: GrantTreeNode[], parentId: number | null, out: (Omit<GrantTreeNode, 'children'> & { parent_id: number | null })[] = []) {
  for (const n of nodes) {
    out.push({ id: n.id, name: n.name, title: n.title, buttons: n.buttons, parent_id: parentId });
    flatten(n.children, n.id, out);
  }
  return out;
}

/**
 * `/admin/system/function_menu`: the function catalogue a role of the caller's organisation can grant — `tree`
 * for the role editor's checkbox tree, `list` as pages of menus with their buttons.
 */
export const functionMenuEndpoint: EndpointSpec = {
  path: FUNCTION_MENU_PATH,
  methods: {
    tree: method({
      access: ACCESS,
      body: closedObject({ method: methodField }),
      readOnly: true,
      handler: async (ctx): Promise<GrantTree> => grantTree(await grantableFor(ctx.db, ctx.orgId())),
    }),
    list: method({
      access: ACCESS,
      body: closedObject({ method: methodField, ...pageQuery.shape }),
      async handler(ctx, raw) {
        const input = raw as { page: number; size: number };
        const all = flatten(grantTree(await grantableFor(ctx.db, ctx.orgId())).menus, null);
        const start = (input.page - 1) * input.size;
        return { list: all.slice(start, start + input.size), total: all.length, page: input.page, size: input.size } satisfies Page<unknown>;
      },
    }),
  },
};
