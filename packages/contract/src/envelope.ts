import { z } from 'zod';
import { Code, type CodeValue } from './codes';

/** The one response shape of every /v3 call. */
export interface Envelope<T = unknown> {
  code: CodeValue | number;
  msg: string;
  method?: string;
  data?: T;
  /** Set on validation failures: the request field that failed (dotted path). */
  field?: string;
  /** Set on server faults so a user can quote it to support. */
  requestId?: string;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** Paging fields every list call accepts; form-encoded bodies arrive as strings, hence coerce. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function isOk(env: Pick<Envelope, 'code'>): boolean {
  return env.code === Code.OK;
}

/** Methods whose success is silent in the console (SPEC §8: read-only methods get no success toast). */
export const READ_ONLY_METHODS: readonly string[] = [
  'list', 'detail', 'info', 'tree', 'select', 'form_select', 'options', 'count', 'we_chart', 'domain_config', 'export',
];
/** Methods whose failures are silent in the console (SPEC §8). */
export const SILENT_METHODS: readonly string[] = ['send_msg_log', 'auth_log', 'agent_check'];
