import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { AUTH_RESULTS, authDataResource, dailyStatsBody, permissionKey, type DailySeries } from '@gx/contract';
import { devices, organizations } from '../../db/schema';
import { countPerDay } from '../../db/daily';
import { method, type MethodSpec } from '../../http/endpoint';
import { defineResource } from '../../resources/define';
import { resourceMethods, schemasOf } from '../../resources/endpoint';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/**
 * Every sign-in attempt at an organisation's captive portal (0062_portal_records), written by the portal's `login`
 * (`authRecord.ts`): a success with the session it opened, a refusal after the refused request's own writes.
 */
export const portalAuthRecords = pgTable('portal_auth_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
  /** sms | wechat | one_click | voucher | account */
  kind: text('kind').notNull(),
  /** The phone typed (SMS, or given with a voucher), '' when none. */
  phone: text('phone').notNull().default(''),
  /** Who signed in: the phone, WeChat openid, voucher code or account (`stay:…`, `member:…`); '' when refused before. */
  identity: text('identity').notNull().default(''),
  mac: text('mac').notNull().default(''),
  ip: text('ip').notNull().default(''),
  place: text('place').notNull().default(''),
  deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
  /** The gateway's serial as it sent the guest (`gw_id`), kept when the device goes. */
  gateway: text('gateway').notNull().default(''),
  /** success | failed */
  result: text('result').notNull(),
  /** The answer's code (200 on success). */
  code: integer('code').notNull().default(200),
  /** The refusal's message key, `too_many` or `error`; '' on success. */
  reason: text('reason').notNull().default(''),
}, (t) => [
  index('portal_auth_records_org_created_idx').on(t.orgId, t.createdAt),
  index('portal_auth_records_org_kind_idx').on(t.orgId, t.kind, t.createdAt),
  index('portal_auth_records_org_result_idx').on(t.orgId, t.result, t.createdAt),
  index('portal_auth_records_org_phone_idx').on(t.orgId, t.phone, t.createdAt),
  prefixIdx('portal_auth_records_mac_prefix_idx', t.mac),
]);

const r = portalAuthRecords;

let listOfRecords: MethodSpec | undefined;

/** The sign-in attempts, read-only, with `auth_log` (the list by SPEC §8's name) and successes/failures per day. */
export const authDataBinding = defineResource({
  decl: authDataResource,
  table: portalAuthRecords,
  tenant: { kind: 'column', column: r.orgId },
  methods: {
    /** SPEC §8 names `auth_log` a silent method: the same list, filters and paging as `list`, under that name. */
    auth_log: method({
      access: permissionKey(authDataResource, 'list'),
      body: schemasOf(authDataResource).list,
      readOnly: true,
      handler: (ctx, input) => {
        listOfRecords ??= resourceMethods(authDataBinding).list!;
        return listOfRecords.handler(ctx, input);
      },
    }),
    /** Per day of the period in the reader's zone: sign-ins that succeeded and that were refused. */
    statistics: method({
      access: permissionKey(authDataResource, 'list'),
      body: dailyStatsBody,
      readOnly: true,
      async handler(ctx, input): Promise<DailySeries> {
        const period = { from: input.from, to: input.to, tz: input.tz ?? 'UTC' };
        return countPerDay(ctx.db, { table: r, at: r.createdAt, key: r.result, orgId: r.orgId }, ctx.orgId(), period, AUTH_RESULTS);
      },
    }),
  },
});
