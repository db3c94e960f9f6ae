// Processes of the bench: a free loopback port, and a forked child (a load generator, a bare broker) spoken to over
// IPC with request ids, so load never shares an event loop with the measurements.
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { LoadReply } from './deviceLoad';

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** A forked child answering requests that carry `rid`. */
export function child(file: string) {
  const proc: ChildProcess = fork(here(file), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let next = 0;
  const waiting = new Map<number, (r: LoadReply & { error?: string; port?: number; count?: number }) => void>();
  proc.on('message', (m: LoadReply & { error?: string }) => {
    const w = waiting.get(m.rid);
    waiting.delete(m.rid);
    w?.(m);
  });
  return {
    proc,
    /** Resolves with the reply to rid (-1 is the child's "ready" message). */
    reply(rid: number) {
      return new Promise<LoadReply & { error?: string; port?: number; count?: number }>((resolve, reject) => {
        waiting.set(rid, (r) => (r.error ? reject(new Error(r.error)) : resolve(r)));
      });
    },
    ask<T extends object>(msg: T) {
      const rid = ++next;
      const p = this.reply(rid);
      proc.send({ ...msg, rid });
      return p;
    },
    stop() { proc.kill('SIGTERM'); },
  };
}

