import { and, eq, inArray, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { portalPlatformResource } from '@gx/contract';
import { organizations, portalSettings } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { Input } from '../../resources/types';
import { projects } from './project';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** The captive-portal platform of a project: at most one per project (the project is set on add only). */
export const projectPortalPlatforms = pgTable('project_portal_platforms', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** A place of the organisation's portal settings; '' its default settings. */
  place: text('place').notNull().default(''),
  domain: text('domain').notNull().default(''),
  contact: text('contact').notNull().default(''),
  status: integer('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('project_portal_platforms_project_uq').on(t.projectId),
  index('project_portal_platforms_org_project_idx').on(t.orgId, t.projectId),
  index('project_portal_platforms_org_status_idx').on(t.orgId, t.status),
  index('project_portal_platforms_org_updated_idx').on(t.orgId, t.updatedAt),
  prefixIdx('project_portal_platforms_name_prefix_idx', t.name),
]);

/** The guest sign-in page of the organisation's portal at a place. */
export const guestUrlOf = (orgId: number, place: string) => `/wifilogin?org=${orgId}&place=${encodeURIComponent(place)}`;

async function assertOnePerProject(ctx: RequestContext, exec: Executor, projectId: number): Promise<void> {
  const [taken] = await exec.select({ id: projectPortalPlatforms.id }).from(projectPortalPlatforms).where(and(
    eq(projectPortalPlatforms.orgId, ctx.orgId()), eq(projectPortalPlatforms.projectId, projectId),
  )).limit(1);
  if (taken) throw fail.validation('project_id', 'validation.projectHasPlatform');
}

/** The place must be one the organisation has portal settings for ('' its default settings). */
async function assertPlace(ctx: RequestContext, exec: Executor, input: Input): Promise<void> {
  if (input.place === undefined) return;
  const place = typeof input.place === 'string' ? input.place : '';
  const [found] = await exec.select({ id: portalSettings.id }).from(portalSettings)
    .where(and(eq(portalSettings.orgId, ctx.orgId()), eq(portalSettings.place, place))).limit(1);
  if (!found) throw fail.validation('place', 'validation.portalPlace');
}

export const portalPlatformBinding = defineResource({
  decl: portalPlatformResource,
  table: projectPortalPlatforms,
  tenant: { kind: 'column', column: projectPortalPlatforms.orgId },
  virtual: {
    guest_url: {
      async load(exec, ids) {
        const rows = await exec.select({ id: projectPortalPlatforms.id, orgId: projectPortalPlatforms.orgId, place: projectPortalPlatforms.place })
          .from(projectPortalPlatforms).where(inArray(projectPortalPlatforms.id, ids));
        return new Map(rows.map((r) => [r.id, guestUrlOf(r.orgId, r.place)]));
      },
    },
  },
  hooks: {
    async beforeAdd(ctx, exec, input) {
      await assertOnePerProject(ctx, exec, input.project_id as number);
      await assertPlace(ctx, exec, { place: input.place ?? '' });
    },
    async beforeUpdate(ctx, exec, _id, input) {
      await assertPlace(ctx, exec, input);
    },
  },
});
