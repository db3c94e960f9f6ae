import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { closedObject, Code, zId } from '@gx/contract';
import { organizations } from '../db/schema';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { makeOrg, makeUser } from '../resources/testing/fixtures';
import { method, type EndpointSpec } from './endpoint';

/**
 * A hand-written method marked `takeover` (it would let the caller sign in as the account it names): registration
 * refuses it on an account holding more than the caller and on the organisation's owner, before its handler runs.
 */
const ran: number[] = [];
const probes: EndpointSpec[] = [{
  path: '/test/takeover',
  methods: {
    sign_in_as: method({
      access: 'test.takeover.sign_in_as',
      body: closedObject({ method: z.literal('sign_in_as'), user_id: zId }),
      takeover: 'user_id',
      handler: async (_ctx, input) => void ran.push(input.user_id),
    }),
  },
}];

describe.each(engines)('takeover-like hand-written methods (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp({ engine, extraEndpoints: probes }); });
  afterAll(async () => t.close());

  it('act only on accounts holding nothing beyond the caller, and never on the owner for anyone else', async () => {
    ran.length = 0;
    const orgId = await makeOrg(t);
    const key = 'test.takeover.sign_in_as';
    const owner = await makeUser(t, orgId, [key]);
    await t.database.db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, orgId));
    const caller = await makeUser(t, orgId, [key]);
    const strong = await makeUser(t, orgId, [key, 'system.user.list']);
    const weak = await makeUser(t, orgId, [key]);
    const call = (token: string, id: number) => t.post('/test/takeover', { method: 'sign_in_as', user_id: id }, { token });
    expect(await call(caller.token, strong.id)).toMatchObject({ code: Code.FORBIDDEN, field: 'user_id' });
    expect(await call(caller.token, owner.id)).toMatchObject({ code: Code.FORBIDDEN, field: 'user_id' });
    expect(ran).toEqual([]);
    expect((await call(caller.token, weak.id)).code).toBe(200);
    // The owner holds everything of its organisation.
    expect((await call(owner.token, strong.id)).code).toBe(200);
    expect(ran).toEqual([weak.id, strong.id]);
  });
});
