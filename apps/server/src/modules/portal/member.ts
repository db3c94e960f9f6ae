import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { portalMemberResource, STATUS_ENABLED } from '@gx/contract';
import { organizations } from '../../db/schema';
import { hashPasswordMd5 } from '../../auth/password';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { Input } from '../../resources/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** A member of the organisation's own member directory: account sign-in asks it (providers/pms/local.ts). */
export const portalMembers = pgTable('portal_members', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  memberNo: text('member_no').notNull(),
  phone: text('phone').notNull().default(''),
  name: text('name').notNull().default(''),
  /** scrypt of the MD5 the console and the guest page send, as for console accounts (auth/password.ts). */
  passwordHash: text('password_hash').notNull(),
  /** null = no end. */
  validUntil: ts('valid_until'),
  status: integer('status').notNull().default(STATUS_ENABLED),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('portal_members_org_member_no_uq').on(t.orgId, t.memberNo),
  prefixIdx('portal_members_member_no_prefix_idx', t.memberNo),
  prefixIdx('portal_members_phone_prefix_idx', t.phone),
  index('portal_members_org_phone_idx').on(t.orgId, t.phone),
  index('portal_members_org_status_idx').on(t.orgId, t.status),
  index('portal_members_org_valid_until_idx').on(t.orgId, t.validUntil),
]);

/** An import hashes every password at once (scrypt is slow on purpose), before its inserts. */
const prehashed = new WeakMap<Input, string>();

export const portalMemberBinding = defineResource({
  decl: portalMemberResource,
  table: portalMembers,
  tenant: { kind: 'column', column: portalMembers.orgId },
  hooks: {
    async prepareAdds(_ctx, inputs) {
      await Promise.all(inputs.filter((i) => typeof i.password === 'string' && i.password)
        .map(async (i) => prehashed.set(i, await hashPasswordMd5(String(i.password)))));
    },
    async beforeAdd(_ctx, _exec, input, values) {
      if (typeof input.password !== 'string' || !input.password) throw fail.validation('password', 'validation.required');
      values.passwordHash = prehashed.get(input) ?? (await hashPasswordMd5(input.password));
    },
    // An edit without a password keeps the one the member has.
    async beforeUpdate(_ctx, _exec, _id, input, values) {
      if (typeof input.password === 'string' && input.password) values.passwordHash = await hashPasswordMd5(input.password);
    },
  },
});
