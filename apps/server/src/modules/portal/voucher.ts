import { randomInt } from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { portalVoucherResource, VOUCHER_ALPHABET, VOUCHER_CODE_LENGTH } from '@gx/contract';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { freshCodes } from '../../resources/freshCodes';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One voucher code: a batch generates many rows sharing everything but the code. */
export const portalVouchers = pgTable('portal_vouchers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  /** '' = every place of the organisation. */
  place: text('place').notNull().default(''),
  batch: text('batch').notNull(),
  code: text('code').notNull(),
  uses: integer('uses').notNull().default(1),
  used: integer('used').notNull().default(0),
  validFrom: ts('valid_from').notNull(),
  validUntil: ts('valid_until').notNull(),
  /** 0 = the portal settings' session length. */
  sessionMinutes: integer('session_minutes').notNull().default(0),
  /** unused | in_use | used_up | expired | revoked (VOUCHER_STATES), kept by redemption, revoke and the expiry sweep. */
  state: text('state').notNull().default('unused'),
  remark: text('remark').notNull().default(''),
  lastUsedAt: ts('last_used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  // Unique everywhere, so a code names one voucher whatever organisation a guest is at.
  uniqueIndex('portal_vouchers_code_uq').on(t.code),
  index('portal_vouchers_org_batch_idx').on(t.orgId, t.batch),
  index('portal_vouchers_org_state_idx').on(t.orgId, t.state),
  index('portal_vouchers_org_valid_until_idx').on(t.orgId, t.validUntil),
  index('portal_vouchers_state_valid_until_idx').on(t.state, t.validUntil),
]);

/** Every guest sign-in a voucher let through: when, from which device and phone if known. */
export const portalVoucherRedemptions = pgTable('portal_voucher_redemptions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  voucherId: bigint('voucher_id', { mode: 'number' }).notNull().references(() => portalVouchers.id, { onDelete: 'cascade' }),
  mac: text('mac').notNull().default(''),
  phone: text('phone').notNull().default(''),
  ip: text('ip').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('portal_voucher_redemptions_voucher_idx').on(t.voucherId, t.createdAt)]);

/** A fresh random code (crypto-random, uniform over the alphabet). */
export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < VOUCHER_CODE_LENGTH; i++) code += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return code;
}

/** Codes not yet taken by any voucher, `count` of them (50 bits a code: the space never runs out). */
function freshVoucherCodes(exec: Executor, count: number): Promise<string[]> {
  return freshCodes(count, newVoucherCode,
    async (list) => (await exec.select({ code: portalVouchers.code }).from(portalVouchers).where(inArray(portalVouchers.code, list))).map((t) => t.code),
    () => new Error('voucher code space exhausted'));
}

/** Marks the vouchers whose window has passed as expired; answers how many (run by the portal's minute sweep). */
export async function expireVouchers(db: Executor, now: Date): Promise<number> {
  const rows = await db.update(portalVouchers).set({ state: 'expired' })
    .where(and(inArray(portalVouchers.state, ['unused', 'in_use']), lte(portalVouchers.validUntil, now))).returning({ id: portalVouchers.id });
  return rows.length;
}

/**
 * `add` generates the batch: the engine inserts the first code with the form's values, `afterAdd` copies that row
 * for the other `count - 1` codes in the same transaction, so a batch is whole or absent.
 */
export const portalVoucherBinding = defineResource({
  decl: portalVoucherResource,
  table: portalVouchers,
  tenant: { kind: 'column', column: portalVouchers.orgId },
  hooks: {
    async beforeAdd(ctx, exec, input, values) {
      const from = new Date(String(input.valid_from));
      const until = new Date(String(input.valid_until));
      if (until.getTime() <= from.getTime()) throw fail.validation('valid_until', 'validation.validUntilAfterFrom');
      if (until.getTime() <= ctx.services.now().getTime()) throw fail.validation('valid_until', 'validation.voucherExpired');
      const [code] = await freshVoucherCodes(exec, 1);
      values.code = code;
      values.state = 'unused';
      values.used = 0;
    },
    async afterAdd(_ctx, exec, id, input) {
      const count = Number(input.count ?? portalVoucherResource.fields.count.default);
      if (count <= 1) return;
      const [first] = await exec.select().from(portalVouchers).where(eq(portalVouchers.id, id));
      if (!first) return;
      const { id: _id, code: _code, ...shared } = first;
      const codes = await freshVoucherCodes(exec, count - 1);
      // Chunks keep each statement well under the parameter limit.
      for (let i = 0; i < codes.length; i += 200) {
        await exec.insert(portalVouchers).values(codes.slice(i, i + 200).map((code) => ({ ...shared, code })));
      }
    },
    addAnswer(_ctx, _id, input) {
      return { batch: input.batch, count: Number(input.count ?? portalVoucherResource.fields.count.default) };
    },
  },
});
