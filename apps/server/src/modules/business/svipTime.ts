import { and, eq, gt, isNull, lte, max, or, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PHONE_RE, STATUS_ENABLED, svipTimeResource } from '@gx/contract';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { assertEndsAfterStart } from '../../resources/window';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Extra portal minutes a day for a VIP guest, by phone or MAC. */
export const svipTimes = pgTable('business_svip_times', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  /** phone | mac */
  identityKind: text('identity_kind').notNull().default('phone'),
  /** An 11-digit mobile number, or a MAC as AA:BB:CC:DD:EE:FF. */
  identity: text('identity').notNull(),
  bonusMinutes: integer('bonus_minutes').notNull(),
  validFrom: ts('valid_from'),
  validUntil: ts('valid_until'),
  remark: text('remark').notNull().default(''),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('business_svip_times_org_identity_idx').on(t.orgId, t.identity),
  index('business_svip_times_org_kind_idx').on(t.orgId, t.identityKind),
  index('business_svip_times_org_status_idx').on(t.orgId, t.status),
  index('business_svip_times_org_bonus_idx').on(t.orgId, t.bonusMinutes),
  index('business_svip_times_org_valid_until_idx').on(t.orgId, t.validUntil),
  index('business_svip_times_org_updated_idx').on(t.orgId, t.updatedAt),
  index('business_svip_times_identity_prefix_idx').using('btree', sql`lower(${t.identity}) text_pattern_ops`),
]);

/** A MAC written with `:`, `-`, `.` or nothing between its hex digits, as AA:BB:CC:DD:EE:FF; null when it is none. */
export function normaliseMac(typed: string): string | null {
  const hex = typed.trim().replace(/[\s:.-]/g, '').toUpperCase();
  if (!/^[0-9A-F]{12}$/.test(hex)) return null;
  return hex.match(/../g)!.join(':');
}

/** The identity checked against its kind (the stored one when the request changes only the other), named on refusal. */
function checkIdentity(input: Input, values: ColumnValues, before?: WireRow): void {
  const kind = String(input.identity_kind ?? before?.identity_kind ?? 'phone');
  const identity = String(input.identity ?? before?.identity ?? '').trim();
  if (kind === 'mac') {
    const mac = normaliseMac(identity);
    if (!mac) throw fail.validation('identity', 'validation.mac');
    values.identity = mac;
  } else if (!PHONE_RE.test(identity)) {
    throw fail.validation('identity', 'validation.phone');
  }
}

export const svipTimeBinding = defineResource({
  decl: svipTimeResource,
  table: svipTimes,
  tenant: { kind: 'column', column: svipTimes.orgId },
  hooks: {
    async beforeAdd(_ctx, _exec, input, values) {
      checkIdentity(input, values);
      assertEndsAfterStart(input, undefined, 'valid_from', 'valid_until');
    },
    async beforeUpdate(_ctx, _exec, _id, input, values, before) {
      checkIdentity(input, values, before);
      assertEndsAfterStart(input, before, 'valid_from', 'valid_until');
    },
  },
});

/**
 * Extra portal minutes today for a guest signing in at `orgId`: the largest bonus of an enabled grant valid at `now`
 * naming the guest's phone or MAC (any separators, any case); 0 when none does.
 */
export async function svipBonusMinutes(exec: Executor, orgId: number, who: { phone: string; mac: string }, now: Date): Promise<number> {
  const phone = who.phone.trim();
  const mac = normaliseMac(who.mac);
  const matches = [
    PHONE_RE.test(phone) ? and(eq(svipTimes.identityKind, 'phone'), eq(svipTimes.identity, phone)) : undefined,
    mac ? and(eq(svipTimes.identityKind, 'mac'), eq(svipTimes.identity, mac)) : undefined,
  ].filter(Boolean);
  if (!matches.length) return 0;
  const [row] = await exec.select({ bonus: max(svipTimes.bonusMinutes) }).from(svipTimes).where(and(
    eq(svipTimes.orgId, orgId),
    eq(svipTimes.status, STATUS_ENABLED),
    or(isNull(svipTimes.validFrom), lte(svipTimes.validFrom, now)),
    or(isNull(svipTimes.validUntil), gt(svipTimes.validUntil, now)),
    or(...matches),
  ));
  return Number(row?.bonus ?? 0);
}
