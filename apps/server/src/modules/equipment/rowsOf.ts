/** Rows of a raw `execute()`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []);
}
