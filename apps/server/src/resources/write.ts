import { forgetCounts } from './countCache';
import { and, eq, getTableColumns, is, SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Code, isWritable } from '@gx/contract';
import type { Executor } from '../db/client';
import type { RequestContext } from '../http/context';
import { AppError } from '../http/errors';
import { translateDbError } from './dbErrors';
import { assertHoldsUser } from '../auth/holdings';
import { checkGrants } from './grantLike';
import { checkInUse, releaseHolders } from './inUse';
import { checkNoChildren, checkNoCycle, checkReferences } from './refs';
import { rowsByIds } from './rows';
import { sanitizeNotificationHtml } from '../modules/notification/sanitize';
import { isPlatformOperator } from './scope';
import type { ActionAnswer, ColumnValues, Input, ResourceServer, WireRow } from './types';

/**
 * Writing rows: add, update, remove, state transitions and custom actions. Each loads the row within the caller's
 * scope first (NOT_FOUND otherwise), runs the resource's hooks, and writes the operation log with before → after.
 * They run inside the call's transaction, so a refusal half-way writes nothing.
 */

const propNames = new WeakMap<object, Map<PgColumn, string>>();

/** Column → the table's property name (what drizzle's insert/update take). */
function propOf(b: ResourceServer, col: PgColumn): string {
  let m = propNames.get(b.table);
  if (!m) {
    m = new Map(Object.entries(getTableColumns(b.table)).map(([k, c]) => [c as PgColumn, k]));
    propNames.set(b.table, m);
  }
  const p = m.get(col);
  if (!p) throw new Error(`${b.decl.key}: column ${col.name} is not on the resource's table`);
  return p;
}

function hasColumn(b: ResourceServer, dbName: string): PgColumn | undefined {
  return (Object.values(getTableColumns(b.table)) as PgColumn[]).find((c) => c.name === dbName);
}

const TEXTUAL = new Set(['text', 'textarea', 'richtext']);
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The body's writable column fields as column values; declared defaults fill what an add leaves out. Rich text is
 * cleaned here with the allow-list, so no path that writes a row (add, update, import, an action's form) stores
 * markup that runs. `only`: the fields of an action's small form, whatever the forms may otherwise set.
 */
function columnValues(b: ResourceServer, input: Input, mode: 'add' | 'update', only?: readonly string[]): ColumnValues {
  const values: ColumnValues = {};
  for (const [name, f] of Object.entries(b.decl.fields)) {
    const col = b.columns[name];
    if (!col || is(col, SQL) || (only ? !only.includes(name) : !isWritable(f, mode))) continue;
    let v = input[name];
    if (v === undefined && mode === 'add' && f.default !== undefined) v = f.default;
    // A small form's text left empty clears what an earlier step wrote (an approval without a reason).
    if (v === undefined && only && TEXTUAL.has(f.type)) v = '';
    if (v === undefined) continue;
    if (f.type === 'number' && typeof v === 'number') v = String(v);
    if (f.type === 'richtext' && typeof v === 'string') v = sanitizeNotificationHtml(v);
    values[propOf(b, col as PgColumn)] = v;
  }
  return values;
}

async function saveVirtual(ctx: RequestContext, exec: Executor, b: ResourceServer, id: number, input: Input, isNew: boolean): Promise<void> {
  for (const [name, vf] of Object.entries(b.virtual)) {
    if (vf.save && input[name] !== undefined) await vf.save(exec, id, input[name], ctx, isNew);
  }
}

/** One row within scope, or NOT_FOUND (for a missing id and another tenant's id alike). */
export async function loadOne(ctx: RequestContext, exec: Executor, b: ResourceServer, id: number, scope: SQL | undefined): Promise<WireRow> {
  const [row] = await rowsByIds(ctx, exec, b, [id], scope);
  if (!row) throw new AppError(Code.NOT_FOUND, undefined, 'id');
  return row;
}

export async function addRow(ctx: RequestContext, exec: Executor, b: ResourceServer, input: Input): Promise<number> {
  forgetCounts(b.decl.key);
  await checkReferences(ctx, exec, b, input);
  const values = columnValues(b, input, 'add');
  if (b.tenant.kind === 'column') values[propOf(b, b.tenant.column)] = ctx.orgId();
  await b.hooks.beforeAdd?.(ctx, exec, input, values);
  await checkGrants(ctx, exec, b, input);
  let id: number;
  try {
    const [row] = await exec.insert(b.table).values(values as never).returning({ id: b.id });
    id = row?.id as number;
  } catch (e) {
    throw translateDbError(b, e);
  }
  await saveVirtual(ctx, exec, b, id, input, true);
  await b.hooks.afterAdd?.(ctx, exec, id, input);
  return id;
}

export async function updateRow(ctx: RequestContext, exec: Executor, b: ResourceServer, id: number, input: Input, scope: SQL | undefined): Promise<{ before: WireRow; after: WireRow }> {
  forgetCounts(b.decl.key);
  const before = await loadOne(ctx, exec, b, id, scope);
  await b.hooks.guard?.(ctx, exec, id, 'update', before, input);
  await checkReferences(ctx, exec, b, input);
  const parentField = b.decl.list.tree?.parentField;
  if (parentField) await checkNoCycle(exec, b, id, input[parentField]);
  const values = columnValues(b, input, 'update');
  await b.hooks.beforeUpdate?.(ctx, exec, id, input, values, before);
  await checkGrants(ctx, exec, b, input, before);
  if (Object.keys(values).length) {
    const updatedAt = hasColumn(b, 'updated_at');
    if (updatedAt) values[propOf(b, updatedAt)] = ctx.services.now();
    try {
      await exec.update(b.table).set(values as never).where(and(eq(b.id, id), scope));
    } catch (e) {
      throw translateDbError(b, e);
    }
  }
  await saveVirtual(ctx, exec, b, id, input, false);
  await b.hooks.afterUpdate?.(ctx, exec, id, input, before);
  const after = await loadOne(ctx, exec, b, id, scope);
  await ctx.audit(exec, { target: id, before, after });
  return { before, after };
}

/** `confirmed`: the caller has seen who holds the row and removes it anyway (rules declared `ask`). */
export async function removeRow(ctx: RequestContext, exec: Executor, b: ResourceServer, id: number, scope: SQL | undefined, confirmed = false): Promise<void> {
  forgetCounts(b.decl.key);
  const before = await loadOne(ctx, exec, b, id, scope);
  await b.hooks.guard?.(ctx, exec, id, 'remove', before, {});
  // Declared holders first: a tree declaring its children (`usedBy` on its parent field) names them.
  await checkInUse(ctx, exec, b, id, confirmed);
  await checkNoChildren(exec, b, id);
  await b.hooks.beforeRemove?.(ctx, exec, id, before);
  try {
    if (b.hooks.remove) await b.hooks.remove(ctx, exec, id, before);
    else await exec.delete(b.table).where(and(eq(b.id, id), scope));
  } catch (e) {
    throw translateDbError(b, e);
  }
  await releaseHolders(ctx, exec, b, id);
  await ctx.audit(exec, { target: id, before, after: null });
}

/** Actions declared `platform` (an order's payment) are the platform's alone, whatever keys a tenant's roles hold. */
function assertPlatformAction(ctx: RequestContext, decl: { platform?: boolean } | undefined): void {
  if (decl?.platform && !isPlatformOperator(ctx.user())) throw new AppError(Code.FORBIDDEN, 'validation.platformAction');
}

/**
 * Actions declared `takeover` (a password reset lets the caller sign in as the account) act only on accounts holding
 * nothing the caller lacks, never on the organisation's owner unless the caller holds everything (1003 on `id`).
 */
export async function assertTakeoverAllowed(ctx: RequestContext, exec: Executor, decl: { takeover?: boolean } | undefined, id: number): Promise<void> {
  if (decl?.takeover) await assertHoldsUser(exec, ctx.user(), id, ctx.orgId(), 'id', 'validation.takeoverBeyondOwn');
}

/** An action's small form: its fields are required unless declared optional (1001 naming the first one missing). */
export function assertActionFields(decl: { fields?: readonly string[]; optional?: readonly string[] } | undefined, input: Input): void {
  for (const f of decl?.fields ?? []) {
    if (!decl?.optional?.includes(f) && isBlank(input[f])) throw new AppError(Code.VALIDATION, 'validation.required', f);
  }
}

/**
 * Moves `field` to the action's target state; rows already there are left alone, rows elsewhere are refused. The
 * values of the action's small form (a moderation reason), when it declares one, are stored with the move.
 */
export async function transitionRow(ctx: RequestContext, exec: Executor, b: ResourceServer, id: number, action: string, scope: SQL | undefined, input: Input = {}): Promise<void> {
  forgetCounts(b.decl.key);
  const decl = b.decl.actions?.find((a) => a.name === action);
  const t = decl?.transition;
  if (!t) throw new Error(`${b.decl.key}: ${action} is not a transition`);
  const before = await loadOne(ctx, exec, b, id, scope);
  assertPlatformAction(ctx, decl);
  await b.hooks.guard?.(ctx, exec, id, action, before, {});
  await assertTakeoverAllowed(ctx, exec, decl, id);
  assertActionFields(decl, input);
  const current = before[t.field] as string | number;
  if (current === t.to) return;
  if (!t.from.includes(current)) throw new AppError(Code.CONFLICT, 'validation.stateTransition', t.field);
  const col = b.columns[t.field];
  if (!col || is(col, SQL)) throw new Error(`${b.decl.key}: transition field ${t.field} is not a column`);
  const values: ColumnValues = { ...(decl?.fields?.length ? columnValues(b, input, 'update', decl.fields) : {}), [propOf(b, col as PgColumn)]: t.to };
  const updatedAt = hasColumn(b, 'updated_at');
  if (updatedAt) values[propOf(b, updatedAt)] = ctx.services.now();
  await exec.update(b.table).set(values as never).where(and(eq(b.id, id), scope));
  await b.hooks.afterTransition?.(ctx, exec, id, action, before);
  const after = await loadOne(ctx, exec, b, id, scope);
  await ctx.audit(exec, { target: id, before, after });
}

export async function runAction(ctx: RequestContext, exec: Executor, b: ResourceServer, id: number, action: string, input: Input, scope: SQL | undefined): Promise<ActionAnswer | undefined> {
  forgetCounts(b.decl.key);
  const handler = b.actions[action];
  if (!handler) throw new Error(`${b.decl.key}: no handler for ${action}`);
  const before = await loadOne(ctx, exec, b, id, scope);
  const decl = b.decl.actions?.find((a) => a.name === action);
  assertPlatformAction(ctx, decl);
  await b.hooks.guard?.(ctx, exec, id, action, before, input);
  await assertTakeoverAllowed(ctx, exec, decl, id);
  const answered = await handler(ctx, exec, id, input, before);
  const after = answered?.gone ? null : await loadOne(ctx, exec, b, id, scope);
  await ctx.audit(exec, { target: id, before, after });
  return answered ?? undefined;
}
