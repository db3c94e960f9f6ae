import { Code } from '@gx/contract';
import { AppError } from '../http/errors';
import type { Input, WireRow } from './types';

/** The instant of a wire (ISO text) or stored (Date) datetime; null when there is none. */
function instant(v: unknown): number | null {
  if (v instanceof Date) return v.getTime();
  return typeof v === 'string' && v ? Date.parse(v) : null;
}

/**
 * A time window whose end is not after its start is refused on the end field, on add and on a partial update
 * alike: a field the request leaves out keeps its stored value. An open end (none given) is always fine.
 */
export function assertEndsAfterStart(input: Input, before: WireRow | undefined, start: string, end: string): void {
  const from = instant(start in input ? input[start] : before?.[start]);
  const until = instant(end in input ? input[end] : before?.[end]);
  if (from !== null && until !== null && until <= from) throw new AppError(Code.VALIDATION, 'validation.endsBeforeStart', end);
}
