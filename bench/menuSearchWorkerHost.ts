import { parentPort } from 'node:worker_threads';

/**
 * Runs the console's search worker (apps/web/src/utils/menuSearch.worker.ts) unchanged in a Node worker thread, so
 * the bench times a keystroke as the console does: the query posted to the worker, searched there, and the answer
 * posted back. The worker module talks to `self` as a dedicated Web Worker does; this gives it one.
 */
const port = parentPort;
if (!port) throw new Error('menuSearchWorkerHost runs as a worker thread');
const scope: { onmessage: ((e: { data: unknown }) => void) | null; postMessage: (m: unknown) => void } = {
  onmessage: null,
  postMessage: (m) => port.postMessage(m),
};
(globalThis as unknown as { self: typeof scope }).self = scope;
// Imported once `self` exists: the module sets its handler when it loads.
await import('../apps/web/src/utils/menuSearch.worker');
port.on('message', (data: unknown) => scope.onmessage?.({ data }));
port.postMessage({ ready: true });
