import { createHash, createHmac, randomBytes } from 'node:crypto';
import { signatureBase } from '@gx/contract';
import {
  LAUNDRY_STATES, LaundryUnavailable, type LaundryMachineInfo, type LaundryProgram, type LaundryProvider, type LaundryRefusal,
  type LaundryStart, type LaundryState, type LaundryStatus,
} from './types';

/**
 * The laundry platform over HTTP (LAUNDRY_PROVIDER=http). No vendor's public specification was at hand, so this is
 * written against the REST style such platforms document, stated here exactly; a vendor whose API differs gets an
 * adapter of its own behind the same `LaundryProvider`.
 *
 * Every request is signed. Headers:
 * - `X-App-Id`: LAUNDRY_APP_ID
 * - `X-Timestamp`: Unix seconds (the platform refuses a request more than 300 s off its clock)
 * - `X-Nonce`: 32 random hex digits (the platform refuses a nonce it has seen in those 300 s)
 * - `X-Signature`: lowercase hex HMAC-SHA256 with LAUNDRY_SECRET of the five lines
 *   `METHOD \n PATH?QUERY \n TIMESTAMP \n NONCE \n hex(SHA-256(body))` — PATH is the full path the request goes
 *   to (LAUNDRY_BASE_URL's own path included), the query exactly as sent, the body '' for a GET.
 *
 * Every answer is JSON `{"code": 0, "message": "ok", "data": …}`; a non-zero `code` (401 / 40100 for a bad
 * signature) is an error. Requests, `{base}` being LAUNDRY_BASE_URL:
 * - `GET {base}/machines?site=<site>` → `data: {machines: [{machine_id, name, site, state}]}`
 * - `GET {base}/machines/<machine_id>` → `data: {machine_id, state: idle|running|fault|offline, remaining_min}`;
 *   HTTP 404 (code 40400) for an id the platform does not know — answered here as `offline`.
 * - `POST {base}/machines/<machine_id>/start`, body `{"program": "standard"|"quick"|"heavy", "order_no": "…"}` →
 *   `data: {accepted: true, remaining_min}` or `data: {accepted: false, reason: running|fault|offline|program}`.
 *   The order number is the platform's idempotency key: the same order started twice starts once and answers the
 *   same, so a start whose answer was lost may be asked again.
 *
 * The platform failing — unreachable, slower than `timeoutMs`, any other HTTP status, a non-zero code, an answer
 * not shaped as above — throws LaundryUnavailable: never read as a statement about the machine.
 */
export interface HttpLaundryOptions {
  baseUrl: string;
  appId: string;
  secret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Seconds since the epoch for X-Timestamp (tests); default the system clock. */
  clock?: () => number;
}

interface Envelope<T> { code?: number; message?: string; data?: T }
interface WireMachine { machine_id?: unknown; name?: unknown; site?: unknown; state?: unknown; remaining_min?: unknown }
interface WireStart { accepted?: unknown; remaining_min?: unknown; reason?: unknown }

const REFUSALS: readonly LaundryRefusal[] = ['running', 'fault', 'offline', 'program'];

/** The signature of one request, as the platform recomputes it. Exported for the platform played in tests. */
export function laundrySignature(secret: string, method: string, pathAndQuery: string, timestamp: string, nonce: string, body: string): string {
  // The same string our own signed API signs (method, path, timestamp, nonce, body hash, a line each).
  const base = signatureBase(method, pathAndQuery, timestamp, nonce, createHash('sha256').update(body, 'utf8').digest('hex'));
  return createHmac('sha256', secret).update(base, 'utf8').digest('hex');
}

const minutes = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.ceil(v) : 0);

export function httpLaundryProvider(o: HttpLaundryOptions): LaundryProvider {
  const doFetch = o.fetch ?? fetch;
  const base = new URL(o.baseUrl.replace(/\/+$/, ''));
  const clock = o.clock ?? (() => Math.floor(Date.now() / 1000));

  /** One signed call; `allow404` lets the caller read "unknown machine" (null) instead of failing. */
  async function call<T>(method: 'GET' | 'POST', path: string, query: Record<string, string> | null, body: unknown, allow404 = false): Promise<T | null> {
    const qs = query ? `?${new URLSearchParams(query).toString()}` : '';
    const pathAndQuery = `${base.pathname.replace(/\/+$/, '')}${path}${qs}`;
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(clock());
    const nonce = randomBytes(16).toString('hex');
    let res: Response;
    try {
      res = await doFetch(`${base.origin}${pathAndQuery}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-app-id': o.appId,
          'x-timestamp': timestamp,
          'x-nonce': nonce,
          'x-signature': laundrySignature(o.secret, method, pathAndQuery, timestamp, nonce, text),
        },
        body: body === undefined ? undefined : text,
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new LaundryUnavailable(`${method} ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (res.status === 404 && allow404) return null;
    let answer: Envelope<T>;
    try {
      answer = (await res.json()) as Envelope<T>;
    } catch {
      throw new LaundryUnavailable(`${method} ${path}: HTTP ${res.status}, not JSON`);
    }
    if (res.status !== 200 || answer.code !== 0 || answer.data === undefined || answer.data === null) {
      throw new LaundryUnavailable(`${method} ${path}: HTTP ${res.status} code ${String(answer.code)} ${answer.message ?? ''}`.trim());
    }
    return answer.data;
  }

  const stateOf = (v: unknown, what: string): LaundryState => {
    if (typeof v === 'string' && (LAUNDRY_STATES as readonly string[]).includes(v)) return v as LaundryState;
    throw new LaundryUnavailable(`${what}: unknown state ${JSON.stringify(v)}`);
  };
  const machinePath = (id: string) => `/machines/${encodeURIComponent(id)}`;

  return {
    name: 'http',
    async listMachines(site: string): Promise<LaundryMachineInfo[]> {
      const data = await call<{ machines?: WireMachine[] }>('GET', '/machines', { site }, undefined);
      if (!Array.isArray(data?.machines)) throw new LaundryUnavailable('GET /machines: no machines list');
      return data.machines.filter((m) => typeof m.machine_id === 'string' && m.machine_id).map((m) => ({
        machineId: m.machine_id as string,
        name: typeof m.name === 'string' ? m.name : (m.machine_id as string),
        site: typeof m.site === 'string' ? m.site : site,
      }));
    },
    async machineStatus(machineId: string): Promise<LaundryStatus> {
      const data = await call<WireMachine>('GET', machinePath(machineId), null, undefined, true);
      if (!data) return { state: 'offline', remainingMin: 0 };
      const state = stateOf(data.state, 'GET /machines/{id}');
      return { state, remainingMin: state === 'running' ? minutes(data.remaining_min) : 0 };
    },
    async startProgram(machineId: string, program: LaundryProgram, orderNo: string): Promise<LaundryStart> {
      const data = await call<WireStart>('POST', `${machinePath(machineId)}/start`, null, { program, order_no: orderNo }, true);
      if (!data) return { accepted: false, reason: 'offline' };
      if (data.accepted === true) return { accepted: true, remainingMin: minutes(data.remaining_min) };
      if (data.accepted === false && REFUSALS.includes(data.reason as LaundryRefusal)) return { accepted: false, reason: data.reason as LaundryRefusal };
      throw new LaundryUnavailable(`POST /machines/{id}/start: unexpected answer ${JSON.stringify(data)}`);
    },
  };
}
