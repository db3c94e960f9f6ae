import { and, eq, sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  Code, LICENCE_GRANT_LIFECYCLE, PLATFORM_ORG_ID, authorizedReceiveResource, authorizedSendResource, stepOf, zSearchText,
} from '@gx/contract';
import { deviceModels, organizations, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { closedBody, method } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { standingWithExpiry, userNameOf } from '../../resources/readColumns';
import { escapeLike } from '../../resources/query';
import { qualified } from '../../resources/sqlRef';
import type { ColumnValues, Input } from '../../resources/types';
import { assertEndsAfterStart } from '../../resources/window';
import { deviceAuths, licenceCode } from '../equipment/productManage';
import { conglomerateOrgs } from './conglomerate';
import { notifyLicenceGrant } from './licenceGrantNotice';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Licence grants: one organisation offers device licences to another, which accepts them into its `device_auths`
 * or refuses them. Both pages read this one table, each from its side (`from_org_id` / `to_org_id`).
 */
export const licenceGrants = pgTable('licence_grants', {
  id: serial('id').primaryKey(),
  fromOrgId: integer('from_org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  toOrgId: integer('to_org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  /** The sender's own licence the quantity is drawn from (distributors; the platform needs none). */
  sourceAuthId: integer('source_auth_id').references(() => deviceAuths.id, { onDelete: 'set null' }),
  feature: text('feature').notNull(),
  modelId: integer('model_id').references(() => deviceModels.id, { onDelete: 'restrict' }),
  serial: text('serial').notNull().default(''),
  quantity: integer('quantity').notNull(),
  validFrom: ts('valid_from').notNull(),
  validUntil: ts('valid_until'),
  /** Accept by; a pending grant past it reads as expired (computed, never stored). */
  deadline: ts('deadline'),
  /** pending | accepted | refused | withdrawn (the wire `state` adds `expired`). */
  decision: text('decision').notNull().default('pending'),
  reason: text('reason').notNull().default(''),
  remark: text('remark').notNull().default(''),
  /** The receiving organisation's licence the acceptance created. */
  licenceId: integer('licence_id').references(() => deviceAuths.id, { onDelete: 'set null' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: ts('decided_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('licence_grants_to_created_idx').on(t.toOrgId, t.createdAt),
  index('licence_grants_to_feature_idx').on(t.toOrgId, t.feature),
  index('licence_grants_from_created_idx').on(t.fromOrgId, t.createdAt),
  index('licence_grants_from_feature_idx').on(t.fromOrgId, t.feature),
  index('licence_grants_source_idx').on(t.sourceAuthId),
  index('licence_grants_licence_idx').on(t.licenceId),
  index('licence_grants_model_idx').on(t.modelId),
]);

const g = licenceGrants;
const orgName = (col: AnyPgColumn) => sql<string>`(select o.name from ${organizations} o where o.id = ${qualified(col)})`;

/** Read by both sides: names instead of ids the other side could not look up, the licence created, who decided. */
const sharedColumns = {
  licence_code: sql<string>`(select a.code from ${deviceAuths} a where a.id = ${qualified(g.licenceId)})`,
  decided_by_name: userNameOf(g.decidedBy),
};

/** The wire state: the stored decision, or `expired` for a pending grant whose deadline has passed (server clock). */
const stateField = {
  select: (ctx: RequestContext) => standingWithExpiry(g.decision, 'pending', g.deadline, sql`${ctx.services.now().toISOString()}::timestamptz`),
};

/** Only a grant still awaiting acceptance moves; an expired one is refused with its own message (1007 naming `state`). */
function assertPending(state: unknown): void {
  if (state === 'expired') throw new AppError(Code.CONFLICT, 'validation.licenceGrantExpired', 'state');
  if (state !== 'pending') throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'state');
}

/** The grant locked, re-checked at the server's now: a concurrent decision or a deadline passing refuses the move. */
async function lockPending(ctx: RequestContext, exec: Executor, id: number) {
  const [row] = await exec.select().from(g).where(eq(g.id, id)).for('update');
  if (!row) throw new AppError(Code.NOT_FOUND, undefined, 'id');
  const expired = row.decision === 'pending' && row.deadline !== null && row.deadline <= ctx.services.now();
  assertPending(expired ? 'expired' : row.decision);
  return row;
}

/** Organisations a sender may offer licences to: any, for the platform; its own conglomerate's, for anyone else. */
function recipientScope(orgId: number): SQL {
  const enabledOther = and(eq(organizations.status, 1), sql`${organizations.id} <> ${orgId}`)!;
  if (orgId === PLATFORM_ORG_ID) return enabledOther;
  return and(enabledOther, sql`${organizations.id} in (select co.org_id from ${conglomerateOrgs} co where co.conglomerate_id =
    (select mine.conglomerate_id from ${conglomerateOrgs} mine where mine.org_id = ${orgId}))`)!;
}

/**
 * The receiving organisation, or 1001 naming `to_org_id`: one's own organisation, and an unknown, disabled or
 * out-of-reach one (answered alike, so a distributor cannot probe which numbers exist).
 */
async function recipientOf(ctx: RequestContext, exec: Executor, id: unknown): Promise<number> {
  if (id === ctx.orgId()) throw fail.validation('to_org_id', 'validation.licenceOwnOrganization');
  const [o] = await exec.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.id, Number(id)), recipientScope(ctx.orgId())));
  if (!o) throw fail.validation('to_org_id', 'validation.licenceRecipient');
  return o.id;
}

/** Quantity of a source licence promised away: accepted grants, and pending ones still open at `now`. */
async function drawnFrom(exec: Executor, sourceId: number, now: Date, without?: number): Promise<number> {
  const [r] = await exec.select({ n: sql<number>`coalesce(sum(${g.quantity}), 0)::int` }).from(g).where(and(
    eq(g.sourceAuthId, sourceId),
    without === undefined ? undefined : sql`${g.id} <> ${without}`,
    sql`(${g.decision} = 'accepted' or (${g.decision} = 'pending' and (${g.deadline} is null or ${g.deadline} > ${now.toISOString()}::timestamptz)))`,
  ));
  return Number(r?.n ?? 0);
}

const time = (v: unknown): number | undefined => (v ? new Date(v as string).getTime() : undefined);

/**
 * A distributor's grant comes out of a licence it holds (its own, the reference check saw to that): active and not
 * past its end, for the same feature, model and serial where the licence names them, within its validity, and no
 * more than it has left. The source row is locked, so two sends from one licence run one after the other.
 */
async function checkSource(ctx: RequestContext, exec: Executor, input: Input): Promise<void> {
  const sourceId = input.source_auth_id;
  if (typeof sourceId !== 'number') {
    if (ctx.orgId() !== PLATFORM_ORG_ID) throw fail.validation('source_auth_id', 'validation.required');
    return;
  }
  const now = ctx.services.now();
  const [src] = await exec.select().from(deviceAuths).where(eq(deviceAuths.id, sourceId)).for('update');
  if (!src || src.orgId !== ctx.orgId()) throw new AppError(Code.NOT_FOUND, undefined, 'source_auth_id');
  if (src.state !== 'active' || (src.validUntil !== null && src.validUntil <= now)) throw fail.validation('source_auth_id', 'validation.licenceSourceInactive');
  if (src.feature !== input.feature) throw fail.validation('feature', 'validation.licenceSourceFeature');
  if (src.modelId !== null && input.model_id !== src.modelId) throw fail.validation('model_id', 'validation.licenceSourceModel');
  if (src.serial !== '' && input.serial !== src.serial) throw fail.validation('serial', 'validation.licenceSourceSerial');
  if (time(input.valid_from)! < src.validFrom.getTime()) throw fail.validation('valid_from', 'validation.licenceSourceValidity');
  if (src.validUntil !== null && (time(input.valid_until) ?? Infinity) > src.validUntil.getTime()) {
    throw fail.validation('valid_until', 'validation.licenceSourceValidity');
  }
  if (Number(input.quantity) > src.quantity - await drawnFrom(exec, sourceId, now)) throw fail.validation('quantity', 'validation.licenceSourceQuantity');
}

/** What every send must hold, whoever sends it. */
function checkTerms(ctx: RequestContext, input: Input): void {
  if (!input.model_id && !input.serial) throw fail.validation('serial', 'validation.required');
  assertEndsAfterStart(input, undefined, 'valid_from', 'valid_until');
  const deadline = time(input.deadline);
  if (deadline !== undefined && deadline <= ctx.services.now().getTime()) throw fail.validation('deadline', 'validation.futureTime');
}

/** Rows sent to the caller's organisation: it accepts (the licence joins its `device_auths`) or refuses with a reason. */
export const authorizedReceiveBinding = defineResource({
  decl: authorizedReceiveResource,
  table: g,
  tenant: { kind: 'column', column: g.toOrgId },
  columns: { from_org_name: orgName(g.fromOrgId), ...sharedColumns },
  virtual: { state: stateField },
  hooks: {
    async guard(_ctx, _exec, _id, operation, before) {
      if (stepOf(LICENCE_GRANT_LIFECYCLE, operation)) assertPending(before.state);
    },
  },
  actions: {
    async accept(ctx, exec, id) {
      const grant = await lockPending(ctx, exec, id);
      const now = ctx.services.now();
      if (grant.fromOrgId !== PLATFORM_ORG_ID) {
        // The sender must still hold what it promised: its licence there (removed: the reference was emptied), active,
        // and not promised beyond its quantity since.
        const [src] = grant.sourceAuthId === null ? []
          : await exec.select().from(deviceAuths).where(eq(deviceAuths.id, grant.sourceAuthId)).for('update');
        const live = src && src.orgId === grant.fromOrgId && src.state === 'active' && (src.validUntil === null || src.validUntil > now);
        if (!live || src.quantity < await drawnFrom(exec, src.id, now)) throw new AppError(Code.CONFLICT, 'validation.licenceSourceGone', 'state');
      }
      const expired = grant.validUntil !== null && grant.validUntil <= now;
      const [licence] = await exec.insert(deviceAuths).values({
        orgId: grant.toOrgId, code: licenceCode(now), modelId: grant.modelId, serial: grant.serial, feature: grant.feature,
        quantity: grant.quantity, validFrom: grant.validFrom, validUntil: grant.validUntil, state: expired ? 'expired' : 'active',
        remark: grant.remark, createdAt: now,
      }).returning({ id: deviceAuths.id });
      await exec.update(g).set({ decision: stepOf(LICENCE_GRANT_LIFECYCLE, 'accept')!.to, licenceId: licence!.id, decidedBy: ctx.user().userId, decidedAt: now })
        .where(eq(g.id, id));
    },
    async refuse(ctx, exec, id, input) {
      const reason = String(input.reason ?? '').trim();
      if (!reason) throw fail.validation('reason', 'validation.required');
      await lockPending(ctx, exec, id);
      await exec.update(g).set({ decision: stepOf(LICENCE_GRANT_LIFECYCLE, 'refuse')!.to, reason, decidedBy: ctx.user().userId, decidedAt: ctx.services.now() })
        .where(eq(g.id, id));
    },
  },
});

const recipientsBody = closedBody(z.object({ keyword: zSearchText(64).optional() }), 'recipients');
const RECIPIENTS_LIMIT = 50;

/** Rows the caller's organisation sent: send (add), withdraw while pending. */
export const authorizedSendBinding = defineResource({
  decl: authorizedSendResource,
  table: g,
  tenant: { kind: 'column', column: g.fromOrgId },
  columns: { to_org_name: orgName(g.toOrgId), ...sharedColumns },
  virtual: { state: stateField },
  hooks: {
    async beforeAdd(ctx, exec, input, values: ColumnValues) {
      values.toOrgId = await recipientOf(ctx, exec, input.to_org_id);
      checkTerms(ctx, input);
      await checkSource(ctx, exec, input);
      values.decision = 'pending';
      values.createdBy = ctx.user().userId;
      values.createdAt = ctx.services.now();
    },
    async afterAdd(ctx, exec, _id, input) {
      await notifyLicenceGrant(ctx, exec, { toOrgId: Number(input.to_org_id), feature: String(input.feature), quantity: Number(input.quantity) });
    },
    async guard(_ctx, _exec, _id, operation, before) {
      if (stepOf(LICENCE_GRANT_LIFECYCLE, operation)) assertPending(before.state);
    },
  },
  actions: {
    async withdraw(ctx, exec, id) {
      await lockPending(ctx, exec, id);
      await exec.update(g).set({ decision: stepOf(LICENCE_GRANT_LIFECYCLE, 'withdraw')!.to, decidedBy: ctx.user().userId, decidedAt: ctx.services.now() })
        .where(eq(g.id, id));
    },
  },
  methods: {
    /**
     * The send form's organisation picker: organisations the caller's may send to (`recipientScope`), by name prefix
     * or exact number, the first 50 and whether there are more.
     */
    recipients: method({
      access: 'business.authorized_send.add',
      body: recipientsBody,
      readOnly: true,
      async handler(ctx, input) {
        const keyword = input.keyword?.trim() ?? '';
        const match = keyword === '' ? undefined : /^\d{1,9}$/.test(keyword)
          ? sql`(${organizations.id} = ${Number(keyword)} or lower(${organizations.name}) like ${`${escapeLike(keyword.toLowerCase())}%`})`
          : sql`lower(${organizations.name}) like ${`${escapeLike(keyword.toLowerCase())}%`}`;
        const rows = await ctx.db.select({ value: organizations.id, label: organizations.name }).from(organizations)
          .where(and(recipientScope(ctx.orgId()), match)).orderBy(organizations.id).limit(RECIPIENTS_LIMIT + 1);
        return { list: rows.slice(0, RECIPIENTS_LIMIT), more: rows.length > RECIPIENTS_LIMIT };
      },
    }),
  },
});
