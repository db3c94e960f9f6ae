/**
 * A lazy module's code that did not arrive: the connection dropped, or a new build replaced the files this console
 * was loaded with. Chromium, Firefox and Safari word it differently; Vite's preload helper adds its own for CSS.
 * Only a reload brings it: React keeps a lazy component's failed import, and the browser its failed module.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}
