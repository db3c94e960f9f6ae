import {
  Code, FUNCTION_MENU_PATH, type BatchResult, type ExportAnswer, type ExportFormat, type GrantTree, type Page, type PickerAnswer,
} from '@gx/contract';
import { ApiError } from './errors';
import { requestData, requestFile, type Body, type FileAnswer, type RequestOptions } from './request';

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

export type { ExportAnswer, ExportFormat, ImportProblem, ImportRefusal, PickerAnswer, PickerOption } from '@gx/contract';

/** Rows to act on: one (`id`) or several (`ids`). */
export type Target = { id: number } | { ids: number[] };

export interface ResourceClient {
  list(params: ListParams): Promise<Page<Row>>;
  tree(): Promise<TreeRow[]>;
  detail(id: number): Promise<Row>;
  add(values: Body): Promise<Row>;
  update(id: number, values: Body): Promise<Row>;
  /**
   * `confirm`: remove a row others hold, after the user saw who (declared `ask`). IN_USE is not toasted: the caller
   * asks (or reports a refusal).
   */
  remove(target: Target, confirm?: boolean): Promise<{ removed: number }>;
  /** A declared state or custom action (enable, disable, reset_password, pay…). */
  action(name: string, target: Target, values?: Body): Promise<unknown>;
  /**
   * Remove or a declared action on several rows: the server answers row by row (done / refused with the reason).
   * Silent: the caller reports the outcome, naming the refused rows; a failure other than refusals still throws.
   */
  batch(method: string, ids: number[], extra?: Body): Promise<BatchResult>;
  /** Picker options matching a typed prefix, or the labels of given ids (silent: a form must not toast for labels). */
  select(query: { keyword?: string; ids?: number[] }, signal?: AbortSignal): Promise<PickerAnswer>;
  export(params: Omit<ListParams, 'page' | 'size'>, format: ExportFormat): Promise<ExportAnswer>;
  /** The same export answered as the file itself, streamed: for lists past EXPORT_MAX_ROWS. */
  exportFile(params: Omit<ListParams, 'page' | 'size'>, format: ExportFormat): Promise<FileAnswer>;
  import(file: File): Promise<{ imported: number }>;
}

const quiet: RequestOptions = { loading: false };

/** The list's sort and filters, in the browser's time zone so the file's times read as the list shows them. */
function exportBody({ sort, order, filters }: Omit<ListParams, 'page' | 'size'>, format: ExportFormat): Body {
  return { format, tz: Intl.DateTimeFormat().resolvedOptions().timeZone, ...(sort ? { sort, order: order ?? 'asc' } : {}), ...filters };
}

/**
 * `path`: the declaration's path; `pathOf`: where a method is served when not there (a declaration serving its
 * actions apart, `actionsAt`: pass `(m) => methodPath(decl, m)`).
 */
export function resourceClient(path: string, pathOf: (method: string) => string = () => path): ResourceClient {
  const call = <T>(method: string, body: Body = {}, options?: RequestOptions) => requestData<T>(pathOf(method), { method, ...body }, options);
  return {
    list: ({ page, size, sort, order, filters }) =>
      call('list', { page, size, ...(sort ? { sort, order: order ?? 'asc' } : {}), ...filters }, quiet),
    tree: () => call('tree', {}, quiet),
    detail: (id) => call('detail', { id }, quiet),
    add: (values) => call('add', values),
    update: (id, values) => call('update', { ...values, id }),
    remove: (target, confirm = false) => call('remove', { ...target, ...(confirm ? { confirm: true } : {}) }, { quietCodes: [Code.IN_USE] }),
    action: (name, target, values = {}) => call(name, { ...values, ...target }),
    batch: async (method, ids, extra = {}) => {
      try {
        return await call<BatchResult>(method, { ...extra, ids }, { silent: true });
      } catch (e) {
        // Nothing done: the refusal carries the per-row answer.
        const data = e instanceof ApiError ? (e.envelope.data as BatchResult | undefined) : undefined;
        if (data && Array.isArray(data.refused)) return data;
        throw e;
      }
    },
    select: (query, signal) =>
      call('select', { ...(query.keyword ? { keyword: query.keyword } : {}), ...(query.ids?.length ? { ids: query.ids } : {}) }, {
        loading: false,
        silent: true,
        ...(signal ? { signal } : {}),
      }),
    export: (params, format) => call('export', exportBody(params, format)),
    exportFile: (params, format) => requestFile(pathOf('export'), { method: 'export', ...exportBody(params, format), stream: true }),
    import: (file) => {
      const form = new FormData();
      form.append('method', 'import');
      form.append('file', file, file.name);
      // The dialog says how many rows came in; "operation succeeded" alone would not.
      return requestData(path, form, { quietSuccess: true });
    },
  };
}

/** The role editor's catalogue: the menus the caller's organisation may grant, each with its buttons. */
export function fetchGrantTree(): Promise<GrantTree> {
  return requestData<GrantTree>(FUNCTION_MENU_PATH, { method: 'tree' }, quiet);
}
