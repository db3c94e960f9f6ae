import { and, count, eq, getTableColumns, inArray, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Code, IN_USE_NAMES, permissionLabel, routeTitles, type InUseAnswer, type InUseRule, type Label, type Lang } from '@gx/contract';
import type { Executor } from '../db/client';
import type { RequestContext } from '../http/context';
import { AppError } from '../http/errors';
import { holderScope } from './scope';
import type { ResourceServer } from './types';

/**
 * Removing a row others hold (a role held by users, a cluster serving organisations) follows the declaration's
 * `usedBy` rules: `refuse` always answers IN_USE, `ask` answers IN_USE until the request confirms. The answer
 * counts the holders and names the first few, so the console can say what the removal touches.
 */

/** A `refMany` kept as an array column (a permission group's menus): nothing removes a vanished id from it but us. */
function arrayColumn(holder: ResourceServer, rule: InUseRule): PgColumn | undefined {
  const col = holder.columns[rule.field];
  return col && !is(col, SQL) && holder.decl.fields[rule.field]?.type === 'refMany' ? (col as PgColumn) : undefined;
}

/**
 * The holder rows' condition "names row `id` through the rule's field", within the holders the removal touches for
 * this caller (`holderScope`): counts and names never reach into another organisation's rows.
 */
function holding(ctx: RequestContext, owner: ResourceServer, rule: InUseRule, id: number): { holder: ResourceServer; where: SQL } {
  const holder = ctx.resources.bindingOf(rule.resource);
  if (!holder) throw new Error(`${owner.decl.key}.usedBy: unknown resource ${rule.resource}`);
  const scope = holderScope(ctx, owner, holder);
  const col = holder.columns[rule.field];
  const array = arrayColumn(holder, rule);
  const names = array ? sql`${id} = any(${array})` : col && !is(col, SQL) ? eq(col as PgColumn, id) : holder.virtual[rule.field]?.holding?.(id);
  if (!names) throw new Error(`${owner.decl.key}.usedBy: ${rule.resource}.${rule.field} is neither a column nor a virtual field with holding()`);
  return { holder, where: scope ? (and(names, scope) as SQL) : names };
}

/** The holders' names: the rule's naming field (through its reference's picker label) or the holder's picker label. */
async function namesOf(ctx: RequestContext, exec: Executor, holder: ResourceServer, rule: InUseRule, where: SQL): Promise<string[]> {
  const fields = rule.name ? [rule.name] : (holder.decl.picker?.label ?? ['id']);
  const cols: Record<string, PgColumn | SQL> = { id: holder.id };
  for (const f of fields) {
    const c = holder.columns[f];
    if (c) cols[f] = c;
  }
  const rows = (await exec.select(cols).from(holder.table).where(where).orderBy(holder.id).limit(IN_USE_NAMES)) as Record<string, unknown>[];
  const refField = rule.name ? holder.decl.fields[rule.name] : undefined;
  if (rule.name && refField?.type === 'ref' && refField.ref) {
    const target = ctx.resources.bindingOf(refField.ref.resource);
    if (target) {
      const ids = rows.map((r) => r[rule.name as string]).filter((v): v is number => typeof v === 'number');
      const labels = await labelsByIds(exec, target, ids, ctx.lang);
      return rows.map((r) => labels.get(r[rule.name as string] as number) ?? `#${String(r.id)}`);
    }
  }
  return rows.map((r) => labelOf(fields, r, ctx.lang));
}

/** A seeded menu's or key's title is a key (`route.system.user`, `perm.system.user.add`): named as the console names it. */
function titleText(v: string, lang: Lang): string {
  if (v.startsWith('perm.')) return permissionLabel(v.slice('perm.'.length))?.[lang] ?? v;
  if (v.startsWith('route.')) return routeTitles(lang)[v.slice('route.'.length)] ?? v;
  return v;
}

function labelOf(fields: readonly string[], r: Record<string, unknown>, lang: Lang): string {
  const parts = fields.map((f) => r[f]).filter((v) => v !== null && v !== undefined && v !== '').map((v) => titleText(String(v), lang));
  const [first, ...rest] = parts;
  if (first === undefined) return `#${String(r.id)}`;
  return rest.length ? `${first} (${rest.join(', ')})` : first;
}

async function labelsByIds(exec: Executor, b: ResourceServer, ids: number[], lang: Lang): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const fields = b.decl.picker?.label ?? ['id'];
  const cols: Record<string, PgColumn | SQL> = { id: b.id };
  for (const f of fields) if (b.columns[f]) cols[f] = b.columns[f];
  const rows = (await exec.select(cols).from(b.table).where(inArray(b.id, ids))) as Record<string, unknown>[];
  return new Map(rows.map((r) => [r.id as number, labelOf(fields, r, lang)]));
}

/** "3 users: alice, bob, carol" / "被 3 个用户使用：alice、bob、carol"; without names (a list's marks), the count alone. */
function inUseText(holders: Label, answer: InUseAnswer, lang: Lang): string {
  const more = answer.count - answer.names.length;
  if (lang === 'zh_CN') {
    const names = answer.names.length ? `（${answer.names.join('、')}${more > 0 ? ' 等' : ''}）` : '';
    return answer.onRemove === 'refuse'
      ? `无法删除：正被 ${answer.count} 个${holders.zh_CN}使用${names}，请先解除关联`
      : `正被 ${answer.count} 个${holders.zh_CN}使用${names}，删除后将一并解除`;
  }
  const names = answer.names.length ? ` (${answer.names.join(', ')}${more > 0 ? ` and ${more} more` : ''})` : '';
  return answer.onRemove === 'refuse'
    ? `Cannot be removed: in use by ${answer.count} ${holders.en}${names}; release them first`
    : `In use by ${answer.count} ${holders.en}${names}; removing it releases them too`;
}

/**
 * Of the given rows, those a `refuse` rule holds, with the refusal the remove would answer (counted, not named):
 * one grouped query per rule for all the ids, so a listed page is marked without a query per row. Rules held
 * through an array column or a virtual field's `holding()` are left to the remove itself (none refuses today).
 */
export async function refusedRemovals(ctx: RequestContext, exec: Executor, b: ResourceServer, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  for (const rule of b.decl.usedBy ?? []) {
    if (rule.onRemove !== 'refuse') continue;
    const holder = ctx.resources.bindingOf(rule.resource);
    if (!holder) throw new Error(`${b.decl.key}.usedBy: unknown resource ${rule.resource}`);
    const scope = holderScope(ctx, b, holder);
    const col = holder.columns[rule.field];
    if (!col || is(col, SQL) || arrayColumn(holder, rule)) continue;
    const c = col as PgColumn;
    const held = inArray(c, ids);
    const counts = await exec.select({ ref: c, n: count() }).from(holder.table).where(scope ? and(held, scope) : held).groupBy(c);
    for (const { ref, n } of counts) {
      const id = Number(ref);
      if (!ids.includes(id) || out.has(id)) continue;
      out.set(id, inUseText(rule.label, { onRemove: 'refuse', count: Number(n), names: [] }, ctx.lang));
    }
  }
  return out;
}

/** Refuses the remove of a held row, unless every rule holding it asks and the request confirmed. */
export async function checkInUse(ctx: RequestContext, exec: Executor, b: ResourceServer, id: number, confirmed: boolean): Promise<void> {
  for (const rule of b.decl.usedBy ?? []) {
    if (rule.onRemove === 'ask' && confirmed) continue;
    const { holder, where } = holding(ctx, b, rule, id);
    const [row] = await exec.select({ n: count() }).from(holder.table).where(where);
    const n = Number(row?.n ?? 0);
    if (!n) continue;
    const answer: InUseAnswer = { onRemove: rule.onRemove, count: n, names: await namesOf(ctx, exec, holder, rule, where) };
    throw new AppError(Code.IN_USE, inUseText(rule.label, answer, ctx.lang), undefined, answer);
  }
}

/**
 * After a confirmed removal: the references kept as array columns go with the row (foreign keys take the others).
 * Every holder is released, whatever the caller sees: a platform row's removal reaches every organisation anyway.
 */
export async function releaseHolders(ctx: RequestContext, exec: Executor, b: ResourceServer, id: number): Promise<void> {
  for (const rule of b.decl.usedBy ?? []) {
    const holder = ctx.resources.bindingOf(rule.resource);
    const array = holder && arrayColumn(holder, rule);
    if (!holder || !array) continue;
    const key = Object.entries(getTableColumns(holder.table)).find(([, c]) => c === array)?.[0];
    if (!key) continue;
    await exec.update(holder.table).set({ [key]: sql`array_remove(${array}, ${id})` } as never).where(sql`${id} = any(${array})`);
  }
}

/**
 * The same refusal for removals outside the engine (a screen template a programme plays, a programme on screens):
 * `holders` names what holds the row (plural, both languages), `names` the first IN_USE_NAMES of them.
 */
export function inUseRefusal(holders: Label, count: number, names: string[], lang: Lang): AppError {
  const answer: InUseAnswer = { onRemove: 'refuse', count, names: names.slice(0, IN_USE_NAMES) };
  return new AppError(Code.IN_USE, inUseText(holders, answer, lang), undefined, answer);
}
