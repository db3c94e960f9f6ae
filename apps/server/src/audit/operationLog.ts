import { operationLog } from '../db/schema';
import type { Executor } from '../db/client';

const SECRET_KEYS = /pass(word)?|token|secret|code$/i;

/** Drops secrets from what the operation log keeps, so before → after never holds a password hash or token. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEYS.test(k)) out[k] = '***';
      else if (Buffer.isBuffer(v)) out[k] = `<${v.length} bytes>`;
      else out[k] = redact(v);
    }
    return out;
  }
  return value;
}

export interface LogRow {
  userId: number | null;
  username: string;
  orgId: number | null;
  ip: string;
  action: string;
  target?: string | number | undefined;
  before?: unknown;
  after?: unknown;
  requestId: string;
}

export async function writeOperationLog(exec: Executor, row: LogRow): Promise<void> {
  await exec.insert(operationLog).values({
    userId: row.userId,
    username: row.username,
    orgId: row.orgId,
    ip: row.ip,
    action: row.action,
    target: row.target === undefined ? '' : String(row.target),
    before: row.before === undefined ? null : redact(row.before),
    after: row.after === undefined ? null : redact(row.after),
    requestId: row.requestId,
  });
}
