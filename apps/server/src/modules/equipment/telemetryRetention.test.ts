import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MAX_TELEMETRY_TS, TELEMETRY_FUTURE_SKEW_S, telemetryPayload } from '@gx/contract';
import { devices, deviceTelemetry } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg } from '../../resources/testing/fixtures';
import { maintainTelemetry } from './telemetryRetention';
import { DeviceWriter, type TelemetryRow } from './writer';
import { telemetryTime } from './channel/deviceChannel';
import { rowsOf } from './rowsOf';
import { hashSecret } from './secret';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('telemetry timestamps', () => {
  const now = new Date('2026-11-26T10:00:00.000Z');
  it('refuses a ts past the last valid date in the contract', () => {
    expect(telemetryPayload.safeParse({ ts: MAX_TELEMETRY_TS, metrics: { a: 1 } }).success).toBe(true);
    expect(telemetryPayload.safeParse({ ts: MAX_TELEMETRY_TS + 1, metrics: { a: 1 } }).success).toBe(false);
    expect(telemetryPayload.safeParse({ ts: 9e15, metrics: { a: 1 } }).success).toBe(false);
  });
  it('keeps a ts within the window, uses the receive time for one too far ahead, drops one older than retention', () => {
    expect(telemetryTime(undefined, now, 30)).toEqual(now);
    expect(telemetryTime(now.getTime() - DAY_MS, now, 30)).toEqual(new Date(now.getTime() - DAY_MS));
    expect(telemetryTime(now.getTime() + TELEMETRY_FUTURE_SKEW_S * 1000, now, 30)).toEqual(new Date(now.getTime() + TELEMETRY_FUTURE_SKEW_S * 1000));
    expect(telemetryTime(now.getTime() + 3 * DAY_MS, now, 30)).toEqual(now);
    expect(telemetryTime(now.getTime() - 31 * DAY_MS, now, 30)).toBeNull();
  });
});

describe.each(engines)('telemetry storage and retention (%s)', (engine) => {
  let t: TestApp;
  let orgId: number;
  let ids: number[];
  const count = async (deviceId: number) => (await t.database.db.select().from(deviceTelemetry).where(eq(deviceTelemetry.deviceId, deviceId))).length;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    orgId = await makeOrg(t, 'Retention');
    ids = [];
    for (const serial of ['RET-1', 'RET-2', 'RET-3', 'RET-4']) {
      const [d] = await t.database.db.insert(devices).values({ orgId, serial, family: 'ig', secretHash: hashSecret('x') }).returning({ id: devices.id });
      ids.push(d!.id);
    }
  });
  afterAll(() => t?.close());

  it('stores the rest of a batch when one row is refused, and hands the bad row over', async () => {
    const refused: TelemetryRow[] = [];
    const writer = new DeviceWriter(t.database.db, () => undefined, () => undefined, (row) => refused.push(row));
    writer.addTelemetry(ids[0]!, orgId, new Date(), { cpu: 1 });
    writer.addTelemetry(ids[1]!, orgId, new Date(Number.NaN), { cpu: 2 });
    writer.addTelemetry(ids[2]!, orgId, new Date(), { cpu: 3 });
    await writer.flush();
    expect(await count(ids[0]!)).toBe(1);
    expect(await count(ids[2]!)).toBe(1);
    expect(await count(ids[1]!)).toBe(0);
    expect(refused.map((r) => r.deviceId)).toEqual([ids[1]]);
  });

  it('drops rows older than TELEMETRY_DAYS, whole partitions and stray default rows alike', async () => {
    const db = t.database.db;
    const now = new Date();
    const old = new Date(now.getTime() - 40 * DAY_MS);
    // A partition of 40 days ago (as the server would have made that day), and a row of a day with none.
    await maintainTelemetry(db, old, 30);
    await db.insert(deviceTelemetry).values([
      { deviceId: ids[3]!, orgId, ts: old, metrics: { a: 1 } },
      { deviceId: ids[3]!, orgId, ts: new Date(now.getTime() - 35 * DAY_MS), metrics: { a: 2 } },
      { deviceId: ids[3]!, orgId, ts: new Date(now.getTime() - 2 * DAY_MS), metrics: { a: 3 } },
      { deviceId: ids[3]!, orgId, ts: now, metrics: { a: 4 } },
    ]);
    expect(await count(ids[3]!)).toBe(4);
    await maintainTelemetry(db, now, 30);
    const left = await db.select({ metrics: deviceTelemetry.metrics }).from(deviceTelemetry).where(eq(deviceTelemetry.deviceId, ids[3]!));
    expect(left.map((r) => (r.metrics as { a: number }).a).sort()).toEqual([3, 4]);
  });

  it('creates a day partition even when rows of that day already sit in the default partition', async () => {
    const db = t.database.db;
    const later = new Date(Date.now() + 5 * DAY_MS);
    await db.insert(deviceTelemetry).values({ deviceId: ids[3]!, orgId, ts: later, metrics: { a: 5 } });
    await maintainTelemetry(db, later, 30);
    const part = `device_telemetry_${later.toISOString().slice(0, 10).replace(/-/g, '')}`;
    const inPart = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from "${part}"`)))[0];
    expect(inPart?.n).toBe(1);
    const inDefault = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from device_telemetry_default where ts = ${later.toISOString()}::timestamptz`))[0];
    expect(inDefault?.n).toBe(0);
  });
});
