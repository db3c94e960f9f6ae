import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { normaliseVoucher } from '@gx/contract';
import type { Executor } from '../../db/client';
import { fail } from '../../http/errors';
import { portalVoucherRedemptions, portalVouchers } from './voucher';

export interface Redemption { id: number; code: string; sessionMinutes: number }
export interface Redeemer { mac: string; phone: string; ip: string }

/**
 * Spends one use of a voucher of the organisation valid at the place and now, and records who spent it. The use is
 * taken by one conditional UPDATE: PostgreSQL locks the row and re-checks `used < uses` after a concurrent update,
 * so of two sign-ins racing for the last use exactly one gets a row back. Run it in the transaction that grants the
 * session, so a failed grant gives the use back. Refusals name `voucher` with the reason a guest can act on.
 */
export async function redeemVoucher(exec: Executor, orgId: number, place: string, typed: string, who: Redeemer, now: Date): Promise<Redemption> {
  const code = normaliseVoucher(typed);
  if (!code) throw fail.validation('voucher', 'validation.voucher');
  const here = and(eq(portalVouchers.orgId, orgId), eq(portalVouchers.code, code), or(eq(portalVouchers.place, ''), eq(portalVouchers.place, place)));
  const [taken] = await exec.update(portalVouchers).set({
    used: sql`${portalVouchers.used} + 1`,
    state: sql`case when ${portalVouchers.used} + 1 >= ${portalVouchers.uses} then 'used_up' else 'in_use' end`,
    lastUsedAt: now,
  }).where(and(
    here, inArray(portalVouchers.state, ['unused', 'in_use']), sql`${portalVouchers.used} < ${portalVouchers.uses}`,
    lte(portalVouchers.validFrom, now), gt(portalVouchers.validUntil, now),
  )).returning({ id: portalVouchers.id, code: portalVouchers.code, sessionMinutes: portalVouchers.sessionMinutes });
  if (!taken) throw fail.validation('voucher', await refusal(exec, here, now));
  await exec.insert(portalVoucherRedemptions).values({ orgId, voucherId: taken.id, mac: who.mac, phone: who.phone, ip: who.ip, createdAt: now });
  return taken;
}

/** Why a code was not taken; a code of another organisation or place is simply wrong. */
async function refusal(exec: Executor, here: ReturnType<typeof and>, now: Date): Promise<string> {
  const [v] = await exec.select().from(portalVouchers).where(here).limit(1);
  if (!v) return 'validation.voucherWrong';
  if (v.state === 'revoked') return 'validation.voucherRevoked';
  if (v.used >= v.uses) return 'validation.voucherUsedUp';
  if (v.validUntil.getTime() <= now.getTime()) return 'validation.voucherExpired';
  if (v.validFrom.getTime() > now.getTime()) return 'validation.voucherNotYet';
  return 'validation.voucherWrong';
}
