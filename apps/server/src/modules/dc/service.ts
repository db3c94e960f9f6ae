import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  Code, DEFAULT_SERVICE_RATE_PER_MINUTE, dcAllResource, dcAuditResource, dcServiceResource, isPlatformKey, RULES, SERVICE_CALL_DAYS, SERVICE_EDITABLE_STATES,
  SERVICE_LIFECYCLE, SERVICE_SCOPES_MAX, stepOf, type ServiceSecretAnswer,
} from '@gx/contract';
import { buttons, organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { holdingsOf, holdsAll } from '../../auth/holdings';
import { defineResource } from '../../resources/define';
import { isPlatformOperator } from '../../resources/scope';
import { qualified } from '../../resources/sqlRef';
import type { ColumnValues, VirtualField } from '../../resources/types';
import { assertStep } from '../equipment/lifecycle';
import { hashSecret, newSecret } from '../equipment/secret';

const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Developer services of organisations; `state` follows `SERVICE_LIFECYCLE`; the secret is kept only as SHA-256. */
export const dcServices = pgTable('dc_services', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  callbackUrl: text('callback_url').notNull(),
  description: text('description').notNull().default(''),
  scopes: text('scopes').notNull().default(''),
  /** `WEBHOOK_SUBSCRIPTIONS`: what is posted to the callback URL once approved with a secret. */
  webhookEvents: text('webhook_events').notNull().default('all'),
  state: text('state').notNull().default('pending'),
  reason: text('reason').notNull().default(''),
  appKey: text('app_key'),
  secretHash: text('secret_hash'),
  secretIssuedAt: ts('secret_issued_at'),
  /** Signed calls allowed per minute (docs/developer-api.md); set by the platform, the default otherwise. */
  rateLimit: integer('rate_limit').notNull().default(DEFAULT_SERVICE_RATE_PER_MINUTE),
  auditedBy: integer('audited_by'),
  auditedAt: ts('audited_at'),
  /** When the owner last revoked its key (`revoke`); kept through a resubmission as its history. */
  revokedAt: ts('revoked_at'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('dc_services_org_created_idx').on(t.orgId, t.createdAt),
  index('dc_services_org_state_idx').on(t.orgId, t.state),
  index('dc_services_created_idx').on(t.createdAt),
  index('dc_services_state_idx').on(t.state),
  uniqueIndex('dc_services_app_key_idx').on(t.appKey),
  prefixIdx('dc_services_name_prefix_idx', t.name),
]);

/** Nonces of signed calls, each refused again until it expires (`SIGNATURE_NONCE_TTL_SECONDS`). */
export const dcNonces = pgTable('dc_nonces', {
  serviceId: integer('service_id').notNull().references(() => dcServices.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  expiresAt: ts('expires_at').notNull(),
}, (t) => [primaryKey({ columns: [t.serviceId, t.nonce] }), index('dc_nonces_expires_idx').on(t.expiresAt)]);

/** Signed calls per service per minute (the rate limit's counter; old minutes are dropped as new ones start). */
export const dcCallWindows = pgTable('dc_call_windows', {
  serviceId: integer('service_id').notNull().references(() => dcServices.id, { onDelete: 'cascade' }),
  windowStart: ts('window_start').notNull(),
  calls: integer('calls').notNull(),
}, (t) => [primaryKey({ columns: [t.serviceId, t.windowStart] })]);

/**
 * The scopes as stored: distinct permission keys, sorted, comma-separated. Each must exist, and the caller must
 * hold it (a service acts for the organisation with no more than its registrant may do); platform keys only
 * within the platform.
 */
async function checkedScopes(ctx: RequestContext, exec: Executor, raw: string): Promise<string> {
  const keys = [...new Set(raw.split(/[\s,]+/).filter(Boolean))].sort();
  if (keys.length === 0) throw new AppError(Code.VALIDATION, 'validation.required', 'scopes');
  if (keys.length > SERVICE_SCOPES_MAX) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'scopes');
  if (keys.some((k) => !RULES.permissionKey.re.test(k))) throw new AppError(Code.VALIDATION, 'validation.permissionKey', 'scopes');
  const rows = await exec.select({ id: buttons.id, key: buttons.key }).from(buttons).where(inArray(buttons.key, keys));
  if (rows.length !== keys.length) throw new AppError(Code.VALIDATION, 'validation.scopeUnknown', 'scopes');
  const p = ctx.user();
  const held = await holdsAll(exec, await holdingsOf(exec, p), 'buttons', rows.map((r) => r.id));
  if (!held || (!isPlatformOperator(p) && keys.some(isPlatformKey))) throw new AppError(Code.VALIDATION, 'validation.scopeNotHeld', 'scopes');
  return keys.join(',');
}

async function normaliseScopes(ctx: RequestContext, exec: Executor, values: ColumnValues): Promise<void> {
  if (typeof values.scopes === 'string') values.scopes = await checkedScopes(ctx, exec, values.scopes);
}

/** An app key: public, unique, 24 hex characters after a prefix that says what it is. */
function newAppKey(): string {
  return `gxak_${randomBytes(12).toString('hex')}`;
}

/**
 * A service's signed calls (or those answered other than 200) over the last `SERVICE_CALL_DAYS` UTC days, today
 * included, from `dc_call_days` (`callStats.ts`, named by table here: that module imports this one).
 */
const recentCalls = (column: 'calls' | 'errors'): VirtualField => ({
  select: (ctx) => {
    const from = new Date(ctx.services.now().getTime() - (SERVICE_CALL_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    return sql`(select coalesce(sum(d.${sql.identifier(column)}), 0)::int from dc_call_days d
      where d.service_id = ${qualified(dcServices.id)} and d.day >= ${from}::date)`;
  },
});
const callFields = { calls_7d: recentCalls('calls'), errors_7d: recentCalls('errors') };

/**
 * "My services": the organisation registers and edits (while pending or rejected) its services, resubmits a
 * rejected one, and issues or resets the secret of an approved one — answered once, stored as SHA-256.
 */
export const dcServiceBinding = defineResource({
  decl: dcServiceResource,
  table: dcServices,
  tenant: { kind: 'column', column: dcServices.orgId },
  virtual: callFields,
  hooks: {
    async guard(_ctx, _exec, _id, operation, before) {
      if (operation === 'update' && !SERVICE_EDITABLE_STATES.includes(before.state as never)) {
        throw new AppError(Code.CONFLICT, 'validation.serviceLocked', 'state');
      }
      if (stepOf(SERVICE_LIFECYCLE, operation)) assertStep(SERVICE_LIFECYCLE, operation, before.state);
      if (operation === 'reset_secret' && before.state !== 'approved') throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'state');
    },
    async beforeAdd(ctx, exec, _input, values) {
      await normaliseScopes(ctx, exec, values);
      const now = ctx.services.now();
      Object.assign(values, { state: 'pending', createdBy: ctx.user().userId, createdAt: now, updatedAt: now });
    },
    async beforeUpdate(ctx, exec, _id, _input, values) {
      await normaliseScopes(ctx, exec, values);
    },
    async afterTransition(ctx, exec, id, action) {
      if (action === 'resubmit') await exec.update(dcServices).set({ reason: '' }).where(eq(dcServices.id, id));
      // The key stops at once (signed calls need the approved state); its secret goes too, so approving the service
      // again after a resubmission never revives it: a new one is issued.
      if (action === 'revoke') {
        await exec.update(dcServices).set({ revokedAt: ctx.services.now(), secretHash: null, secretIssuedAt: null }).where(eq(dcServices.id, id));
      }
    },
  },
  actions: {
    async reset_secret(ctx, exec, id, _input, before) {
      const secret = newSecret();
      await exec.update(dcServices).set({ secretHash: hashSecret(secret), secretIssuedAt: ctx.services.now() }).where(eq(dcServices.id, id));
      const answer: ServiceSecretAnswer = { app_key: String(before.app_key), app_secret: secret };
      return { answer: { ...answer } };
    },
  },
});

/** The platform's audit: agree gives the service its app key; reject records the reason. Both follow the machine. */
export const dcAuditBinding = defineResource({
  decl: dcAuditResource,
  table: dcServices,
  tenant: { kind: 'platform' },
  hooks: {
    async guard(_ctx, _exec, _id, operation, before) {
      if (stepOf(SERVICE_LIFECYCLE, operation)) assertStep(SERVICE_LIFECYCLE, operation, before.state);
    },
    async afterTransition(ctx, exec, id, action, before) {
      if (action !== 'agree') return;
      await exec.update(dcServices).set({
        appKey: before.app_key ? String(before.app_key) : newAppKey(), reason: '', auditedBy: ctx.user().userId, auditedAt: ctx.services.now(),
      }).where(eq(dcServices.id, id));
    },
  },
  actions: {
    /** The platform sets how many signed calls a minute the service may make (the limiter reads it per call). */
    async set_rate_limit(ctx, exec, id, input) {
      await exec.update(dcServices).set({ rateLimit: Number(input.rate_limit), updatedAt: ctx.services.now() }).where(eq(dcServices.id, id));
    },
    async reject(ctx, exec, id, input) {
      await exec.update(dcServices).set({
        state: stepOf(SERVICE_LIFECYCLE, 'reject')!.to, reason: String(input.reason), auditedBy: ctx.user().userId,
        auditedAt: ctx.services.now(), updatedAt: ctx.services.now(),
      }).where(eq(dcServices.id, id));
    },
  },
});

/** "All services": every organisation's services, read-only, for platform operators (with their recent calls). */
export const dcAllBinding = defineResource({
  decl: dcAllResource,
  table: dcServices,
  tenant: { kind: 'platform' },
  virtual: callFields,
});
