import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { operationLog } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { columnOf } from '../../resources/query';
import { pickerLabelOf, referenceLabels } from '../../resources/referenceLabels';
import { readableValue, type Reading } from '../../resources/spreadsheet/readableValue';
import type { ResourceServer } from '../../resources/types';

/** The resource an entry's action (`<path>#<method>`, or `<path>/<method>#<method>` by an alias path) acted on. */
export function actedOn(ctx: RequestContext, action: string): ResourceServer | undefined {
  // A sign-in or sign-out acts on the account: its entry's target is the user's id.
  if (action === 'login' || action === 'logout') return ctx.resources.bindingOf('system.user');
  const [path = '', methodName = ''] = action.split('#');
  const base = path.endsWith(`/${methodName}`) ? path.slice(0, -methodName.length - 1) : path;
  return ctx.resources.allBindings().find((b) => b.decl.path === base);
}

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * The object an entry acted on, named as its picker names it ("Ann (ann01)"): read from the entry's own before /
 * after (so a removed row is still named), else from the row as it is now; the bare id when neither knows it.
 */
export async function targetLabels(ctx: RequestContext, exec: Executor, ids: number[]): Promise<Map<number, unknown>> {
  const out = new Map<number, unknown>();
  if (!ids.length) return out;
  const entries = await exec.select({ id: operationLog.id, action: operationLog.action, target: operationLog.target, before: operationLog.before, after: operationLog.after })
    .from(operationLog).where(inArray(operationLog.id, ids));
  for (const e of entries) {
    const b = actedOn(ctx, e.action);
    const id = Number(e.target);
    if (!b || !e.target || !Number.isInteger(id)) {
      out.set(e.id, e.target);
      continue;
    }
    const known: Record<string, unknown> = { id, ...asObject(e.before), ...asObject(e.after) };
    const labelFields = b.decl.picker?.label ?? [];
    if (labelFields.some((f) => known[f] !== undefined && known[f] !== null && known[f] !== '')) {
      out.set(e.id, pickerLabelOf(b, known));
      continue;
    }
    const [now] = await exec.select(Object.fromEntries(labelFields.map((f) => [f, columnOf(b, f)]))).from(b.table).where(eq(b.id, id)).limit(1);
    out.set(e.id, now ? pickerLabelOf(b, { id, ...now }) : e.target);
  }
  return out;
}

/**
 * An entry's before or after as a person reads it: each field by its label, its value as the list shows it (option
 * labels, local time, referenced rows' names), one per line. Fields the resource does not declare keep their name.
 */
export async function readableChange(ctx: RequestContext, exec: Executor, action: string, value: unknown, reading: Reading): Promise<string> {
  if (value === null || value === undefined) return '';
  const b = actedOn(ctx, action);
  const o = asObject(value);
  if (!b || Array.isArray(value) || typeof value !== 'object') return JSON.stringify(value);
  const refs = await referenceLabels(ctx, exec, b, Object.keys(o), [o]);
  return Object.entries(o).map(([name, v]) => {
    const f = b.decl.fields[name];
    if (!f) return `${name}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v ?? '')}`;
    return `${f.label[reading.lang]}: ${readableValue(name, f, v, { ...reading, refs })}`;
  }).join('\n');
}
