import { Code } from '@gx/contract';
import type { RequestContext } from '../../http/context';
import { AppError, fail } from '../../http/errors';
import { clearCounter, countFailure } from '../../auth/throttle';
import { localPmsProvider } from '../../providers/pms/local';
import { normaliseRoom, type PmsAccountKind, type PmsProvider, type PmsQuery } from '../../providers/pms/types';
import { hits, WIFI_LIMITS } from './limits';

/** The account part of a guest's sign-in: what the page sends with kind `account`. */
export interface AccountTyped { room?: string | undefined; surname?: string | undefined; member?: string | undefined; password?: string | undefined }
/** The portal settings that say which directory to ask. */
export interface AccountSettings { accountKind: string; accountSource: string; accountProperty: string }

/** The directory a setting asks: the organisation's own, or the PMS the server is connected to. */
export function accountProvider(ctx: RequestContext, source: string): PmsProvider | null {
  if (source !== 'pms') return localPmsProvider;
  return ctx.services.pms.name === 'local' ? null : ctx.services.pms;
}

/** Why a settings row cannot ask its directory (the field to name and the message), or null when it can. */
export function accountSetupProblem(ctx: RequestContext, s: { kind: unknown; source: unknown; property: unknown }): { field: string; message: string } | null {
  if (s.source !== 'pms') return null;
  const provider = accountProvider(ctx, 'pms');
  if (!provider) return { field: 'account_source', message: 'validation.pmsNotConnected' };
  if (!provider.kinds.includes(s.kind as PmsAccountKind)) return { field: 'account_source', message: 'validation.pmsNoMembers' };
  if (typeof s.property !== 'string' || !s.property.trim()) return { field: 'account_property', message: 'validation.pmsProperty' };
  return null;
}

const REFUSALS = {
  hotel: { unknown: ['surname', 'validation.stayWrong'], not_started: ['room', 'validation.stayNotStarted'], ended: ['room', 'validation.stayEnded'], expired: ['room', 'validation.stayEnded'] },
  member: { unknown: ['password', 'validation.memberWrong'], not_started: ['member', 'validation.memberExpired'], ended: ['member', 'validation.memberExpired'], expired: ['member', 'validation.memberExpired'] },
} as const;

/**
 * Checks a guest's hotel stay or member account against the directory the settings name and answers the identity
 * to grant the session to. Every refusal counts against the room or member (at most WIFI_LIMITS.accountWrongPerId within the
 * window, as an SMS code's tries) and against the IP; a directory that cannot be reached counts against no one.
 * Runs outside a transaction, so the counts stay when the sign-in is refused.
 */
export async function verifyAccount(ctx: RequestContext, orgId: number, place: string, s: AccountSettings, typed: AccountTyped): Promise<string> {
  const kind: PmsAccountKind = s.accountKind === 'member' ? 'member' : 'hotel';
  let query: PmsQuery;
  let key: string;
  let idField: string;
  if (kind === 'hotel') {
    if (!typed.room || !normaliseRoom(typed.room)) throw fail.validation('room', 'validation.room');
    if (!typed.surname) throw fail.validation('surname', 'validation.surname');
    query = { kind, room: typed.room, surname: typed.surname };
    key = normaliseRoom(typed.room);
    idField = 'room';
  } else {
    if (!typed.member) throw fail.validation('member', 'validation.member');
    if (!typed.password) throw fail.validation('password', 'validation.memberPassword');
    query = { kind, member: typed.member, passwordMd5: typed.password.toLowerCase() };
    key = typed.member.toLowerCase();
    idField = 'member';
  }
  const provider = accountProvider(ctx, s.accountSource);
  if (!provider || !provider.kinds.includes(kind)) throw new AppError(Code.FAILED, 'validation.pmsNotConnected', 'kind');

  const now = ctx.services.now();
  const perId = { key: `wifi:acct:${orgId}:${kind}:${key}`, max: WIFI_LIMITS.accountWrongPerId };
  const perIp = { key: `wifi:acct:ip:${ctx.ip}`, max: WIFI_LIMITS.accountWrongPerIp };
  for (const c of [perId, perIp]) {
    const h = await hits(ctx.db, c.key, now, WIFI_LIMITS.accountWindowS);
    if (h.count >= c.max) throw new AppError(Code.TOO_MANY_ATTEMPTS, undefined, idField, { retryAfter: h.retryAfter });
  }

  const answer = await provider.lookup({ exec: ctx.db, orgId, place, property: s.accountProperty.trim(), now }, query);
  if (answer.ok) {
    await clearCounter(ctx.db, perId.key);
    return answer.identity;
  }
  if (answer.reason === 'unavailable') {
    ctx.req.log.warn({ provider: provider.name, error: answer.error }, 'portal account lookup failed');
    throw new AppError(Code.FAILED, 'validation.pmsUnavailable', idField);
  }
  await countFailure(ctx.db, [perId, perIp], now, WIFI_LIMITS.accountWindowS);
  const [field, message] = REFUSALS[kind][answer.reason];
  throw fail.validation(field, message);
}
