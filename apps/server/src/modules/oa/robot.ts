import { and, asc, eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { robotKeywords, robotResource, robotTryBody, STATUS_ENABLED, type RobotAnswer } from '@gx/contract';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema';
import { method } from '../../http/endpoint';
import { defineResource } from '../../resources/define';
import type { ColumnValues, Input } from '../../resources/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** The organisation's reply robots; `keywords` as normalised, comma-separated lower-case words. */
export const robots = pgTable('robots', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  keywords: text('keywords').notNull(),
  match: text('match').notNull().default('contains'),
  reply: text('reply').notNull(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  hits: integer('hits').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('robots_name_prefix_idx', t.name),
  index('robots_org_sort_idx').on(t.orgId, t.sort),
  index('robots_org_status_idx').on(t.orgId, t.status),
  index('robots_org_hits_idx').on(t.orgId, t.hits),
]);

function normalise(input: Input, values: ColumnValues): void {
  if (typeof input.keywords === 'string') values.keywords = robotKeywords(input.keywords).join(', ');
}

/** The enabled robot that answers `message` first (smallest order, then oldest), or null. `count`: add to its hits. */
export async function robotReply(exec: Executor, orgId: number, message: string, count: boolean): Promise<RobotAnswer | null> {
  const text = message.trim().toLowerCase();
  const rows = await exec.select().from(robots).where(and(eq(robots.orgId, orgId), eq(robots.status, STATUS_ENABLED))).orderBy(asc(robots.sort), asc(robots.id));
  const hit = rows.find((r) => robotKeywords(r.keywords).some((k) => (r.match === 'exact' ? text === k : text.includes(k))));
  if (!hit) return null;
  if (count) await exec.update(robots).set({ hits: sql`${robots.hits} + 1` }).where(eq(robots.id, hit.id));
  return { robot_id: hit.id, name: hit.name, reply: hit.reply };
}

export const robotBinding = defineResource({
  decl: robotResource,
  table: robots,
  tenant: { kind: 'column', column: robots.orgId },
  hooks: {
    async beforeAdd(_ctx, _exec, input, values) { normalise(input, values); },
    async beforeUpdate(_ctx, _exec, _id, input, values) { normalise(input, values); },
  },
  methods: {
    /** Which robot would answer a message (not counted): the page's "try it" box. */
    try: method({
      access: 'oa.robot.try',
      body: robotTryBody,
      fieldLabels: { message: { zh_CN: '测试消息', en: 'Test message' } },
      readOnly: true,
      async handler(ctx, input): Promise<RobotAnswer | null> {
        return robotReply(ctx.db, ctx.orgId(), input.message, false);
      },
    }),
  },
});
