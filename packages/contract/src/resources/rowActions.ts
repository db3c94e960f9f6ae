/**
 * Per-row permissions and per-row results: the list tells the console which row operations the server would
 * refuse, and a batch answers row by row instead of failing whole.
 */

/** Key of a listed row holding `{ operation: reason }` for every row operation the server would refuse on it. */
export const DENIED_KEY = '_denied';

export interface BatchRefusal {
  id: number;
  message: string;
  /** The refusal's code; IN_USE carries who holds the row, so the console can ask and re-send with `confirm`. */
  code?: number;
  inUse?: InUseAnswer;
}

/** Answer of a remove or action called with `ids`: rows done, and rows refused with the reason. */
export interface BatchResult {
  done: number[];
  refused: BatchRefusal[];
}

/** How many holders an IN_USE answer names; the count says how many more there are. */
export const IN_USE_NAMES = 5;

/** Data of an IN_USE answer: who holds the row, and whether confirming (`confirm: true`) lets the remove go ahead. */
export interface InUseAnswer {
  onRemove: 'ask' | 'refuse';
  count: number;
  names: string[];
}
