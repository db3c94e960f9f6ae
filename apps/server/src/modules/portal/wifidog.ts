import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lte } from 'drizzle-orm';
import type { z } from 'zod';
import {
  WIFIDOG_AUTH, WIFIDOG_FAMILIES, WIFIDOG_PAGES, WIFIDOG_PATH, channelLoginQuery, wifidogAuthQuery, wifidogLoginQuery, wifidogMessageQuery,
  wifidogPingQuery, wifidogPortalQuery,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { devices, organizations, portalGuestSessions } from '../../db/schema';
import type { EndpointDeps } from '../../http/endpoint';
import { registerTicker } from '../../http/ticker';
import { cookieHeader, readCookie } from '../../http/cookies';
import { settingsFor } from './settings';
import { expireVouchers } from './voucher';
import { countersUpdate, endIfIdle, endIfOverQuota } from './quota';
import { letRememberedThrough, letWhitelistedThrough } from './remember';

/** SHA-256 of a WiFiDog token: only the hash is stored, the token itself travels gateway ↔ browser. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where the guest was going, kept between `login/` and `portal/` (the gateway's browser round trip). */
const URL_COOKIE = 'gx_wd_url';

/**
 * Requests per minute: a gateway answers every guest's counters once a minute, so a busy one sends hundreds; the
 * guests' browsers reach us through the gateway's one public address. Kept in memory per instance: the gateway
 * calls are cheap reads and refusing them is only a shield against a runaway or hostile client.
 */
export const WIFIDOG_LIMITS = { perGatewayMinute: 6000, perIpMinute: 6000, browserPerIpMinute: 600 } as const;

class MinuteWindow {
  private readonly counts = new Map<string, { start: number; n: number }>();
  constructor(private readonly now: () => Date) {}
  /** Counts one hit; false once the key is over `max` within its minute. */
  take(key: string, max: number): boolean {
    const t = this.now().getTime();
    if (this.counts.size > 50_000) for (const [k, v] of this.counts) if (t - v.start >= 60_000) this.counts.delete(k);
    const c = this.counts.get(key);
    if (!c || t - c.start >= 60_000) {
      this.counts.set(key, { start: t, n: 1 });
      return true;
    }
    c.n += 1;
    return c.n <= max;
  }
}

/** An enabled gateway (a registry device of a portal family) of an enabled organisation, by its serial (`gw_id`). */
export async function gatewayOf(db: Executor, gwId: string) {
  const [row] = await db.select({
    id: devices.id, orgId: devices.orgId, family: devices.family, status: devices.status, online: devices.online, orgStatus: organizations.status,
  })
    .from(devices).innerJoin(organizations, eq(organizations.id, devices.orgId))
    .where(eq(devices.serial, gwId)).limit(1);
  if (!row || row.status !== 1 || row.orgStatus !== 1 || !(WIFIDOG_FAMILIES as readonly string[]).includes(row.family)) return null;
  return row;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page for the guest's browser, in both languages (the guest's language is not known yet). */
function page(reply: FastifyReply, status: number, key: keyof typeof WIFIDOG_PAGES): FastifyReply {
  const p = WIFIDOG_PAGES[key];
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${esc(p.zh_CN.title)} / ${esc(p.en.title)}</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1f1f1f;background:#f5f7fa}`
    + `main{max-width:420px;margin:10vh auto;background:#fff;border-radius:12px;padding:24px}h1{font-size:20px;margin:0 0 8px}p{margin:0 0 20px;line-height:1.5}</style></head>`
    + `<body><main data-testid="wifidog-${esc(key)}"><section><h1>${esc(p.zh_CN.title)}</h1><p>${esc(p.zh_CN.text)}</p></section>`
    + `<section lang="en"><h1>${esc(p.en.title)}</h1><p>${esc(p.en.text)}</p></section></main></body></html>`;
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const text = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(body);
const authAnswer = (reply: FastifyReply, code: number, status = 200) => text(reply, status, `Auth: ${code}`);

function parse<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> | null {
  const r = schema.safeParse(req.query ?? {});
  return r.success ? r.data : null;
}

/** How often sessions past their length and vouchers past their window are marked expired, so the lists show now. */
const EXPIRE_SWEEP_MS = 60_000;

/** Marks the active sessions whose length has passed as expired (ended at their expiry); answers how many. */
export async function expireGuestSessions(db: Executor, now: Date): Promise<number> {
  const rows = await db.update(portalGuestSessions).set({ state: 'expired', endedAt: portalGuestSessions.expiresAt })
    .where(and(eq(portalGuestSessions.state, 'active'), lte(portalGuestSessions.expiresAt, now))).returning({ id: portalGuestSessions.id });
  return rows.length;
}

/**
 * The WiFiDog auth server under `/wifidog/` (contract `shell/wifidog.ts` documents the calls). Gateways are devices
 * of the registry: `gw_id` is the serial. Every answer is plain: `Pong`, `Auth: n`, a redirect or a small page.
 */
export function registerWifidog(app: FastifyInstance, deps: EndpointDeps): void {
  const db = deps.database.db;
  const now = () => deps.services.now();
  const window = new MinuteWindow(now);
  const route = (name: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
    app.get(`${WIFIDOG_PATH}/${name}`, handler);
    if (!name.includes('.')) app.get(`${WIFIDOG_PATH}/${name}/`, handler);
  };
  const gatewayAllowed = (req: FastifyRequest, gwId: string | undefined) =>
    window.take(`ip:${req.ip}`, WIFIDOG_LIMITS.perIpMinute) && (!gwId || window.take(`gw:${gwId}`, WIFIDOG_LIMITS.perGatewayMinute));
  const browserAllowed = (req: FastifyRequest) => window.take(`b:${req.ip}`, WIFIDOG_LIMITS.browserPerIpMinute);

  registerTicker(app, EXPIRE_SWEEP_MS, () => Promise.all([expireGuestSessions(db, now()), expireVouchers(db, now())]),
    (err) => app.log.error({ err }, 'guest session and voucher expiry sweep failed'));

  route('ping', async (req, reply) => {
    const q = parse(wifidogPingQuery, req);
    if (!gatewayAllowed(req, q?.gw_id)) return text(reply, 429, 'Too Many Requests');
    if (!q) return text(reply, 400, 'Bad Request');
    const gw = await gatewayOf(db, q.gw_id);
    if (!gw) {
      req.log.warn({ gw_id: q.gw_id }, 'wifidog ping from an unknown gateway');
      return text(reply, 404, 'Unknown gateway');
    }
    return text(reply, 200, 'Pong');
  });

  route('login', async (req, reply) => {
    if (!browserAllowed(req)) return page(reply, 429, 'denied');
    // A WiFiDog gateway names its address and port; one of ours (device channel) names only itself and the MAC.
    const wd = parse(wifidogLoginQuery, req);
    const ch = wd ? null : parse(channelLoginQuery, req);
    const q = wd ?? ch;
    if (!q) return page(reply, 400, 'denied');
    const gw = await gatewayOf(db, q.gw_id);
    if (!gw || !(await settingsFor(db, gw.orgId, ''))) {
      req.log.warn({ gw_id: q.gw_id }, 'wifidog login through an unknown gateway');
      return page(reply, 404, 'unknown');
    }
    const url = q.url && /^https?:\/\/\S+$/i.test(q.url) ? q.url : '';
    if (url) reply.header('set-cookie', cookieHeader(URL_COOKIE, url, { path: WIFIDOG_PATH, maxAge: 3600 }));
    if (q.mac) {
      const wifidog = wd ? { address: wd.gw_address, port: wd.gw_port } : null;
      const visit = { gw, mac: q.mac, ip: q.ip ?? req.ip, url, wifidog };
      const through = await letWhitelistedThrough(deps.database, app.deviceChannel, visit, now())
        ?? await letRememberedThrough(deps.database, app.deviceChannel, visit, now());
      if (through) {
        // Whitelisted or remembered: straight to the gateway's auth URL (WiFiDog), or, the allow being on its way over MQTT, onwards.
        const to = wd ? `http://${wd.gw_address}:${wd.gw_port}${WIFIDOG_PATH}/auth?token=${through.token}` : `${WIFIDOG_PATH}/portal/?gw_id=${encodeURIComponent(q.gw_id)}`;
        return reply.header('cache-control', 'no-store').redirect(to, 302);
      }
    }
    const to = new URLSearchParams({ org: String(gw.orgId), gw_id: q.gw_id });
    if (wd) {
      to.set('gw_address', wd.gw_address);
      to.set('gw_port', String(wd.gw_port));
    }
    if (q.mac) to.set('mac', q.mac);
    if (q.url) to.set('url', q.url);
    return reply.header('cache-control', 'no-store').redirect(`/wifilogin?${to.toString()}`, 302);
  });

  route('auth', async (req, reply) => {
    const q = parse(wifidogAuthQuery, req);
    // Refused for load, not for the guest: an error keeps the gateway's current decision.
    if (!gatewayAllowed(req, q?.gw_id)) return authAnswer(reply, WIFIDOG_AUTH.error, 429);
    if (!q) return authAnswer(reply, WIFIDOG_AUTH.denied, 400);
    const gw = await gatewayOf(db, q.gw_id);
    if (!gw) {
      req.log.warn({ gw_id: q.gw_id, stage: q.stage }, 'wifidog auth from an unknown gateway');
      return authAnswer(reply, WIFIDOG_AUTH.denied);
    }
    const at = now();
    const [s] = await db.select().from(portalGuestSessions)
      .where(and(eq(portalGuestSessions.tokenHash, tokenHash(q.token)), eq(portalGuestSessions.orgId, gw.orgId))).limit(1);
    if (!s) return authAnswer(reply, WIFIDOG_AUTH.denied);
    const counters = countersUpdate(q.incoming, q.outgoing, at);
    const active = and(eq(portalGuestSessions.id, s.id), eq(portalGuestSessions.state, 'active'));
    if (q.stage === 'logout') {
      await db.update(portalGuestSessions).set({ state: 'ended', endedAt: at, lastSeenAt: at, ...counters }).where(active);
      return authAnswer(reply, WIFIDOG_AUTH.denied);
    }
    if (s.state !== 'active') return authAnswer(reply, WIFIDOG_AUTH.denied);
    if (s.expiresAt.getTime() <= at.getTime()) {
      await db.update(portalGuestSessions).set({ state: 'expired', endedAt: at, lastSeenAt: at, ...counters }).where(active);
      return authAnswer(reply, WIFIDOG_AUTH.denied);
    }
    // A token is the grant of one device: another MAC presenting it is refused.
    if (s.mac && q.mac && s.mac !== q.mac) {
      req.log.warn({ gw_id: q.gw_id, session: s.id }, 'wifidog token presented by another MAC');
      return authAnswer(reply, WIFIDOG_AUTH.denied);
    }
    // Conditional on the state, so a kick that lands meanwhile wins.
    const [kept] = await db.update(portalGuestSessions).set({
      deviceId: gw.id, lastSeenAt: at, ...counters,
      ...(q.mac && !s.mac ? { mac: q.mac } : {}),
      ...(q.ip ? { ip: q.ip } : {}),
    }).where(active).returning({ id: portalGuestSessions.id });
    if (!kept) return authAnswer(reply, WIFIDOG_AUTH.denied);
    // The counters just stored may have used up the user's daily quota: the session ends and the gateway closes it.
    const settings = await settingsFor(db, s.orgId, s.place);
    if (settings && await endIfOverQuota(db, { ...s, mac: s.mac || q.mac || '' }, settings, at)) return authAnswer(reply, WIFIDOG_AUTH.denied);
    if (settings && await endIfIdle(db, s.id, settings.idleMinutes, at)) return authAnswer(reply, WIFIDOG_AUTH.denied);
    return authAnswer(reply, WIFIDOG_AUTH.allowed);
  });

  route('portal', async (req, reply) => {
    if (!browserAllowed(req)) return page(reply, 429, 'denied');
    const q = parse(wifidogPortalQuery, req);
    if (!q) return page(reply, 400, 'denied');
    if (!(await gatewayOf(db, q.gw_id))) {
      req.log.warn({ gw_id: q.gw_id }, 'wifidog portal through an unknown gateway');
      return page(reply, 404, 'unknown');
    }
    const url = readCookie(req, URL_COOKIE);
    if (url && url.length <= 2048 && /^https?:\/\/\S+$/i.test(url)) {
      reply.header('set-cookie', cookieHeader(URL_COOKIE, '', { path: WIFIDOG_PATH, maxAge: 0 }));
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    }
    return page(reply, 200, 'online');
  });

  route('gw_message.php', async (req, reply) => {
    if (!browserAllowed(req)) return page(reply, 429, 'denied');
    const q = parse(wifidogMessageQuery, req);
    if (!q) return page(reply, 400, 'denied');
    return page(reply, 200, q.message);
  });
}
