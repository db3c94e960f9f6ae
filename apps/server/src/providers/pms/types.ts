import type { Executor } from '../../db/client';

/**
 * The account directories a captive-portal guest may sign in with (issue 13 point 1): a hotel's stays (room number
 * and surname, valid from check-in to check-out) or a member system (member number or phone, and password).
 */
export type PmsAccountKind = 'hotel' | 'member';

/** What the guest typed, normalised by the caller: room as typed (trimmed), surname, member id, password as MD5 hex. */
export type PmsQuery =
  | { kind: 'hotel'; room: string; surname: string }
  | { kind: 'member'; member: string; passwordMd5: string };

/**
 * Where the question is asked: the organisation and place of the portal, the property's code at the PMS (e.g.
 * OPERA's hotelId; '' for the local directory), the instant, and the database (the local directory lives there).
 */
export interface PmsScope {
  exec: Executor;
  orgId: number;
  place: string;
  property: string;
  now: Date;
}

/**
 * The directory's verdict. `identity` names the stay or the member for quotas, device limits and the guests list
 * (stable for one stay or one member). A stay found but not current is `not_started` or `ended`, so the page can say
 * why; a disabled or lapsed member is `expired`. `unavailable` is the directory failing, not the guest.
 */
export type PmsAnswer =
  | { ok: true; identity: string }
  | { ok: false; reason: 'unknown' | 'not_started' | 'ended' | 'expired' }
  | { ok: false; reason: 'unavailable'; error: string };

/** One small interface per external service, so tests and development run without the network. */
export interface PmsProvider {
  readonly name: 'local' | 'opera';
  /** The kinds of directory it answers for. */
  readonly kinds: readonly PmsAccountKind[];
  lookup(scope: PmsScope, query: PmsQuery): Promise<PmsAnswer>;
}

/** Room numbers compare without case or spaces; surnames without case, accents kept, inner spaces collapsed. */
export const normaliseRoom = (room: string): string => room.replace(/\s+/g, '').toUpperCase();
export const normaliseSurname = (surname: string): string => surname.trim().replace(/\s+/g, ' ').toLowerCase();
