/**
 * Browser storage helpers. `clearAllStorage` is used by logout and by the app update (SPEC §4); after it runs the
 * page is about to reload, so nothing may write the tab list back on `beforeunload`.
 */
let persistSuppressed = false;

export function isPersistSuppressed(): boolean {
  return persistSuppressed;
}

export function clearAllStorage(): void {
  persistSuppressed = true;
  try {
    sessionStorage.clear();
    localStorage.clear();
  } catch {
    // Storage can be unavailable (private mode, disabled cookies); there is then nothing to clear.
  }
}

export function readSession<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeSession(key: string, value: unknown): void {
  if (persistSuppressed) return;
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy errors only lose the restored tab list; the app keeps working.
  }
}
