import { normaliseRoom, normaliseSurname, type PmsAnswer, type PmsProvider, type PmsScope } from './types';

/**
 * Oracle OPERA Cloud through OHIP (Oracle Hospitality Integration Platform), as published in
 * github.com/oracle/hospitality-api-docs (rest-api-specs/property/oauth.json and rsv.json):
 *
 * - `POST {gateway}/oauth/v1/tokens` (operation getToken), form `grant_type=password&username&password`, headers
 *   `Authorization: Basic base64(clientId:clientSecret)` and `x-app-key` → `{access_token, expires_in, token_type}`.
 * - `GET {gateway}/rsv/v1/hotels/{hotelId}/reservations` (operation getHotelReservations) with `roomId`, `surname`,
 *   `searchType`, `arrivalStartDate`/`arrivalEndDate`, `limit`; headers `Authorization: Bearer`, `x-app-key`,
 *   `x-hotelid` → 200 `{reservations: {reservationInfo: [{reservationIdList: [{id, type}], roomStay: {roomId,
 *   arrivalDate, departureDate}, reservationGuest: {surname, givenName}, reservationStatus}]}}`, or 204 when none.
 *
 * Oracle's integration guide for high-speed internet access ("Inquire Reservation Information") describes exactly
 * this: the guest enters room number and last name, the HSIA system asks getReservations and grants access when
 * the guest is checked in to that room. Checked in is the reservation status `InHouse` (or `DueOut`, in house and
 * leaving today). A reservation of that room and name that is not in house tells why: due in (not started) or
 * checked out (ended).
 */
export interface OperaOptions {
  /** The tenant's OHIP gateway, e.g. `https://<tenant>-<env>.hospitality-api.<region>.ocs.oraclecloud.com`. */
  gatewayUrl: string;
  appKey: string;
  clientId: string;
  clientSecret: string;
  /** The OPERA Cloud integration user of the password grant. */
  username: string;
  password: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface OperaReservation {
  reservationIdList?: { id?: string; type?: string }[];
  roomStay?: { roomId?: string; arrivalDate?: string; departureDate?: string };
  reservationGuest?: { surname?: string; givenName?: string };
  reservationStatus?: string;
}
interface OperaReservations { reservations?: { reservationInfo?: OperaReservation[] } }
interface OperaToken { access_token?: string; expires_in?: number }

const IN_HOUSE = new Set(['InHouse', 'DueOut']);
const NOT_STARTED = new Set(['Reserved', 'DueIn', 'Requested', 'Waitlisted', 'PreRegistered']);
const ENDED = new Set(['CheckedOut']);
/** How far around today the second query looks for a stay of that room and name that is not in house. */
const WINDOW_DAYS = 30;

class OperaError extends Error {}

const day = (d: Date, plusDays: number) => new Date(d.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);

export function operaPmsProvider(o: OperaOptions): PmsProvider {
  const doFetch = o.fetch ?? fetch;
  const base = o.gatewayUrl.replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;

  const call = async (url: string, init: RequestInit): Promise<Response> =>
    doFetch(url, { ...init, signal: AbortSignal.timeout(o.timeoutMs ?? 10_000) });

  async function accessToken(now: number): Promise<string> {
    if (token && token.until > now) return token.value;
    const res = await call(`${base}/oauth/v1/tokens`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64')}`,
        'x-app-key': o.appKey,
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'password', username: o.username, password: o.password }).toString(),
    });
    if (res.status !== 200) throw new OperaError(`token: HTTP ${res.status}`);
    const body = (await res.json()) as OperaToken;
    if (!body.access_token) throw new OperaError('token: no access_token');
    // A minute early, so a token never expires between our check and OHIP's.
    token = { value: body.access_token, until: now + Math.max(60, (body.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  }

  async function search(hotelId: string, params: Record<string, string>, now: number): Promise<OperaReservation[]> {
    const url = `${base}/rsv/v1/hotels/${encodeURIComponent(hotelId)}/reservations?${new URLSearchParams(params).toString()}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await call(url, {
        method: 'GET',
        headers: { authorization: `Bearer ${await accessToken(now)}`, 'x-app-key': o.appKey, 'x-hotelid': hotelId, accept: 'application/json' },
      });
      // A token revoked before its time: fetch a new one once.
      if (res.status === 401 && attempt === 0) { token = null; continue; }
      if (res.status === 204) return [];
      if (res.status !== 200) throw new OperaError(`getHotelReservations: HTTP ${res.status}`);
      const body = (await res.json()) as OperaReservations;
      return body.reservations?.reservationInfo ?? [];
    }
    throw new OperaError('getHotelReservations: unauthorised');
  }

  /** OPERA's name search may match more loosely than we want: keep the reservations of exactly that room and name. */
  const exact = (list: OperaReservation[], room: string, surname: string) => list.filter((r) =>
    normaliseRoom(r.roomStay?.roomId ?? '') === normaliseRoom(room) && normaliseSurname(r.reservationGuest?.surname ?? '') === normaliseSurname(surname));

  const reservationId = (r: OperaReservation) =>
    (r.reservationIdList?.find((i) => i.type === 'Reservation') ?? r.reservationIdList?.[0])?.id ?? '';

  return {
    name: 'opera',
    kinds: ['hotel'],
    async lookup(scope: PmsScope, query): Promise<PmsAnswer> {
      if (query.kind !== 'hotel') return { ok: false, reason: 'unavailable', error: 'OPERA answers for hotel guests only' };
      if (!scope.property) return { ok: false, reason: 'unavailable', error: 'no OPERA hotelId in the portal settings' };
      const now = scope.now.getTime();
      const room = query.room.trim();
      const surname = query.surname.trim();
      try {
        const inHouse = exact(await search(scope.property, { roomId: room, surname, searchType: 'InHouse', limit: '20' }, now), room, surname)
          .find((r) => IN_HOUSE.has(r.reservationStatus ?? ''));
        if (inHouse) return { ok: true, identity: `opera:${scope.property}:${reservationId(inHouse)}` };
        const around = exact(await search(scope.property, {
          roomId: room, surname, searchType: 'Any', arrivalStartDate: day(scope.now, -WINDOW_DAYS), arrivalEndDate: day(scope.now, WINDOW_DAYS), limit: '20',
        }, now), room, surname);
        const status = (r: OperaReservation) => r.reservationStatus ?? '';
        if (around.some((r) => IN_HOUSE.has(status(r)))) return { ok: true, identity: `opera:${scope.property}:${reservationId(around.find((r) => IN_HOUSE.has(status(r)))!)}` };
        if (around.some((r) => NOT_STARTED.has(status(r)))) return { ok: false, reason: 'not_started' };
        if (around.some((r) => ENDED.has(status(r)))) return { ok: false, reason: 'ended' };
        return { ok: false, reason: 'unknown' };
      } catch (e) {
        return { ok: false, reason: 'unavailable', error: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}
