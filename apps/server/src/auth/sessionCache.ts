import type { Database, Executor } from '../db/client';
import type { Principal } from '../http/context';
import { checkSession, principalOf, readSession, touchSession, type SessionRecord } from './session';
import { hashToken } from './token';
import { sharedReads } from '../db/sharedReads';

/** A held caller is read again after this long even if no change was announced (a safety net, not the mechanism). */
export const MAX_AGE_MS = 30_000;
/** Past this many held tokens the oldest are dropped. */
const MAX_ENTRIES = 20_000;
/** After the LISTEN connection drops, listening is tried again this often; nothing is held meanwhile. */
const RELISTEN_MS = 1_000;

interface Held {
  row: SessionRecord;
  principal: Principal;
  readAt: number;
}

export interface SessionCache {
  /** Token → caller with its permission keys; unknown 1002, expired 1004, revoked or disabled 1005. */
  resolve(exec: Executor, token: string, now: Date, ttlSeconds: number): Promise<Principal>;
  /** Forgets every held caller: this instance committed a change that may decide one (see `forgetAfterWrites`). */
  forget(): void;
  start(): Promise<void>;
  close(): Promise<void>;
  /** Whether callers are being held (the change channel is listening). */
  readonly holding: boolean;
}

/**
 * Signed-in callers held in memory, so a call makes no database round trip to learn who is calling and what they
 * may do. Nothing is held unless this instance hears `gx_auth_<schema>`, which the database raises at the commit of
 * any change to sessions, accounts, organisations, roles or grants (migration 0035): every instance forgets all it
 * holds within milliseconds of a logout, a password change or a disabled account, wherever it happened.
 *
 * A read that began before such a change could finish after it with the old answer; a generation counter keeps it
 * from being stored. This instance's own writes are forgotten synchronously as well, since the notification comes
 * back asynchronously and the client's next call may arrive first.
 */
export function createSessionCache(database: Database, onError: (err: unknown) => void): SessionCache {
  const held = new Map<string, Held>();
  /** Reads under way, by the generation they began in and token hash: one per token for the callers arriving together. */
  const reading = sharedReads<string, SessionRecord | undefined>();
  let generation = 0;
  let listening = false;
  let stopListening: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  const channel = `gx_auth_${database.pgSchema}`;

  const forget = () => {
    generation++;
    held.clear();
  };

  /** The listen under way, if any: `close` waits for it, so no connection is left checked out of a closing pool. */
  let pending: Promise<void> | null = null;
  const listenOnce = async (): Promise<void> => {
    if (!database.listen || closed) return;
    try {
      const stop = await database.listen(channel, forget, () => {
        listening = false;
        stopListening = null;
        forget();
        scheduleRetry();
      });
      if (closed) {
        await stop();
        return;
      }
      stopListening = stop;
      forget();
      listening = true;
    } catch (err) {
      if (closed) return;
      onError(err);
      scheduleRetry();
    }
  };
  const listen = (): Promise<void> => {
    pending ??= listenOnce().finally(() => { pending = null; });
    return pending;
  };
  const scheduleRetry = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, RELISTEN_MS);
    retry.unref();
  };

  return {
    async resolve(exec, token, now, ttlSeconds) {
      const hash = hashToken(token);
      const nowMs = now.getTime();
      const hit = listening ? held.get(hash) : undefined;
      // An expiry another instance may have slid forward, or a stale entry, is read again rather than refused.
      if (hit && nowMs - hit.readAt < MAX_AGE_MS && hit.row.expiresAt.getTime() > nowMs) {
        await touchSession(exec, hit.row, now, ttlSeconds);
        return { ...hit.principal };
      }
      if (hit) held.delete(hash);
      const gen = generation;
      const row = checkSession(await reading(`${gen}\u0001${hash}`, () => readSession(exec, hash)), now);
      await touchSession(exec, row, now, ttlSeconds);
      const principal = principalOf(row);
      if (listening && gen === generation) {
        if (held.size >= MAX_ENTRIES) {
          const oldest = held.keys().next();
          if (!oldest.done) held.delete(oldest.value);
        }
        held.set(hash, { row, principal, readAt: nowMs });
      }
      return { ...principal };
    },
    forget,
    start: listen,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listening = false;
      forget();
      await pending;
      await stopListening?.();
      stopListening = null;
    },
    get holding() {
      return listening;
    },
  };
}
