import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type FieldDecl, type ResourceDecl } from '@gx/contract';
import type { SortState } from './columns';

/**
 * A list's state — filters, page, page size, sort — as URL query parameters and back, read from the declaration
 * alone, so every resource's list is shareable and survives a reload without code of its own. Parameters carry the
 * resource's short name (`user.page=2`), so two lists on one page (tabs) keep theirs apart.
 */

export interface ListState {
  page: number;
  size: number;
  sort: SortState;
  /** The list body's filter fields (`<f>`, `<f>_from` / `<f>_to`, `keyword`). */
  filters: Record<string, unknown>;
}

export const INITIAL_LIST_STATE: ListState = { page: 1, size: DEFAULT_PAGE_SIZE, sort: {}, filters: {} };

export function paramPrefix(decl: ResourceDecl): string {
  return `${decl.key.split('.').pop() ?? decl.key}.`;
}

const NUMERIC = new Set<FieldDecl['type']>(['integer', 'number', 'select', 'boolean', 'ref', 'refMany']);

/** The wire value of filter parameter `name` (numbers for numeric and option fields whose options are numbers). */
function filterValue(decl: ResourceDecl, name: string, raw: string): unknown {
  if (name === 'keyword') return raw;
  const field = name.replace(/_(from|to)$/, '');
  const f = decl.fields[name] ?? decl.fields[field];
  if (!f) return undefined;
  const numeric = NUMERIC.has(f.type) && !(f.type === 'select' && f.options?.some((o) => typeof o.value === 'string'));
  if (!numeric || f.type === 'datetime') return raw;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

function filterNames(decl: ResourceDecl): string[] {
  const names = decl.list.filters.flatMap((flt) => (flt.kind === 'range' ? [`${flt.field}_from`, `${flt.field}_to`] : [flt.field]));
  return decl.list.keyword ? [...names, 'keyword'] : names;
}

export function readListState(decl: ResourceDecl, params: URLSearchParams): ListState {
  const p = paramPrefix(decl);
  const int = (name: string, fallback: number, max: number) => {
    const n = Number(params.get(p + name));
    return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
  };
  const sortField = params.get(`${p}sort`);
  const sortable = decl.list.columns.some((c) => c.field === sortField && c.sortable);
  const order = params.get(`${p}order`) === 'desc' ? 'desc' : 'asc';
  const filters: Record<string, unknown> = {};
  for (const name of filterNames(decl)) {
    const raw = params.get(p + name);
    if (raw === null || raw === '') continue;
    const v = filterValue(decl, name, raw);
    if (v !== undefined) filters[name] = v;
  }
  return {
    page: int('page', 1, 1_000_000),
    size: int('size', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: sortable && sortField ? { field: sortField, order } : {},
    filters,
  };
}

/** `params` with this list's parameters replaced by `state` (defaults left out); other parameters are kept. */
export function writeListState(decl: ResourceDecl, params: URLSearchParams, state: ListState): URLSearchParams {
  const p = paramPrefix(decl);
  const next = new URLSearchParams();
  for (const [k, v] of params) if (!k.startsWith(p)) next.append(k, v);
  if (state.page !== 1) next.set(`${p}page`, String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) next.set(`${p}size`, String(state.size));
  if (state.sort.field) {
    next.set(`${p}sort`, state.sort.field);
    next.set(`${p}order`, state.sort.order ?? 'asc');
  }
  for (const [k, v] of Object.entries(state.filters)) if (v !== undefined && v !== null && v !== '') next.set(p + k, String(v));
  return next;
}
