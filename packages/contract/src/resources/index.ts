import type { Label, ResourceDecl } from './types';
import { declarations } from './declarations.generated';
import { actionsOf, keyPrefixesOf } from './fields';
import { operationLabels } from './common';
import { declaredPermissionLabel } from '../areas';

export * from './types';
export * from './common';
export * from './rules';
export * from './fields';
export * from './schemas';
export * from './answers';
export * from './rowActions';
export * from './declarations.generated';

/**
 * Every resource declaration of the product (`resources/<area>/*.ts`, collected by the generated index); the
 * console renders pages from these, the server serves them.
 */
export const resources: readonly ResourceDecl[] = declarations;

export function resourceByKey(key: string): ResourceDecl | undefined {
  return resources.find((r) => r.key === key);
}

/** Resource keys whose rows and pages are platform-wide: their menus and buttons are granted only to platform staff. */
export function isPlatformKey(permissionKey: string): boolean {
  return resources.some((r) => (r.scope === 'platform' && permissionKey.startsWith(`${r.key}.`))
    || (r.actions ?? []).some((a) => a.platform && permissionKey === `${r.key}.${a.name}`));
}

/**
 * A readable name for a permission key declared by a resource, e.g. `system.user.add` → 用户管理 · 新增 /
 * Users · Add, for the role editor's button tree (the buttons table holds the key and a `perm.<key>` title); other
 * keys read as their page's manifest names them.
 */
export function permissionLabel(key: string): Label | undefined {
  for (const r of resources) {
    if (!keyPrefixesOf(r).some((p) => key.startsWith(`${p}.`))) continue;
    const action = actionsOf(r).find((a) => a.key === key);
    const op = key.slice(key.lastIndexOf('.') + 1);
    const label = action?.label ?? (op === 'list' ? operationLabels.list : undefined);
    if (label) return { zh_CN: `${r.title.zh_CN} · ${label.zh_CN}`, en: `${r.title.en} · ${label.en}` };
  }
  // Keys that are not resource operations are labelled by the page that declares them.
  return declaredPermissionLabel(key);
}
