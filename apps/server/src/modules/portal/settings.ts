import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { Code, parseMacWhitelist, parseWhitelist, portalSettingsResource } from '@gx/contract';
import { portalSettings, smsMessages } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import type { RequestContext } from '../../http/context';
import { accountSetupProblem } from './accountLogin';

/** The first instant of the current UTC month: SMS quotas and alerts count from there. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** SMS the organisation sent since the start of the month (every provider, failures excluded). */
export async function smsUsedSince(exec: Executor, orgId: number, since: Date): Promise<number> {
  const [row] = await exec.select({ n: sql<number>`count(*)::int` }).from(smsMessages)
    .where(and(eq(smsMessages.orgId, orgId), eq(smsMessages.status, 'sent'), gte(smsMessages.createdAt, since)));
  return Number(row?.n ?? 0);
}

/**
 * Settings that only make sense together: a portal asking guests to sign in offers at least one way to; the
 * whitelist is stored normalised, one domain a line.
 */
function checkSettings(ctx: RequestContext, input: Input, values: ColumnValues, before?: WireRow): void {
  const pick = (k: string) => (input[k] !== undefined ? input[k] : before?.[k]);
  if (pick('mode') === 'auth' && !pick('auth_sms') && !pick('auth_wechat') && !pick('auth_one_click') && !pick('auth_voucher') && !pick('auth_account')) {
    throw new AppError(Code.VALIDATION, 'validation.authTypeRequired', 'auth_sms');
  }
  // Account sign-in asking the PMS needs one connected (PMS_PROVIDER) that answers for that kind, at a hotel code.
  if (pick('auth_account')) {
    const problem = accountSetupProblem(ctx, { kind: pick('account_kind') ?? 'hotel', source: pick('account_source') ?? 'local', property: pick('account_property') ?? '' });
    if (problem) throw new AppError(Code.VALIDATION, problem.message, problem.field);
  }
  for (const [field, parse] of [['whitelist', parseWhitelist], ['mac_whitelist', parseMacWhitelist]] as const) {
    if (typeof input[field] !== 'string') continue;
    const parsed = parse(input[field]);
    if ('error' in parsed) throw new AppError(Code.VALIDATION, parsed.error, field);
    values[field === 'whitelist' ? 'whitelist' : 'macWhitelist'] = parsed.items.join('\n');
  }
}

export const portalSettingsBinding = defineResource({
  decl: portalSettingsResource,
  table: portalSettings,
  tenant: { kind: 'column', column: portalSettings.orgId },
  columns: {
    // Every row of an organisation shows the organisation's count: the SMS balance is the organisation's.
    sms_used: sql<number>`(select count(*)::int from ${smsMessages} m where m.org_id = ${qualified(portalSettings.orgId)} and m.status = 'sent'
      and m.created_at >= (date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'))`,
  },
  hooks: {
    async beforeAdd(ctx, _exec, input, values) {
      checkSettings(ctx, input, values);
    },
    async beforeUpdate(ctx, _exec, _id, input, values, before) {
      checkSettings(ctx, input, values, before);
    },
  },
});

/**
 * The settings in force at a place: the place's own row, else the organisation's (place ''), else none (the
 * organisation has not set up its portal).
 */
export async function settingsFor(exec: Executor, orgId: number, place: string) {
  const rows = await exec.select().from(portalSettings)
    .where(and(eq(portalSettings.orgId, orgId), place ? sql`${portalSettings.place} in (${place}, '')` : eq(portalSettings.place, '')));
  return rows.find((r) => r.place === place) ?? rows.find((r) => r.place === '') ?? null;
}

