import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDecl } from '@gx/contract';
import type { MethodSpec } from '../http/endpoint';
import type { ActionHandler, ResourceHooks, ResourceServer, TenantScope, VirtualField } from './types';

export interface DefineOptions {
  decl: ResourceDecl;
  table: PgTable;
  tenant: TenantScope;
  /** Defaults to the table's `id` column. */
  id?: PgColumn;
  /** Fields bound to something other than the column of the same name. */
  columns?: Record<string, PgColumn | SQL>;
  virtual?: Record<string, VirtualField>;
  hooks?: ResourceHooks;
  actions?: Record<string, ActionHandler>;
  methods?: Record<string, MethodSpec>;
  /** Further methods beside the actions, on the path the declaration serves them at (`actionsAt`). */
  actionMethods?: Record<string, MethodSpec>;
}

/**
 * Binds a declaration to its table. Fails at start, naming the field, when a readable field is bound to nothing
 * or a declared custom action has no handler, so a typo never reaches a request. The area lists the binding in
 * its `resources`; nothing registers at import time.
 */
export function defineResource(opts: DefineOptions): ResourceServer {
  const { decl, table } = opts;
  const tableColumns = Object.values(getTableColumns(table)) as PgColumn[];
  const byDbName = new Map(tableColumns.map((c) => [c.name, c]));
  const id = opts.id ?? byDbName.get('id');
  if (!id) throw new Error(`${decl.key}: table has no id column`);
  const columns: Record<string, PgColumn | SQL> = {};
  const virtual = opts.virtual ?? {};
  for (const [name, field] of Object.entries(decl.fields)) {
    const bound = opts.columns?.[name] ?? byDbName.get(name);
    if (bound) columns[name] = bound;
    else if (!virtual[name] && !field.writeOnly) {
      throw new Error(`${decl.key}: field ${name} is bound to no column, expression or virtual field`);
    }
  }
  const actions = opts.actions ?? {};
  for (const a of decl.actions ?? []) {
    if (!a.transition && !actions[a.name]) throw new Error(`${decl.key}: action ${a.name} has no handler`);
  }
  if (opts.actionMethods && !decl.actionsAt) throw new Error(`${decl.key}: actionMethods without actionsAt`);
  const b: ResourceServer = {
    decl, table, id, columns, tenant: opts.tenant, virtual, hooks: opts.hooks ?? {}, actions, methods: opts.methods ?? {},
    actionMethods: opts.actionMethods ?? {},
  };
  return b;
}
