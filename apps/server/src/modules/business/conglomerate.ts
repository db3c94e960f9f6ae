import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { conglomerateResource } from '@gx/contract';
import { organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import type { ColumnValues, Input } from '../../resources/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Groups of organisations under one owner; platform-wide. */
export const conglomerates = pgTable('conglomerates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  contact: text('contact').notNull().default(''),
  phone: text('phone').notNull().default(''),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('conglomerates_name_uq').using('btree', sql`lower(${t.name})`),
  uniqueIndex('conglomerates_code_uq').on(t.code),
  prefixIdx('conglomerates_name_prefix_idx', t.name),
  prefixIdx('conglomerates_code_prefix_idx', t.code),
]);

/** The organisations of a conglomerate; an organisation is in one conglomerate at most. */
export const conglomerateOrgs = pgTable('conglomerate_orgs', {
  conglomerateId: integer('conglomerate_id').notNull().references(() => conglomerates.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
}, (t) => [
  uniqueIndex('conglomerate_orgs_org_uq').on(t.orgId),
  index('conglomerate_orgs_conglomerate_idx').on(t.conglomerateId),
]);

const CODE_RE = /^[A-Z0-9]{2,32}$/;

/** Codes are kept in capitals (typed `hk01`, saved `HK01`); anything but letters and digits is refused. */
function normaliseCode(input: Input, values: ColumnValues): void {
  if (typeof input.code !== 'string') return;
  const code = input.code.toUpperCase();
  if (!CODE_RE.test(code)) throw fail.validation('code', 'validation.conglomerateCode');
  values.code = code;
}

/** None of the organisations may already belong to another conglomerate. */
async function assertOrgsFree(exec: Executor, input: Input, self: number | null): Promise<void> {
  const ids = Array.isArray(input.org_ids) ? (input.org_ids as number[]) : [];
  if (!ids.length) return;
  const [taken] = await exec.select({ orgId: conglomerateOrgs.orgId }).from(conglomerateOrgs)
    .where(and(inArray(conglomerateOrgs.orgId, ids), self === null ? undefined : ne(conglomerateOrgs.conglomerateId, self))).limit(1);
  if (taken) throw fail.validation('org_ids', 'validation.orgInConglomerate');
}

export const conglomerateBinding = defineResource({
  decl: conglomerateResource,
  table: conglomerates,
  tenant: { kind: 'platform' },
  columns: {
    org_count: sql<number>`(select count(*)::int from ${conglomerateOrgs} co where co.conglomerate_id = ${qualified(conglomerates.id)})`,
  },
  virtual: {
    org_ids: {
      async load(exec, ids) {
        const rows = await exec.select().from(conglomerateOrgs).where(inArray(conglomerateOrgs.conglomerateId, ids));
        const out = new Map<number, number[]>();
        for (const r of rows) out.set(r.conglomerateId, [...(out.get(r.conglomerateId) ?? []), r.orgId].sort((a, b) => a - b));
        return out;
      },
      holding: (orgId) => sql`${conglomerates.id} in (select ${conglomerateOrgs.conglomerateId} from ${conglomerateOrgs} where ${conglomerateOrgs.orgId} = ${orgId})`,
      async save(exec, id, value) {
        const ids = value as number[];
        await exec.delete(conglomerateOrgs).where(eq(conglomerateOrgs.conglomerateId, id));
        if (ids.length) await exec.insert(conglomerateOrgs).values(ids.map((orgId) => ({ conglomerateId: id, orgId })));
      },
    },
  },
  hooks: {
    async beforeAdd(_ctx, exec, input, values) {
      normaliseCode(input, values);
      await assertOrgsFree(exec, input, null);
    },
    async beforeUpdate(_ctx, exec, id, input, values) {
      normaliseCode(input, values);
      await assertOrgsFree(exec, input, id);
    },
  },
});
