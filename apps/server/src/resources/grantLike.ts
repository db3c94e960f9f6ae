import type { Executor } from '../db/client';
import type { RequestContext } from '../http/context';
import { assertHolds, grantedByGroups } from '../auth/holdings';
import type { Input, ResourceServer, WireRow } from './types';

/**
 * Grant-like fields (declared `grants` in the resource declaration): every id a write adds must be something the
 * caller holds. Ids the row already had are left alone, so someone may edit or trim a role holding more than they do
 * without handing anything new out.
 *
 * A permission group (`grants: 'groups'`, a role's `authority_group_id`) is copied into the row's menus and buttons
 * by the resource's hooks before this runs. It is checked first, on what it adds to what the row had, so a refusal
 * names the group when the group is what the caller may not hand out, and the ticked fields otherwise.
 */
export async function checkGrants(ctx: RequestContext, exec: Executor, b: ResourceServer, input: Input, before?: WireRow): Promise<void> {
  const fields = Object.entries(b.decl.fields).filter(([, f]) => f.grants);
  const had = (name: string) => new Set(Array.isArray(before?.[name]) ? (before[name] as number[]) : []);
  const hadOfKind = (kind: 'buttons' | 'menus') => new Set(fields.filter(([, f]) => f.grants === kind).flatMap(([n]) => [...had(n)]));
  const groupsFirst = [...fields].sort(([, x], [, y]) => Number(y.grants === 'groups') - Number(x.grants === 'groups'));
  for (const [name, f] of groupsFirst) {
    const value = input[name];
    const ids = Array.isArray(value) ? (value as number[]) : typeof value === 'number' ? [value] : [];
    if (!ids.length) continue;
    if (f.grants === 'groups') {
      const g = await grantedByGroups(exec, ids);
      const [buttons, menus] = [hadOfKind('buttons'), hadOfKind('menus')];
      await assertHolds(exec, ctx.user(), 'buttons', g.buttonIds.filter((id) => !buttons.has(id)), name);
      await assertHolds(exec, ctx.user(), 'menus', g.menuIds.filter((id) => !menus.has(id)), name);
      continue;
    }
    const kept = had(name);
    await assertHolds(exec, ctx.user(), f.grants!, ids.filter((id) => !kept.has(id)), name);
  }
}
