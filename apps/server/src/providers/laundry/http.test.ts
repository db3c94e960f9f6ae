import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { defaultServices } from '../../services';
import { httpLaundryProvider, laundrySignature } from './http';
import { localLaundryProvider } from './local';
import { LaundryUnavailable } from './types';

/**
 * The laundry platform played by a local HTTP server answering as http.ts documents: it recomputes every
 * request's signature, refuses a wrong one (401, code 40100) and a repeated nonce, keeps machines by id and starts
 * programs idempotently by order number.
 */
const APP_ID = 'gx-laundry';
const SECRET = 'laundry-secret-0123456789';
const CLOCK = 1_780_000_000;

interface Seen { method: string; path: string; headers: IncomingMessage['headers']; body: string }

describe('laundry platform HTTP client', () => {
  let server: Server;
  let base = '';
  const seen: Seen[] = [];
  const nonces = new Set<string>();
  const machines = new Map([
    ['W-1', { name: 'Washer 1', site: 'Block A', state: 'idle', remaining: 0 }],
    ['W-2', { name: 'Washer 2', site: 'Block A', state: 'fault', remaining: 0 }],
    ['W-3', { name: 'Washer 3', site: 'Block B', state: 'idle', remaining: 0 }],
  ]);
  const orders = new Map<string, unknown>();
  let answerWith: { status: number; body: string } | null = null;

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => { raw += c.toString('utf8'); });
      req.on('end', () => {
        const pathAndQuery = req.url ?? '/';
        seen.push({ method: req.method ?? '', path: pathAndQuery, headers: req.headers, body: raw });
        if (answerWith) { res.writeHead(answerWith.status, { 'content-type': 'application/json' }); return res.end(answerWith.body); }
        const h = req.headers;
        const ts = String(h['x-timestamp'] ?? '');
        const nonce = String(h['x-nonce'] ?? '');
        const expected = laundrySignature(SECRET, req.method ?? '', pathAndQuery, ts, nonce, raw);
        if (h['x-app-id'] !== APP_ID || h['x-signature'] !== expected || Math.abs(Number(ts) - CLOCK) > 300 || nonces.has(nonce)) {
          return reply(res, 401, { code: 40100, message: 'bad signature' });
        }
        nonces.add(nonce);
        const url = new URL(pathAndQuery, 'http://platform');
        const ok = (data: unknown) => reply(res, 200, { code: 0, message: 'ok', data });
        if (req.method === 'GET' && url.pathname === '/open/v1/machines') {
          const site = url.searchParams.get('site');
          return ok({ machines: [...machines].filter(([, m]) => m.site === site).map(([id, m]) => ({ machine_id: id, name: m.name, site: m.site, state: m.state })) });
        }
        const one = /^\/open\/v1\/machines\/([^/]+)(\/start)?$/.exec(url.pathname);
        const m = one ? machines.get(decodeURIComponent(one[1]!)) : undefined;
        if (one && !m) return reply(res, 404, { code: 40400, message: 'no such machine' });
        if (req.method === 'GET' && one && !one[2]) return ok({ machine_id: decodeURIComponent(one[1]!), state: m!.state, remaining_min: m!.remaining });
        if (req.method === 'POST' && one?.[2]) {
          const body = JSON.parse(raw) as { program: string; order_no: string };
          if (orders.has(body.order_no)) return ok(orders.get(body.order_no));
          const minutes: Record<string, number> = { standard: 45, quick: 20 };
          const answer = !(body.program in minutes) ? { accepted: false, reason: 'program' }
            : m!.state !== 'idle' ? { accepted: false, reason: m!.state }
              : { accepted: true, remaining_min: minutes[body.program] };
          if (answer.accepted) Object.assign(m!, { state: 'running', remaining: minutes[body.program] });
          orders.set(body.order_no, answer);
          return ok(answer);
        }
        reply(res, 404, { code: 40400, message: 'not found' });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/open/v1/`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = (secret = SECRET) => httpLaundryProvider({ baseUrl: base, appId: APP_ID, secret, clock: () => CLOCK, timeoutMs: 3000 });

  it('lists a site\'s machines with signed requests, as documented', async () => {
    expect(await client().listMachines('Block A')).toEqual([
      { machineId: 'W-1', name: 'Washer 1', site: 'Block A' },
      { machineId: 'W-2', name: 'Washer 2', site: 'Block A' },
    ]);
    const call = seen.at(-1)!;
    expect(call.method).toBe('GET');
    expect(call.path).toBe('/open/v1/machines?site=Block+A');
    expect(call.headers).toMatchObject({ 'x-app-id': APP_ID, 'x-timestamp': String(CLOCK) });
    expect(call.headers['x-nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(call.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads states, an unknown machine as offline', async () => {
    expect(await client().machineStatus('W-1')).toEqual({ state: 'idle', remainingMin: 0 });
    expect(await client().machineStatus('W-2')).toEqual({ state: 'fault', remainingMin: 0 });
    expect(await client().machineStatus('NOPE')).toEqual({ state: 'offline', remainingMin: 0 });
  });

  it('starts a program once per order number and reports refusals with the platform\'s reason', async () => {
    const c = client();
    expect(await c.startProgram('W-1', 'standard', 'LD1')).toEqual({ accepted: true, remainingMin: 45 });
    const call = seen.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/open/v1/machines/W-1/start' });
    expect(JSON.parse(call.body)).toEqual({ program: 'standard', order_no: 'LD1' });
    expect(call.headers['content-type']).toBe('application/json');
    // The same order again: the platform's first answer, not a refusal for the machine it started.
    expect(await c.startProgram('W-1', 'standard', 'LD1')).toEqual({ accepted: true, remainingMin: 45 });
    expect(await c.machineStatus('W-1')).toEqual({ state: 'running', remainingMin: 45 });
    expect(await c.startProgram('W-1', 'quick', 'LD2')).toEqual({ accepted: false, reason: 'running' });
    expect(await c.startProgram('W-2', 'quick', 'LD3')).toEqual({ accepted: false, reason: 'fault' });
    expect(await c.startProgram('W-3', 'heavy', 'LD4')).toEqual({ accepted: false, reason: 'program' });
    expect(await c.startProgram('NOPE', 'quick', 'LD5')).toEqual({ accepted: false, reason: 'offline' });
  });

  it('throws LaundryUnavailable for a wrong secret, a failing or unreachable platform, and nonsense', async () => {
    await expect(client('wrong-secret').machineStatus('W-1')).rejects.toThrow(/HTTP 401 code 40100/);
    await expect(client('wrong-secret').machineStatus('W-1')).rejects.toBeInstanceOf(LaundryUnavailable);
    for (const [status, body] of [[503, '{"code":50300,"message":"maintenance"}'], [200, 'not json'], [200, '{"code":0,"data":{"state":"exploded"}}'], [200, '{"code":0,"data":{"accepted":"maybe"}}']] as const) {
      answerWith = { status, body };
      try {
        await expect(client().machineStatus('W-1'), `${status} ${body}`).rejects.toBeInstanceOf(LaundryUnavailable);
        await expect(client().startProgram('W-3', 'quick', 'X'), `${status} ${body}`).rejects.toBeInstanceOf(LaundryUnavailable);
      } finally {
        answerWith = null;
      }
    }
    const down = httpLaundryProvider({ baseUrl: 'http://127.0.0.1:1', appId: APP_ID, secret: SECRET, timeoutMs: 2000 });
    await expect(down.listMachines('Block A')).rejects.toBeInstanceOf(LaundryUnavailable);
  });
});

describe('local laundry platform', () => {
  it('runs a started program for its minutes by the clock it was given, then the machine is idle', async () => {
    let now = new Date('2026-06-10T08:00:00Z');
    const p = localLaundryProvider(() => now);
    expect(await p.listMachines('demo')).toEqual([
      { machineId: 'LOCAL-W1', name: 'Washer 1', site: 'demo' },
      { machineId: 'LOCAL-W2', name: 'Washer 2', site: 'demo' },
    ]);
    expect(await p.machineStatus('ANY-1')).toEqual({ state: 'idle', remainingMin: 0 });
    expect(await p.startProgram('ANY-1', 'quick', 'O1')).toEqual({ accepted: true, remainingMin: 20 });
    expect(await p.startProgram('ANY-1', 'quick', 'O1')).toEqual({ accepted: true, remainingMin: 20 });
    expect(await p.startProgram('ANY-1', 'standard', 'O2')).toEqual({ accepted: false, reason: 'running' });
    now = new Date(now.getTime() + 19.5 * 60_000);
    expect(await p.machineStatus('ANY-1')).toEqual({ state: 'running', remainingMin: 1 });
    now = new Date(now.getTime() + 30_000);
    expect(await p.machineStatus('ANY-1')).toEqual({ state: 'idle', remainingMin: 0 });
    p.setCondition('ANY-1', 'fault');
    expect(await p.startProgram('ANY-1', 'heavy', 'O3')).toEqual({ accepted: false, reason: 'fault' });
    p.install({ machineId: 'ANY-1', name: 'Corner washer', site: 'Block C' });
    expect(await p.listMachines('Block C')).toEqual([{ machineId: 'ANY-1', name: 'Corner washer', site: 'Block C' }]);
  });
});

describe('LAUNDRY_PROVIDER setting', () => {
  it('defaults to the local platform and chooses the HTTP one with its three settings, naming what is missing', () => {
    expect(defaultServices(loadConfig({})).laundry.name).toBe('local');
    const env = { LAUNDRY_PROVIDER: 'http', LAUNDRY_BASE_URL: 'https://open.laundry.example.com/api/v1', LAUNDRY_APP_ID: 'app', LAUNDRY_SECRET: 'secret' };
    expect(defaultServices(loadConfig(env)).laundry.name).toBe('http');
    expect(() => loadConfig({ LAUNDRY_PROVIDER: 'coin' })).toThrow(/LAUNDRY_PROVIDER/);
    expect(() => loadConfig({ ...env, LAUNDRY_SECRET: '' })).toThrow(/LAUNDRY_SECRET/);
    expect(() => loadConfig({ ...env, LAUNDRY_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
  });
});
