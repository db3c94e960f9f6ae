import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, TransactionRollbackError } from 'drizzle-orm';
import { COMMAND_RESULT_TIMEOUT_S, COMMAND_STATES, COMMAND_TRANSITIONS, canTransition, isFinalState, type CommandState } from '@gx/contract';
import type { Executor } from '../../db/client';
import { deviceCommands, devices } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg } from '../../resources/testing/fixtures';
import { expireCommands, moveCommand, sweepSteps } from './commandState';
import { hashSecret } from './secret';

interface DueCase { what: string; state: CommandState; expiresAt: Date; deadlineAt?: Date; deliveredAt?: Date; want: CommandState }

/** Commands in every position of their two deadlines against `now`, each with the state the sweep must leave. */
function dueCases(now: Date): DueCase[] {
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  const ahead = (s: number) => new Date(now.getTime() + s * 1000);
  const R = COMMAND_RESULT_TIMEOUT_S;
  return [
    { what: 'queued past expires_at', state: 'queued', expiresAt: ago(1), want: 'expired' },
    { what: 'sent past expires_at', state: 'sent', expiresAt: ago(1), want: 'expired' },
    { what: 'queued past its result deadline, before expires_at', state: 'queued', expiresAt: ahead(3600), deadlineAt: ago(1), want: 'timed_out' },
    { what: 'sent past its result deadline, before expires_at', state: 'sent', expiresAt: ahead(3600), deadlineAt: ago(1), want: 'timed_out' },
    { what: 'delivered, no result within the result timeout of the ack', state: 'delivered', expiresAt: ahead(3600), deliveredAt: ago(R + 1), want: 'timed_out' },
    { what: 'delivered past an explicit shorter deadline', state: 'delivered', expiresAt: ahead(3600), deadlineAt: ago(1), deliveredAt: ago(5), want: 'timed_out' },
    { what: 'delivered, expires_at passed (it bounds delivery only)', state: 'delivered', expiresAt: ago(1), deliveredAt: ago(5), want: 'delivered' },
    { what: 'both passed, the result deadline first', state: 'sent', expiresAt: ago(1), deadlineAt: ago(10), want: 'timed_out' },
    { what: 'both passed, expires_at first', state: 'sent', expiresAt: ago(10), deadlineAt: ago(1), want: 'expired' },
    { what: 'both passed together', state: 'queued', expiresAt: ago(5), deadlineAt: ago(5), want: 'expired' },
    { what: 'queued, both ahead', state: 'queued', expiresAt: ahead(60), deadlineAt: ahead(120), want: 'queued' },
    { what: 'queued, default deadline (expires_at + result timeout) ahead', state: 'queued', expiresAt: ahead(60), want: 'queued' },
  ];
}

/** The transition table of DESIGN §6 is data: every pair of states is tried against the real database. */
describe.each(engines)('command transitions (%s)', (engine) => {
  let t: TestApp;
  let deviceId: number;
  let orgId: number;
  beforeAll(async () => {
    t = await startTestApp({ engine });
    orgId = await makeOrg(t, 'Transitions');
    const [d] = await t.database.db.insert(devices).values({ orgId, serial: 'TRANSITIONS-1', family: 'ig', secretHash: hashSecret('x') }).returning({ id: devices.id });
    deviceId = d!.id;
  });
  afterAll(() => t?.close());

  const insertCases = async (exec: Executor, cases: DueCase[]): Promise<number[]> => {
    const ids: number[] = [];
    for (const c of cases) {
      const [row] = await exec.insert(deviceCommands)
        .values({ orgId, deviceId, name: 'restart', state: c.state, expiresAt: c.expiresAt, deadlineAt: c.deadlineAt ?? null, deliveredAt: c.deliveredAt ?? null })
        .returning({ id: deviceCommands.id });
      ids.push(row!.id);
    }
    return ids;
  };

  it('declares each move once, between known states, with succeeded, failed, timed_out, expired and canceled final', () => {
    const keys = COMMAND_TRANSITIONS.map(([f, to]) => `${f}>${to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [f, to] of COMMAND_TRANSITIONS) {
      expect(COMMAND_STATES).toContain(f);
      expect(COMMAND_STATES).toContain(to);
    }
    expect(COMMAND_STATES.filter(isFinalState)).toEqual(['succeeded', 'failed', 'timed_out', 'expired', 'canceled']);
  });

  it('moves a command along exactly the declared transitions and refuses every other pair', async () => {
    const wrong: string[] = [];
    for (const from of COMMAND_STATES) {
      for (const to of COMMAND_STATES) {
        const [c] = await t.database.db.insert(deviceCommands)
          .values({ orgId, deviceId, name: 'restart', state: from, expiresAt: new Date(Date.now() + 60_000) })
          .returning({ id: deviceCommands.id });
        const moved = await moveCommand(t.database.db, t.app.liveBus, c!.id, from, to, new Date());
        const [after] = await t.database.db.select({ state: deviceCommands.state }).from(deviceCommands).where(eq(deviceCommands.id, c!.id));
        const expected = canTransition(from, to) ? to : from;
        if ((moved !== null) !== canTransition(from, to) || after?.state !== expected) wrong.push(`${from} → ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('moves a command once when two movers race from the same state', async () => {
    const [c] = await t.database.db.insert(deviceCommands)
      .values({ orgId, deviceId, name: 'restart', state: 'sent', expiresAt: new Date(Date.now() + 60_000) })
      .returning({ id: deviceCommands.id });
    const both = await Promise.all([1, 2].map(() => moveCommand(t.database.db, t.app.liveBus, c!.id, 'sent', 'delivered', new Date())));
    expect(both.filter(Boolean)).toHaveLength(1);
  });

  it('moves undelivered commands to expired at expires_at and any unfinished one to timed_out at its result deadline', async () => {
    const now = new Date();
    const cases = dueCases(now);
    const ids = await insertCases(t.database.db, cases);
    await expireCommands(t.database.db, t.app.liveBus, now, COMMAND_RESULT_TIMEOUT_S);
    const got: string[] = [];
    for (const [i, c] of cases.entries()) {
      const [after] = await t.database.db.select({ state: deviceCommands.state }).from(deviceCommands).where(eq(deviceCommands.id, ids[i]!));
      if (after?.state !== c.want) got.push(`${c.what}: ${after?.state} (want ${c.want})`);
      if (c.want !== c.state) expect(canTransition(c.state, c.want)).toBe(true);
    }
    expect(got).toEqual([]);
  });

  it('claims each due command by one sweep step at most, so a command written between the steps ends as if swept once', async () => {
    const now = new Date();
    const cases = dueCases(now);
    const claimed = new Map<number, string[]>();
    // Inside a transaction rolled back after, so the app's own sweep never sees these rows.
    await t.database.db.transaction(async (tx) => {
      const ids = await insertCases(tx, cases);
      for (const step of sweepSteps(now, COMMAND_RESULT_TIMEOUT_S)) {
        const rows = await tx.select({ id: deviceCommands.id }).from(deviceCommands).where(and(inArray(deviceCommands.id, ids), step.where));
        for (const { id } of rows) claimed.set(id, [...(claimed.get(id) ?? []), step.to]);
      }
      const got = cases.map((c, i) => `${c.what}: ${(claimed.get(ids[i]!) ?? []).join('+') || c.state}`);
      expect(got).toEqual(cases.map((c) => `${c.what}: ${c.want}`));
      tx.rollback();
    }).catch((e: unknown) => {
      if (!(e instanceof TransactionRollbackError)) throw e;
    });
  });
});
