import { FUNCTION_MENU_PATH, type GrantTree, type Page } from '@gx/contract';
import { requestData, type Body, type RequestOptions } from './request';

/**
 * The one typed client of every resource family (apps/server/src/resources/endpoint.ts): a declaration's path is
 * all it needs. Components never call `fetch`; they get a client for their declaration and call its methods.
 */

/** A row as the server answers it: wire field names, ISO instants, ids of references. */
export type Row = Record<string, unknown> & { id: number };

/** A node of a tree-shaped resource (`tree` method): the row plus its children. */
export type TreeRow = Row & { children: TreeRow[] };

/** List request: paging, sort, and the declared filters (`<field>`, `<field>_from`/`<field>_to`, `keyword`). */
export interface ListParams {
  page: number;
  size: number;
  sort?: string;
  order?: 'asc' | 'desc';
  filters?: Record<string, unknown>;
}

export interface PickerOption {
  value: number;
  label: string;
  parent?: number | null;
}

/** Picker answer: at most 50 options; `more` means there are others and the user should refine the search. */
export interface PickerAnswer {
  list: PickerOption[];
  more: boolean;
  limit: number;
}

export interface ExportAnswer {
  filename: string;
  mimetype: string;
  /** The file, base64-encoded. */
  content: string;
  rows: number;
}

export type ExportFormat = 'xlsx' | 'csv';

/** One problem of a refused import: spreadsheet row (1 is the header), column (field name or header) and text. */
export interface ImportProblem {
  row: number;
  column: string;
  message: string;
}

/** `data` of a refused import (code 1001, field `file`). */
export interface ImportRefusal {
  errors: ImportProblem[];
  total: number;
}

/** Rows to act on: one (`id`) or several (`ids`). */
export type Target = { id: number } | { ids: number[] };

export interface ResourceClient {
  list(params: ListParams): Promise<Page<Row>>;
  tree(): Promise<TreeRow[]>;
  detail(id: number): Promise<Row>;
  add(values: Body): Promise<Row>;
  update(id: number, values: Body): Promise<Row>;
  remove(target: Target): Promise<{ removed: number }>;
  /** A declared state or custom action (enable, disable, reset_password, pay…). */
  action(name: string, target: Target, values?: Body): Promise<unknown>;
  /** Picker options matching a typed prefix, or the labels of given ids (silent: a form must not toast for labels). */
  select(query: { keyword?: string; ids?: number[] }, signal?: AbortSignal): Promise<PickerAnswer>;
  export(params: Omit<ListParams, 'page' | 'size'>, format: ExportFormat): Promise<ExportAnswer>;
  import(file: File): Promise<{ imported: number }>;
}

const quiet: RequestOptions = { loading: false };

export function resourceClient(path: string): ResourceClient {
  const call = <T>(method: string, body: Body = {}, options?: RequestOptions) => requestData<T>(path, { method, ...body }, options);
  return {
    list: ({ page, size, sort, order, filters }) =>
      call('list', { page, size, ...(sort ? { sort, order: order ?? 'asc' } : {}), ...filters }, quiet),
    tree: () => call('tree', {}, quiet),
    detail: (id) => call('detail', { id }, quiet),
    add: (values) => call('add', values),
    update: (id, values) => call('update', { ...values, id }),
    remove: (target) => call('remove', target),
    action: (name, target, values = {}) => call(name, { ...values, ...target }),
    select: (query, signal) =>
      call('select', { ...(query.keyword ? { keyword: query.keyword } : {}), ...(query.ids?.length ? { ids: query.ids } : {}) }, {
        loading: false,
        silent: true,
        ...(signal ? { signal } : {}),
      }),
    export: ({ sort, order, filters }, format) => call('export', { format, ...(sort ? { sort, order: order ?? 'asc' } : {}), ...filters }),
    import: (file) => {
      const form = new FormData();
      form.append('method', 'import');
      form.append('file', file, file.name);
      return requestData(path, form);
    },
  };
}

/** The role editor's catalogue: the menus the caller's organisation may grant, each with its buttons. */
export function fetchGrantTree(): Promise<GrantTree> {
  return requestData<GrantTree>(FUNCTION_MENU_PATH, { method: 'tree' }, quiet);
}
