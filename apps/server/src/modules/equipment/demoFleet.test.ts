import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { organizations } from '../../db/schema';
import { DEMO_ORG_NAME, seedDemoFleet } from './demoFleet';

/** The demo organisation of a first start is an organisation like any other: its invitation code is long and expires. */
describe.each(engines)('the demo fleet (%s)', (engine) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ engine });
    dir = await mkdtemp(join(tmpdir(), 'gx-demo-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the demo organisation a 16-character Crockford code expiring within 7 days', async () => {
    const made = await seedDemoFleet(t.database, dir);
    expect(made.devices).toBeGreaterThan(0);
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.name, DEMO_ORG_NAME));
    expect(org!.inviteCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(org!.inviteExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    expect(org!.inviteExpiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });
});
