import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDecl } from '@gx/contract';
import type { Executor } from '../db/client';
import type { RequestContext } from '../http/context';
import type { MethodSpec } from '../http/endpoint';
import type { Reading } from './spreadsheet/readableValue';

/** A row as the wire carries it: declared field name → value (dates as ISO strings). */
export type WireRow = Record<string, unknown>;
/** A validated request body. */
export type Input = Record<string, unknown>;
/** Column values for an insert or update, keyed by the table's property names. */
export type ColumnValues = Record<string, unknown>;

/**
 * How a resource's rows belong to tenants.
 * `column`: the table has an organisation column (and, with `within`, a fixed condition). `custom`: membership lives elsewhere (users belong to
 * organisations through org_members); `where` selects the organisation's rows, hooks attach new ones.
 * `platform`: platform-wide rows (with `within`, a fixed condition).
 */
export type TenantScope =
  | {
    kind: 'column';
    column: PgColumn;
    /** Rows of the organisation are further narrowed to these (one device family's page of the one registry). */
    within?: SQL;
  }
  | { kind: 'custom'; where(orgId: number): SQL }
  | {
    kind: 'platform';
    /** Rows are further narrowed to these (one section's page of the website's one table). */
    within?: SQL;
  };

/** A declared field that is not a column: loaded for a page of rows and saved after the row is written. */
export interface VirtualField {
  /**
   * The value as a correlated subquery of the row (an array of ids, say), selected with the page itself: no second
   * round trip. Preferred over `load` where the value is one expression.
   */
  select?(ctx: RequestContext): SQL;
  load?(exec: Executor, ids: number[], ctx: RequestContext): Promise<Map<number, unknown>>;
  save?(exec: Executor, id: number, value: unknown, ctx: RequestContext, isNew: boolean): Promise<void>;
  /** For a reference kept elsewhere (a user's roles): the rows whose field names `id`, as a condition on this table. */
  holding?(id: number): SQL;
}

/**
 * Server hooks: where a resource needs more than the generic path (hash a password, protect a record, keep a
 * related table in step). Each runs inside the call's transaction; throwing an AppError refuses the call.
 */
export interface ResourceHooks {
  /** Before any change to an existing row (update, remove, state action, custom action). */
  guard?(ctx: RequestContext, exec: Executor, id: number, operation: string, before: WireRow, input: Input): Promise<void>;
  /**
   * Before an export, after the generic rendering's inputs are loaded: cells the declaration alone cannot make
   * readable (the operation log's before/after, read against the resource each entry acted on), as final text.
   */
  readableCells?(ctx: RequestContext, rows: WireRow[], reading: Reading): Promise<void>;
  /** Before many adds (import): prepare slow work in parallel, e.g. hash every password at once. */
  prepareAdds?(ctx: RequestContext, inputs: Input[]): Promise<void>;
  beforeAdd?(ctx: RequestContext, exec: Executor, input: Input, values: ColumnValues): Promise<void>;
  afterAdd?(ctx: RequestContext, exec: Executor, id: number, input: Input): Promise<void>;
  beforeUpdate?(ctx: RequestContext, exec: Executor, id: number, input: Input, values: ColumnValues, before: WireRow): Promise<void>;
  afterUpdate?(ctx: RequestContext, exec: Executor, id: number, input: Input, before: WireRow): Promise<void>;
  /** Replaces the DELETE (users leave the organisation rather than disappear). */
  remove?(ctx: RequestContext, exec: Executor, id: number, before: WireRow): Promise<void>;
  beforeRemove?(ctx: RequestContext, exec: Executor, id: number, before: WireRow): Promise<void>;
  afterTransition?(ctx: RequestContext, exec: Executor, id: number, action: string, before: WireRow): Promise<void>;
  /**
   * Extra fields for the add answer only, never logged (a device's secret, shown once). Runs after the operation
   * log entry is written.
   */
  addAnswer?(ctx: RequestContext, id: number, input: Input): Record<string, unknown>;
}

/** A custom row action declared in the resource's `actions` (no `transition`): the row is loaded in scope first. */
export type ActionHandler = (ctx: RequestContext, exec: Executor, id: number, input: Input, before: WireRow) => Promise<void | ActionAnswer>;

/**
 * What a custom action may add to its one-row answer, never logged (a new device secret, shown once). `gone`: the
 * action took the row out of the caller's scope (a device unbound back to the warehouse), so no row follows.
 */
export interface ActionAnswer { answer: Record<string, unknown>; gone?: boolean }

/** The server half of a resource: the declaration bound to its table, scope, and custom parts. */
export interface ResourceServer {
  decl: ResourceDecl;
  table: PgTable;
  id: PgColumn;
  /**
   * Declared field → column, or a read-only SQL expression (counts, names from related tables). Fields whose
   * name equals a column's name are bound automatically.
   */
  columns: Record<string, PgColumn | SQL>;
  tenant: TenantScope;
  virtual: Record<string, VirtualField>;
  hooks: ResourceHooks;
  actions: Record<string, ActionHandler>;
  /** Further methods on the resource's path (a special query, a tree for a widget). */
  methods: Record<string, MethodSpec>;
  /** Further methods on the path its actions are served at (`decl.actionsAt`). */
  actionMethods: Record<string, MethodSpec>;
}
