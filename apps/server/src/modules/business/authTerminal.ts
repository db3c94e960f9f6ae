import { and, eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { authTerminalResource, Code } from '@gx/contract';
import type { Executor } from '../../db/client';
import { devices, organizations, portalGuestSessions } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { kickOnGateways } from '../portal/channelGrant';
import { accessListEntries } from './accessList';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Terminals (MACs) that tried the organisation's portal, one row each, kept by every attempt (`authRecord.ts`). */
export const portalAuthTerminals = pgTable('portal_auth_terminals', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  mac: text('mac').notNull(),
  phone: text('phone').notNull().default(''),
  identity: text('identity').notNull().default(''),
  kind: text('kind').notNull().default(''),
  firstSeenAt: ts('first_seen_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  signIns: integer('sign_ins').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  lastResult: text('last_result').notNull().default(''),
  deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
  place: text('place').notNull().default(''),
}, (t) => [
  uniqueIndex('portal_auth_terminals_org_mac_uq').on(t.orgId, t.mac),
  index('portal_auth_terminals_org_last_idx').on(t.orgId, t.lastSeenAt),
  index('portal_auth_terminals_org_first_idx').on(t.orgId, t.firstSeenAt),
  index('portal_auth_terminals_org_sign_ins_idx').on(t.orgId, t.signIns),
  index('portal_auth_terminals_org_phone_idx').on(t.orgId, t.phone),
  prefixIdx('portal_auth_terminals_mac_prefix_idx', t.mac),
]);

const p = portalAuthTerminals;
const e = accessListEntries;

/** The organisation's black-list entry naming this MAC (the access list's own unique key). */
const blackEntryOf = (orgId: number, mac: string) => and(eq(e.orgId, orgId), eq(e.list, 'black'), eq(e.target, 'mac'), eq(e.value, mac));

/**
 * Ends the terminal's live portal sessions as the guests page's kick does: the WiFiDog gateway's next counters call
 * is answered `Auth: 0`, and a gateway online on our device channel is sent `portal_kick` now.
 */
async function kickTerminal(ctx: RequestContext, exec: Executor, orgId: number, mac: string, now: Date): Promise<void> {
  const g = portalGuestSessions;
  const ended = await exec.update(g).set({ state: 'kicked', endedAt: now })
    .where(and(eq(g.orgId, orgId), eq(g.mac, mac), eq(g.state, 'active'))).returning({ deviceId: g.deviceId });
  const ids = [...new Set(ended.map((s) => s.deviceId).filter((id): id is number => id !== null))];
  await kickOnGateways(ctx, exec, ids, mac, orgId);
}

/**
 * The terminals, read-only but for `block` / `unblock`, which write the black list (the portal refuses what it
 * names at every sign-in); `state` is read from it, so an entry made or removed on the list's own page shows here.
 */
export const authTerminalBinding = defineResource({
  decl: authTerminalResource,
  table: portalAuthTerminals,
  tenant: { kind: 'column', column: p.orgId },
  columns: {
    // The locally administered bit (second hex digit 2, 6, A or E): a randomised, per-network privacy address.
    random_mac: sql<number>`(case when substr(${qualified(p.mac)}, 2, 1) in ('2', '6', 'A', 'E') then 1 else 0 end)`,
  },
  virtual: {
    state: {
      select: (ctx) => sql<string>`(case when exists (select 1 from ${e} b where b.org_id = ${qualified(p.orgId)} and b.list = 'black'
        and b.target = 'mac' and b.value = ${qualified(p.mac)} and (b.expires_at is null or b.expires_at > ${ctx.services.now().toISOString()}::timestamptz))
        then 'blocked' else 'allowed' end)`,
    },
  },
  hooks: {
    async guard(_ctx, _exec, _id, operation, before) {
      if (operation === 'block' && before.state === 'blocked') throw new AppError(Code.CONFLICT, 'validation.terminalBlocked', 'id');
      if (operation === 'unblock' && before.state !== 'blocked') throw new AppError(Code.CONFLICT, 'validation.terminalNotBlocked', 'id');
    },
  },
  actions: {
    async block(ctx, exec, _id, _input, before) {
      const orgId = ctx.orgId();
      const mac = String(before.mac);
      const now = ctx.services.now();
      // An entry that had expired (or was given an end) becomes lasting again.
      await exec.insert(e).values({
        orgId, list: 'black', target: 'mac', value: mac, remark: '认证终端拉黑 / Blocked from Authenticated terminals', createdAt: now, updatedAt: now,
      }).onConflictDoUpdate({ target: [e.orgId, e.list, e.target, e.value], set: { expiresAt: null, updatedAt: now } });
      await kickTerminal(ctx, exec, orgId, mac, now);
    },
    async unblock(ctx, exec, _id, _input, before) {
      await exec.delete(e).where(blackEntryOf(ctx.orgId(), String(before.mac)));
    },
  },
});
