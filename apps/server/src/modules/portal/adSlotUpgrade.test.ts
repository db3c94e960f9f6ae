import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { portalAdSlots, portalAdverts } from '../../db/schema';
import { bothEngines } from '../../testing/testApp';
import { journalDatabase } from '../../testing/journalDatabase';

/** The journal before ad slots (0052): ads had no slot and the sign-in page showed five at most. */
const BEFORE_SLOTS = 52;

/** Issue 14: ads written before slots existed land in one unpriced sign-in page slot per organisation, all kept. */
describe.each(bothEngines)('upgrading ads to ad slots (%s)', (engine) => {
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const old = await journalDatabase(engine, BEFORE_SLOTS);
    ({ database, close } = old);
    const one = old.one.bind(old);
    const orgs = [
      (await one<{ id: number }>(sql`insert into organizations (name, invite_code) values ('Old ads A', 'OLDADSA1') returning id`)).id,
      (await one<{ id: number }>(sql`insert into organizations (name, invite_code) values ('Old ads B', 'OLDADSB1') returning id`)).id,
    ];
    for (const [org, title] of [[orgs[0], 'Coffee'], [orgs[0], 'Tea'], [orgs[1], 'Bikes']] as const) {
      await database.db.execute(sql`insert into portal_adverts (org_id, title, image, starts_at, ends_at)
        values (${org}, ${title}, 'https://cdn.example.com/a.png', '2020-01-01T00:00:00Z', '2099-01-01T00:00:00Z')`);
    }
    await runMigrations(database);
  }, 180_000);
  afterAll(async () => close());

  it('gives each organisation with ads one sign-in page slot of five, unpriced, holding its ads', async () => {
    const exec = database.db as unknown as Executor;
    const slots = await exec.select().from(portalAdSlots).orderBy(asc(portalAdSlots.id));
    expect(slots.map((s) => ({ placement: s.placement, maxAds: s.maxAds, cpm: s.cpmCents, cpc: s.cpcCents }))).toEqual([
      { placement: 'login', maxAds: 5, cpm: 0, cpc: 0 }, { placement: 'login', maxAds: 5, cpm: 0, cpc: 0 },
    ]);
    const ads = await exec.select({ title: portalAdverts.title, orgId: portalAdverts.orgId, slotId: portalAdverts.slotId, views: portalAdverts.views })
      .from(portalAdverts).orderBy(asc(portalAdverts.id));
    expect(ads.map((a) => [a.title, slots.find((s) => s.id === a.slotId)?.orgId === a.orgId, a.views])).toEqual([['Coffee', true, 0], ['Tea', true, 0], ['Bikes', true, 0]]);
  });
});
