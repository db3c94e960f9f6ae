import type { Label, ResourceDecl } from './types';
import { declarations } from './declarations.generated';
import { actionsOf, keyPrefixesOf, permissionKey } from './fields';
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

/** Built once: the permission check asks on every call. */
let platformKeys: { prefixes: string[]; exact: Set<string> } | undefined;

/**
 * Permission keys only platform staff hold: every key of a platform-wide resource, a `platform` action's and a
 * `platformOperations` operation's. Their menus and buttons are granted only within the platform organisation.
 */
export function isPlatformKey(key: string): boolean {
  platformKeys ??= {
    prefixes: resources.filter((r) => r.scope === 'platform').map((r) => `${r.key}.`),
    exact: new Set(resources.flatMap((r) => [
      ...(r.actions ?? []).filter((a) => a.platform).map((a) => permissionKey(r, a.name)),
      ...(r.platformOperations ?? []).map((op) => permissionKey(r, op)),
    ])),
  };
  return platformKeys.exact.has(key) || platformKeys.prefixes.some((p) => key.startsWith(p));
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
