import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { bothEngines } from '../../testing/testApp';
import { journalDatabase } from '../../testing/journalDatabase';
import { workOrders } from './workOrder';

/** The journal before work orders linked several devices (0065): each order had one `device_id`. */
const BEFORE_DEVICE_LISTS = 65;

/** Issue 15: an order's one device becomes the first (and only) of its linked devices; orders without one link none. */
describe.each(bothEngines)('upgrading work orders to several devices (%s)', (engine) => {
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const old = await journalDatabase(engine, BEFORE_DEVICE_LISTS);
    ({ database, close } = old);
    const one = old.one.bind(old);
    const org = (await one<{ id: number }>(sql`insert into organizations (name, invite_code) values ('Old orders', 'OLDWOA01') returning id`)).id;
    const device = (await one<{ id: number }>(sql`insert into devices (org_id, serial, family, secret_hash) values (${org}, 'OLD-WO-DEV', 'ap', 'x') returning id`)).id;
    await database.db.execute(sql`insert into work_orders (org_id, order_no, title, device_id) values
      (${org}, 'WO00000000000000000001', 'With a device', ${device}),
      (${org}, 'WO00000000000000000002', 'Without one', null)`);
    await runMigrations(database);
  }, 180_000);
  afterAll(async () => close());

  it('copies each order\'s device into its linked devices', async () => {
    const exec = database.db as unknown as Executor;
    const rows = await exec.select({ title: workOrders.title, deviceIds: workOrders.deviceIds, deviceId: workOrders.deviceId }).from(workOrders).orderBy(asc(workOrders.id));
    expect(rows.map((r) => [r.title, r.deviceIds])).toEqual([['With a device', [rows[0]!.deviceId]], ['Without one', []]]);
    expect(rows[0]!.deviceId).toEqual(expect.any(Number));
  });
});
