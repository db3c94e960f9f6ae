import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@gx/contract';
import { openDatabase, type Database, type Executor } from '../db/client';
import { organizations, sessions, users } from '../db/schema';
import { AppError } from '../http/errors';
import { createMember, createOrganization, grantKeys } from '../testing/members';
import { bothEngines, startTestApp, type TestApp } from '../testing/testApp';
import { createSessionCache, MAX_AGE_MS, type SessionCache } from './sessionCache';
import { hashToken } from './token';

/** An executor whose reads fail: a call answered through it was answered from memory. */
function noReads(db: Executor): Executor {
  const fail = () => { throw new Error('read the database'); };
  return { ...db, select: fail, selectDistinct: fail, execute: fail } as unknown as Executor;
}

async function codeOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return Code.OK;
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
}

/**
 * Polls `fn` until it holds. The patience stays well under the cache's safety net (MAX_AGE_MS, when a held caller is
 * read again anyway), so a change seen within it was announced, not aged out. How fast an announcement arrives is a
 * bench figure (`bench/revocation.ts`), since tests never assert timings.
 */
async function within(fn: () => Promise<boolean>, limitMs = MAX_AGE_MS / 2): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (await fn()) return;
    if (Date.now() - start > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setImmediate(r));
  }
}

describe.each(bothEngines)('session cache (%s)', (engine) => {
  let t: TestApp;
  /** Another instance: its own connection pool (PostgreSQL) on the same data. */
  let other: Database;
  let cache: SessionCache;
  let orgId: number;
  const now = () => new Date();
  beforeAll(async () => {
    t = await startTestApp({ engine });
    other = engine === 'postgres'
      ? await openDatabase({ url: t.databaseUrl, pgSchema: t.database.pgSchema, poolSize: 2 })
      : t.database;
    cache = createSessionCache(t.database, (err) => { throw err; });
    await cache.start();
    orgId = await createOrganization(t, 'cache-org');
  });
  afterAll(async () => {
    await cache.close();
    if (other !== t.database) await other.close();
    await t.close();
  });

  /**
   * Reads the caller, then answers it with reads failing. The announcements of the member's own creation arrive
   * asynchronously and may land after the first read, rightly forgetting it: the pair is tried again until they
   * have all arrived (`within`'s patience), so a cache that never holds still fails.
   */
  async function answeredFromMemory(token: string) {
    let answer: Awaited<ReturnType<SessionCache['resolve']>> | undefined;
    await within(async () => {
      await cache.resolve(t.database.db, token, now(), 3600);
      try {
        answer = await cache.resolve(noReads(t.database.db), token, now(), 3600);
        return true;
      } catch (e) {
        if (e instanceof Error && e.message === 'read the database') return false;
        throw e;
      }
    });
    if (!answer) throw new Error('never answered from memory');
    return answer;
  }

  it('answers a held caller, with its permission keys, without reading the database', async () => {
    expect(cache.holding).toBe(true);
    const m = await createMember(t, { username: 'cache-held', orgs: [orgId], keys: ['system.user.list'] });
    const first = await cache.resolve(t.database.db, m.token, now(), 3600);
    expect(first.userId).toBe(m.id);
    expect([...first.permissionKeys ?? []]).toEqual(['system.user.list']);
    expect(await answeredFromMemory(m.token)).toEqual(first);
  });

  it('refuses a token revoked, a user disabled or an organisation disabled elsewhere, as announced', async () => {
    const cases: [string, (userId: number, org: number) => Promise<unknown>][] = [
      ['revoked', (id) => other.db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.userId, id))],
      ['user-disabled', (id) => other.db.update(users).set({ status: 0 }).where(eq(users.id, id))],
      ['org-disabled', (_id, org) => other.db.update(organizations).set({ status: 0 }).where(eq(organizations.id, org))],
    ];
    for (const [name, change] of cases) {
      const org = await createOrganization(t, `org-${name}`);
      const m = await createMember(t, { username: `cache-${name}`, orgs: [org] });
      await cache.resolve(t.database.db, m.token, now(), 3600);
      await change(m.id, org);
      await within(async () => (await codeOf(cache.resolve(t.database.db, m.token, now(), 3600))) === Code.SESSION_REVOKED);
    }
  });

  it('follows a grant made elsewhere', async () => {
    const m = await createMember(t, { username: 'cache-grant', orgs: [orgId] });
    expect((await cache.resolve(t.database.db, m.token, now(), 3600)).permissionKeys?.size).toBe(0);
    await grantKeys({ ...t, database: other }, m.id, orgId, ['system.role.list']);
    await within(async () => (await cache.resolve(t.database.db, m.token, now(), 3600)).permissionKeys?.has('system.role.list') === true);
  });

  it('lets the callers of one token arriving together share one read, and reads again for one arriving after a change', async () => {
    const m = await createMember(t, { username: 'cache-together', orgs: [orgId] });
    let reads = 0;
    const counting = { ...t.database.db, select: (...a: unknown[]) => { reads++; return (t.database.db.select as (...x: unknown[]) => unknown)(...a); } } as unknown as Executor;
    const together = await Promise.all(Array.from({ length: 10 }, () => cache.resolve(counting, m.token, now(), 3600)));
    expect(reads).toBe(1);
    expect(new Set(together.map((p) => p.userId))).toEqual(new Set([m.id]));
    // A change while a read is under way: a caller arriving after it does not take that read's answer.
    cache.forget();
    reads = 0;
    const before = cache.resolve(counting, m.token, now(), 3600);
    cache.forget();
    const after = cache.resolve(counting, m.token, now(), 3600);
    await Promise.all([before, after]);
    expect(reads).toBe(2);
  });

  it('keeps no answer read across a change (a read that began before it)', async () => {
    const m = await createMember(t, { username: 'cache-race', orgs: [orgId] });
    // The change lands while the read is under way: the answer is served once but not held.
    const racing = { ...t.database.db, select: (...a: unknown[]) => { cache.forget(); return (t.database.db.select as (...x: unknown[]) => unknown)(...a); } } as unknown as Executor;
    await cache.resolve(racing, m.token, now(), 3600);
    await expect(cache.resolve(noReads(t.database.db), m.token, now(), 3600)).rejects.toThrow('read the database');
  });

  it('slides the expiry of a held session and reads again one another instance slid', async () => {
    const m = await createMember(t, { username: 'cache-slide', orgs: [orgId] });
    const hash = hashToken(m.token);
    await cache.resolve(t.database.db, m.token, now(), 3600);
    // Past its held expiry, the session is read again: another instance slid it forward meanwhile.
    const later = new Date(Date.now() + 3_700_000);
    await other.db.update(sessions).set({ expiresAt: new Date(later.getTime() + 3_600_000) }).where(eq(sessions.tokenHash, hash));
    expect((await cache.resolve(t.database.db, m.token, later, 3600)).userId).toBe(m.id);
    const [row] = await t.database.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.tokenHash, hash));
    expect(row?.lastSeenAt.getTime()).toBe(later.getTime());
  });

  it.runIf(engine === 'postgres')('closed while it starts listening, it leaves no connection checked out of its pool', async () => {
    // A pool ends only once every client is back: a listen that finished after close kept one, and the server's
    // close hung (a CI run's afterAll, once, when the session cache was listening again as the test server closed).
    const own = await openDatabase({ url: t.databaseUrl, pgSchema: t.database.pgSchema, poolSize: 1 });
    const c = createSessionCache(own, (err) => { throw err; });
    const starting = c.start();
    await c.close();
    await starting;
    expect(c.holding).toBe(false);
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      own.close().then(() => true),
      new Promise<boolean>((r) => { timer = setTimeout(() => r(false), 10_000); }),
    ]);
    clearTimeout(timer);
    expect(ended).toBe(true);
  });

  it.runIf(engine === 'postgres')('holds nothing while its change channel is down, and listens again', async () => {
    const m = await createMember(t, { username: 'cache-lost', orgs: [orgId] });
    await cache.resolve(t.database.db, m.token, now(), 3600);
    // Only this database's and this schema's listeners: other test files share the server, and a database copied
    // from the template has the same schema (and channel) as every other copy.
    await other.db.execute(sql.raw(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen "gx_auth_${t.database.pgSchema}"'`));
    await within(async () => !cache.holding);
    await expect(cache.resolve(noReads(t.database.db), m.token, now(), 3600)).rejects.toThrow('read the database');
    await within(async () => cache.holding);
    expect((await answeredFromMemory(m.token)).userId).toBe(m.id);
  });
});
