/**
 * A package loaded on its first use rather than at start: libraries only some requests need (spreadsheets, Word
 * documents, image decoding) cost a server ~0.3 s of CPU at every start when imported up front (a CPU profile of the
 * built server's start: exceljs 189 ms, mammoth 34 ms, sharp 29 ms). The first caller waits for the load; the
 * others share it.
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      // A failed load is tried again by the next caller, not remembered.
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
