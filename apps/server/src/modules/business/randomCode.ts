import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  Code, RANDOM_CODE_CHARSETS, RANDOM_CODE_PREFIX_RE, randomCodeResource, type RandomCodeCharset,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema';
import { AppError, fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { assertEndsAfterStart } from '../../resources/window';
import { freshCodes } from '../../resources/freshCodes';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One random code: a batch generates many rows sharing everything but the code. */
export const randomCodes = pgTable('business_random_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  batch: text('batch').notNull(),
  /** Prefix and random part, as handed out. */
  code: text('code').notNull(),
  charset: text('charset').notNull().default('alnum'),
  prefix: text('prefix').notNull().default(''),
  validFrom: ts('valid_from'),
  validUntil: ts('valid_until'),
  /** unused | used | void. */
  state: text('state').notNull().default('unused'),
  usedAt: ts('used_at'),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  // A code names one row of its organisation; two organisations may draw the same one.
  uniqueIndex('business_random_codes_org_code_uq').on(t.orgId, t.code),
  index('business_random_codes_org_batch_idx').on(t.orgId, t.batch),
  index('business_random_codes_org_state_idx').on(t.orgId, t.state),
  index('business_random_codes_code_prefix_idx').using('btree', sql`lower(${t.code}) text_pattern_ops`),
]);

/** A fresh random part: crypto-random, uniform over the charset. */
export function drawRandomCode(charset: RandomCodeCharset, length: number): string {
  const alphabet = RANDOM_CODE_CHARSETS[charset];
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

interface Draw { orgId: number; charset: RandomCodeCharset; length: number; prefix: string }

/**
 * `count` codes the organisation holds none of yet. Digits × 6 holds a million codes: a batch drawn into an
 * organisation that holds most of them gives up, naming `count`.
 */
function freshRandomCodes(exec: Executor, d: Draw, count: number): Promise<string[]> {
  return freshCodes(count, () => d.prefix + drawRandomCode(d.charset, d.length),
    async (list) => (await exec.select({ code: randomCodes.code }).from(randomCodes)
      .where(and(eq(randomCodes.orgId, d.orgId), inArray(randomCodes.code, list)))).map((t) => t.code),
    () => fail.validation('count', 'validation.randomCodeExhausted'));
}

const numberOr = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
const fields = randomCodeResource.fields;

/**
 * `add` generates the batch: the engine inserts the first code with the form's values, `afterAdd` copies that row
 * for the other `count - 1` codes in the same transaction, so a batch is whole or absent. `use` records when; a
 * code is used once (using it again is refused, not ignored) and only within its validity window.
 */
export const randomCodeBinding = defineResource({
  decl: randomCodeResource,
  table: randomCodes,
  tenant: { kind: 'column', column: randomCodes.orgId },
  hooks: {
    async beforeAdd(ctx, exec, input, values) {
      assertEndsAfterStart(input, undefined, 'valid_from', 'valid_until');
      const prefix = String(input.prefix ?? '').toUpperCase();
      if (!RANDOM_CODE_PREFIX_RE.test(prefix)) throw fail.validation('prefix', 'validation.randomCodePrefix');
      const charset = (input.charset ?? fields.charset.default) as RandomCodeCharset;
      const length = numberOr(input.length, Number(fields.length.default));
      const [code] = await freshRandomCodes(exec, { orgId: ctx.orgId(), charset, length, prefix }, 1);
      Object.assign(values, { code, prefix, charset, state: 'unused', usedAt: null });
    },
    async afterAdd(ctx, exec, id, input) {
      const count = numberOr(input.count, Number(fields.count.default));
      if (count <= 1) return;
      const [first] = await exec.select().from(randomCodes).where(eq(randomCodes.id, id));
      if (!first) return;
      const { id: _id, code: _code, ...shared } = first;
      const length = numberOr(input.length, Number(fields.length.default));
      const codes = await freshRandomCodes(exec, { orgId: ctx.orgId(), charset: first.charset as RandomCodeCharset, length, prefix: first.prefix }, count - 1);
      // Chunks keep each statement well under the parameter limit.
      for (let i = 0; i < codes.length; i += 200) {
        await exec.insert(randomCodes).values(codes.slice(i, i + 200).map((code) => ({ ...shared, code })));
      }
    },
    addAnswer(_ctx, _id, input) {
      return { batch: input.batch, count: numberOr(input.count, Number(fields.count.default)) };
    },
    async guard(ctx, _exec, _id, operation, before) {
      if (operation !== 'use') return;
      if (before.state === 'used') throw new AppError(Code.CONFLICT, 'validation.randomCodeUsed', 'state');
      const now = ctx.services.now().getTime();
      const from = before.valid_from ? Date.parse(String(before.valid_from)) : null;
      const until = before.valid_until ? Date.parse(String(before.valid_until)) : null;
      if (from !== null && now < from) throw new AppError(Code.CONFLICT, 'validation.randomCodeNotYetValid', 'valid_from');
      if (until !== null && now >= until) throw new AppError(Code.CONFLICT, 'validation.randomCodeExpired', 'valid_until');
    },
    async afterTransition(ctx, exec, id, action) {
      if (action === 'use') await exec.update(randomCodes).set({ usedAt: ctx.services.now() }).where(eq(randomCodes.id, id));
    },
  },
});
