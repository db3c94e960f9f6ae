import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { operaPmsProvider } from './opera';
import type { PmsScope } from './types';

/**
 * OPERA Cloud played by a local HTTP server answering as OHIP documents it (oracle/hospitality-api-docs,
 * rest-api-specs/property/oauth.json getToken and rsv.json getHotelReservations): the token only for the right Basic
 * credentials, application key and password grant; reservations only with that bearer token, the app key and
 * x-hotelid, 204 when nothing matches.
 */
const APP_KEY = '41ecd082-8997-4c69-af34-2f72b83645ff';
const CLIENT = { id: 'gx_Client', secret: 'client-secret' };
const USER = { name: 'GX_HSIA', password: 'integration-pass' };
const HOTEL = 'HARBOUR';

interface Resv { id: string; room: string; surname: string; status: string; arrival: string; departure: string }
const RESERVATIONS: Resv[] = [
  { id: '900101', room: '1203', surname: 'Smith', status: 'InHouse', arrival: '2026-06-09', departure: '2026-06-12' },
  { id: '900102', room: '0801', surname: 'García', status: 'DueIn', arrival: '2026-06-11', departure: '2026-06-13' },
  { id: '900103', room: '0802', surname: 'Okafor', status: 'CheckedOut', arrival: '2026-06-01', departure: '2026-06-10' },
  { id: '900104', room: '0505', surname: 'Dupont', status: 'DueOut', arrival: '2026-06-08', departure: '2026-06-10' },
  // Same room, a name that only starts like the guest's: OPERA's name search may answer it, we must not take it.
  { id: '900105', room: '1203', surname: 'Smithson', status: 'InHouse', arrival: '2026-06-09', departure: '2026-06-12' },
];

const asDocumented = (r: Resv) => ({
  reservationIdList: [{ id: r.id, type: 'Reservation' }, { id: `C${r.id}`, type: 'Confirmation' }],
  roomStay: { roomId: r.room, arrivalDate: r.arrival, departureDate: r.departure, roomType: 'KNG', adultCount: 1 },
  reservationGuest: { id: `P${r.id}`, givenName: 'Alex', surname: r.surname },
  reservationStatus: r.status,
  computedReservationStatus: r.status,
  hotelId: HOTEL,
});

describe('OPERA Cloud (OHIP) PMS client', () => {
  let server: Server;
  let gateway = '';
  const seen: { path: string; query: URLSearchParams; headers: IncomingMessage['headers'] }[] = [];
  let tokensIssued = 0;
  let revokeNext = false;
  let failWith = 0;

  const reply = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json;charset=UTF-8' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let raw = '';
      req.on('data', (c: Buffer) => { raw += c.toString('utf8'); });
      req.on('end', () => {
        seen.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
        if (req.method === 'POST' && url.pathname === '/oauth/v1/tokens') {
          const form = new URLSearchParams(raw);
          const basic = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;
          if (req.headers.authorization !== basic || req.headers['x-app-key'] !== APP_KEY) return reply(res, 401);
          if (form.get('grant_type') !== 'password' || form.get('username') !== USER.name || form.get('password') !== USER.password) return reply(res, 400);
          tokensIssued++;
          return reply(res, 200, { access_token: `token-${tokensIssued}`, expires_in: 3600, token_type: 'Bearer', oracle_tk_context: 'user_assertion' });
        }
        const m = /^\/rsv\/v1\/hotels\/([^/]+)\/reservations$/.exec(url.pathname);
        if (req.method === 'GET' && m) {
          if (failWith) return reply(res, failWith, { type: 'about:blank', title: 'Service unavailable', status: failWith });
          if (revokeNext) { revokeNext = false; return reply(res, 401, { title: 'Unauthorized', status: 401 }); }
          if (req.headers.authorization !== `Bearer token-${tokensIssued}` || req.headers['x-app-key'] !== APP_KEY || req.headers['x-hotelid'] !== m[1]) return reply(res, 401);
          const q = url.searchParams;
          const found = RESERVATIONS.filter((r) =>
            decodeURIComponent(m[1]!) === HOTEL
            && (!q.get('roomId') || r.room === q.get('roomId'))
            && (!q.get('surname') || r.surname.toLowerCase().startsWith(q.get('surname')!.toLowerCase()))
            && (q.get('searchType') !== 'InHouse' || r.status === 'InHouse' || r.status === 'DueOut'));
          if (!found.length) return reply(res, 204);
          return reply(res, 200, { reservations: { reservationInfo: found.map(asDocumented), totalResults: found.length, count: found.length, hasMore: false }, links: [] });
        }
        reply(res, 404);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () => operaPmsProvider({ gatewayUrl: `${gateway}/`, appKey: APP_KEY, clientId: CLIENT.id, clientSecret: CLIENT.secret, username: USER.name, password: USER.password });
  const scope = (property = HOTEL): PmsScope => ({ exec: null as unknown as Executor, orgId: 1, place: '', property, now: new Date('2026-06-10T08:00:00Z') });

  it('takes a token by the documented password grant and finds the guest in house by room and surname', async () => {
    const p = provider();
    expect(p.kinds).toEqual(['hotel']);
    expect(await p.lookup(scope(), { kind: 'hotel', room: '1203', surname: ' smith ' })).toEqual({ ok: true, identity: `opera:${HOTEL}:900101` });
    const call = seen.filter((s) => s.path.startsWith('/rsv/')).at(-1)!;
    expect(call.path).toBe(`/rsv/v1/hotels/${HOTEL}/reservations`);
    expect(Object.fromEntries(call.query)).toMatchObject({ roomId: '1203', surname: 'smith', searchType: 'InHouse', limit: '20' });
    expect(call.headers).toMatchObject({ 'x-app-key': APP_KEY, 'x-hotelid': HOTEL, authorization: 'Bearer token-1' });
    // Due out today is still in house.
    expect(await p.lookup(scope(), { kind: 'hotel', room: '0505', surname: 'dupont' })).toEqual({ ok: true, identity: `opera:${HOTEL}:900104` });
    // The token is reused while valid.
    expect(tokensIssued).toBe(1);
  });

  it('tells a stay not yet begun and one checked out from a wrong name, asking around today', async () => {
    const p = provider();
    expect(await p.lookup(scope(), { kind: 'hotel', room: '0801', surname: 'garcía' })).toEqual({ ok: false, reason: 'not_started' });
    const around = seen.filter((s) => s.path.startsWith('/rsv/')).at(-1)!;
    expect(Object.fromEntries(around.query)).toMatchObject({ searchType: 'Any', arrivalStartDate: '2026-05-11', arrivalEndDate: '2026-07-10' });
    expect(await p.lookup(scope(), { kind: 'hotel', room: '0802', surname: 'Okafor' })).toEqual({ ok: false, reason: 'ended' });
    expect(await p.lookup(scope(), { kind: 'hotel', room: '1203', surname: 'Smit' })).toEqual({ ok: false, reason: 'unknown' });
    expect(await p.lookup(scope(), { kind: 'hotel', room: '9999', surname: 'Nobody' })).toEqual({ ok: false, reason: 'unknown' });
    expect(await p.lookup(scope('OTHER'), { kind: 'hotel', room: '1203', surname: 'Smith' })).toEqual({ ok: false, reason: 'unknown' });
  });

  it('fetches a new token once when OHIP refuses the current one', async () => {
    const p = provider();
    await p.lookup(scope(), { kind: 'hotel', room: '1203', surname: 'Smith' });
    const before = tokensIssued;
    revokeNext = true;
    expect(await p.lookup(scope(), { kind: 'hotel', room: '1203', surname: 'Smith' })).toMatchObject({ ok: true });
    expect(tokensIssued).toBe(before + 1);
  });

  it('reports OHIP failing, wrong credentials and members as unavailable, never as a wrong guest', async () => {
    failWith = 503;
    try {
      expect(await provider().lookup(scope(), { kind: 'hotel', room: '1203', surname: 'Smith' })).toMatchObject({ ok: false, reason: 'unavailable' });
    } finally {
      failWith = 0;
    }
    const wrong = operaPmsProvider({ gatewayUrl: gateway, appKey: APP_KEY, clientId: CLIENT.id, clientSecret: 'nope', username: USER.name, password: USER.password });
    expect(await wrong.lookup(scope(), { kind: 'hotel', room: '1203', surname: 'Smith' })).toMatchObject({ ok: false, reason: 'unavailable', error: 'token: HTTP 401' });
    expect(await provider().lookup(scope(), { kind: 'member', member: 'M1', passwordMd5: '0'.repeat(32) })).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(await provider().lookup(scope(''), { kind: 'hotel', room: '1203', surname: 'Smith' })).toMatchObject({ ok: false, reason: 'unavailable' });
    const down = operaPmsProvider({ gatewayUrl: 'http://127.0.0.1:1', appKey: APP_KEY, clientId: 'a', clientSecret: 'b', username: 'c', password: 'd', timeoutMs: 2000 });
    expect(await down.lookup(scope(), { kind: 'hotel', room: '1203', surname: 'Smith' })).toMatchObject({ ok: false, reason: 'unavailable' });
  });
});
