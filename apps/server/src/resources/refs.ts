import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '@gx/contract';
import type { Executor } from '../db/client';
import type { RequestContext } from '../http/context';
import { AppError } from '../http/errors';
import { referenceScope } from './scope';
import { columnOf } from './query';
import type { Input, ResourceServer } from './types';

/**
 * References in a body (a user's roles, an order's app, a department's parent) must name rows the caller may
 * reference: its own organisation's, or platform-wide ones. Another tenant's id answers NOT_FOUND, exactly like
 * an id that does not exist, so ids cannot be probed.
 */
export async function checkReferences(ctx: RequestContext, exec: Executor, b: ResourceServer, input: Input): Promise<void> {
  for (const [name, f] of Object.entries(b.decl.fields)) {
    if ((f.type !== 'ref' && f.type !== 'refMany') || !f.ref) continue;
    const v = input[name];
    const ids = f.type === 'ref' ? (typeof v === 'number' ? [v] : []) : Array.isArray(v) ? (v as number[]) : [];
    if (!ids.length) continue;
    const target = ctx.resources.bindingOf(f.ref.resource);
    if (!target) throw new Error(`${b.decl.key}.${name}: unknown referenced resource ${f.ref.resource}`);
    const found = await exec.select({ id: target.id }).from(target.table).where(and(inArray(target.id, ids), referenceScope(ctx, target)));
    if (found.length !== new Set(ids).size) throw new AppError(Code.NOT_FOUND, undefined, name);
  }
}

/** A tree row may not become its own ancestor. */
export async function checkNoCycle(exec: Executor, b: ResourceServer, id: number, parentId: unknown): Promise<void> {
  const parentField = b.decl.list.tree?.parentField;
  if (!parentField || typeof parentId !== 'number') return;
  const parentCol = b.columns[parentField];
  if (!parentCol) return;
  let cur: number | null = parentId;
  for (let depth = 0; cur !== null && depth < 100; depth++) {
    if (cur === id) throw new AppError(Code.VALIDATION, 'validation.parentCycle', parentField);
    const [row] = await exec.select({ parent: parentCol }).from(b.table).where(eq(b.id, cur)).limit(1);
    cur = (row?.parent as number | null | undefined) ?? null;
  }
}

/** A tree row with children cannot be removed (their parent would vanish). */
export async function checkNoChildren(exec: Executor, b: ResourceServer, id: number): Promise<void> {
  const parentField = b.decl.list.tree?.parentField;
  if (!parentField || !b.columns[parentField]) return;
  const [child] = await exec.select({ id: b.id }).from(b.table).where(eq(columnOf(b, parentField), id)).limit(1);
  if (child) throw new AppError(Code.CONFLICT, 'validation.hasChildren', 'id');
}
