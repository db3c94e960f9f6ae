import { actionsOf, operationLabels, resources, type Lang, type ResourceDecl } from '@gx/contract';
import type { Translate } from './permissionTitle';

const ALIAS_OPS = new Set(['list', 'add', 'update', 'remove']);

/**
 * The resource and wire method an operation-log action (`<endpoint path>#<method>`) names. The alias paths
 * SPEC §7 names (`/admin/system/user/add#default`) serve one method each.
 */
export function resourceOfAction(action: string): { decl: ResourceDecl; method: string } | undefined {
  const [rawPath = '', rawMethod = ''] = action.split('#');
  let path = rawPath;
  let method = rawMethod;
  const tail = path.slice(path.lastIndexOf('/') + 1);
  if (ALIAS_OPS.has(tail) && !resources.some((r) => r.path === path)) {
    path = path.slice(0, path.lastIndexOf('/'));
    if (method === 'default' || method === '') method = tail;
  }
  const decl = resources.find((r) => r.path === path);
  return decl ? { decl, method } : undefined;
}

/**
 * An operation-log action as a person reads it: "Users · Add" for a resource's method, the sign-in texts for
 * sessions, the raw action otherwise.
 */
export function operationText(action: string, lang: Lang, translate: Translate): string {
  if (action === 'login' || action === 'logout') return translate(`resource.log.${action}`) ?? action;
  const found = resourceOfAction(action);
  if (!found) return action;
  const { decl, method } = found;
  const label = actionsOf(decl).find((a) => a.method === method)?.label ?? operationLabels[method as keyof typeof operationLabels];
  return `${decl.title[lang]} · ${label ? label[lang] : method}`;
}
