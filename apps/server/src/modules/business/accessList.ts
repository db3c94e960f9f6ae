import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { Code, RULES, accessListResource, type AccessListKind, type AccessTarget } from '@gx/contract';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { ColumnValues, Input } from '../../resources/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Black and white list entries of an organisation's captive portal; a value once per list. */
export const accessListEntries = pgTable('access_list_entries', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  list: text('list').notNull(),
  target: text('target').notNull(),
  value: text('value').notNull(),
  expiresAt: ts('expires_at'),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('access_list_org_list_value_uq').on(t.orgId, t.list, t.target, t.value),
  prefixIdx('access_list_value_prefix_idx', t.value),
  index('access_list_org_created_idx').on(t.orgId, t.createdAt),
  index('access_list_org_expires_idx').on(t.orgId, t.expiresAt),
  index('access_list_org_target_idx').on(t.orgId, t.target),
]);

/** A MAC in upper case with colons, a phone as typed; refused (1001 naming `value`) when it is not one. */
export function normaliseAccessValue(target: AccessTarget, value: string): string {
  const v = target === 'mac' ? value.trim().toUpperCase().replace(/-/g, ':') : value.trim();
  const rule = RULES[target];
  if (!rule.re.test(v)) throw new AppError(Code.VALIDATION, rule.message, 'value');
  return v;
}

function checkValue(input: Input, values: ColumnValues, before?: Record<string, unknown>): void {
  const target = (input.target ?? before?.target) as AccessTarget;
  const value = (input.value ?? before?.value) as string | undefined;
  if (value === undefined || (input.value === undefined && input.target === undefined)) return;
  values.value = normaliseAccessValue(target, value);
}

export const accessListBinding = defineResource({
  decl: accessListResource,
  table: accessListEntries,
  tenant: { kind: 'column', column: accessListEntries.orgId },
  hooks: {
    async beforeAdd(_ctx, _exec, input, values) { checkValue(input, values); },
    async beforeUpdate(_ctx, _exec, _id, input, values, before) { checkValue(input, values, before); },
  },
});

/**
 * Which list, if any, names this guest now (an expired entry names nobody); black wins over white when an
 * organisation put the same person on both (a MAC on one and the phone on the other).
 */
export async function accessListOf(exec: Executor, orgId: number, who: { mac: string; phone: string }, now: Date): Promise<AccessListKind | null> {
  const named = [
    ...(who.mac ? [and(eq(accessListEntries.target, 'mac'), eq(accessListEntries.value, who.mac.toUpperCase()))] : []),
    ...(who.phone ? [and(eq(accessListEntries.target, 'phone'), eq(accessListEntries.value, who.phone))] : []),
  ];
  if (!named.length) return null;
  const rows = await exec.select({ list: accessListEntries.list }).from(accessListEntries).where(and(
    eq(accessListEntries.orgId, orgId), inArray(accessListEntries.list, ['black', 'white']), or(...named),
    or(isNull(accessListEntries.expiresAt), gt(accessListEntries.expiresAt, now)),
  ));
  if (rows.some((r) => r.list === 'black')) return 'black';
  return rows.length ? 'white' : null;
}
