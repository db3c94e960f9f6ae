import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { STATUS_ENABLED } from '@gx/contract';
import { DUMMY_HASH, verifyPasswordMd5 } from '../../auth/password';
import { portalHotelGuests } from '../../modules/portal/hotelGuest';
import { portalMembers } from '../../modules/portal/member';
import { normaliseRoom, normaliseSurname, type PmsAnswer, type PmsProvider, type PmsScope } from './types';

/** A stay answers for its room and surname from check-in (inclusive) to check-out (exclusive). */
async function lookupStay(scope: PmsScope, room: string, surname: string): Promise<PmsAnswer> {
  const rows = await scope.exec.select({ id: portalHotelGuests.id, surname: portalHotelGuests.surname, checkIn: portalHotelGuests.checkIn, checkOut: portalHotelGuests.checkOut })
    .from(portalHotelGuests)
    .where(and(
      eq(portalHotelGuests.orgId, scope.orgId), eq(portalHotelGuests.room, normaliseRoom(room)),
      inArray(portalHotelGuests.place, scope.place ? ['', scope.place] : ['']),
    ));
  const mine = rows.filter((r) => normaliseSurname(r.surname) === normaliseSurname(surname));
  if (!mine.length) return { ok: false, reason: 'unknown' };
  const now = scope.now.getTime();
  const current = mine.find((r) => r.checkIn.getTime() <= now && now < r.checkOut.getTime());
  if (current) return { ok: true, identity: `stay:${current.id}` };
  return { ok: false, reason: mine.some((r) => r.checkIn.getTime() > now) ? 'not_started' : 'ended' };
}

/**
 * A member by number (any case) or phone. The password is checked against every candidate (at most a couple) and,
 * when there is none, against a hash that never matches, so the answer takes as long whether the member exists.
 */
async function lookupMember(scope: PmsScope, member: string, passwordMd5: string): Promise<PmsAnswer> {
  const rows = await scope.exec.select().from(portalMembers).where(and(
    eq(portalMembers.orgId, scope.orgId),
    or(eq(sql`lower(${portalMembers.memberNo})`, member.toLowerCase()), eq(portalMembers.phone, member)),
  )).limit(5);
  if (!rows.length) {
    await verifyPasswordMd5(passwordMd5, DUMMY_HASH);
    return { ok: false, reason: 'unknown' };
  }
  for (const m of rows) {
    if (!(await verifyPasswordMd5(passwordMd5, m.passwordHash))) continue;
    const lapsed = m.status !== STATUS_ENABLED || (m.validUntil !== null && m.validUntil.getTime() <= scope.now.getTime());
    return lapsed ? { ok: false, reason: 'expired' } : { ok: true, identity: `member:${m.memberNo}` };
  }
  return { ok: false, reason: 'unknown' };
}

/**
 * The organisation's own directory, kept in the console (Portal → Hotel guests, Members): the feature works with no
 * external system. Always available, whatever PMS_PROVIDER says.
 */
export const localPmsProvider: PmsProvider = {
  name: 'local',
  kinds: ['hotel', 'member'],
  async lookup(scope, query) {
    return query.kind === 'hotel' ? lookupStay(scope, query.room, query.surname) : lookupMember(scope, query.member, query.passwordMd5);
  },
};
