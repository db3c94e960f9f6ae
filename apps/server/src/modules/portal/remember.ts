import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { portalGuestSessions } from '../../db/schema';
import { announceCommands, insertCommands, type CommandDelivery } from '../equipment/commandBinding';
import { accessListOf } from '../business/accessList';
import { PORTAL_COMMAND_TTL_S } from './channelGrant';
import { deviceLimitReached, minutesLeft, quotaReached, usageToday } from './quota';
import { settingsFor } from './settings';
import { tokenHash } from './wifidog';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a remembered guest came in: the gateway, and its WiFiDog address unless it is one of ours on the channel. */
export interface RememberedVisit {
  gw: { id: number; orgId: number; online: number };
  mac: string;
  ip: string;
  url: string;
  /** null: one of our gateways (granted by `portal_allow`). */
  wifidog: { address: string; port: number } | null;
}

/**
 * A guest who signed in before is let through again without the sign-in page (`remember_days` of the organisation's
 * settings): the same device (MAC) had a session in this organisation, on any of its gateways, within those days,
 * and no operator kicked it since. The new session carries the earlier one's sign-in (kind and identity), so daily
 * quotas still add up per user, and it is refused (null: the guest sees the page) once a quota is used up. Answers
 * the WiFiDog token to hand the gateway ('' for a channel gateway, which got `portal_allow`), or null.
 */
export async function letRememberedThrough(database: Database, delivery: CommandDelivery, v: RememberedVisit, now: Date): Promise<{ token: string } | null> {
  const db = database.db;
  const org = await settingsFor(db, v.gw.orgId, '');
  if (!org || org.mode === 'off' || org.rememberDays <= 0 || !v.mac) return null;
  const s = portalGuestSessions;
  const [last] = await db.select().from(s)
    .where(and(eq(s.orgId, v.gw.orgId), eq(s.mac, v.mac), gte(s.startedAt, new Date(now.getTime() - org.rememberDays * DAY_MS))))
    .orderBy(desc(s.startedAt), desc(s.id)).limit(1);
  // The latest session decides: a kick is the operator's word that this device should sign in again.
  // A whitelisted pass is no sign-in to remember (the whitelist may have changed since).
  if (!last || last.state === 'kicked' || last.kind === 'whitelist') return null;
  // A terminal or phone on the black list meets the sign-in page, which refuses it (and records the refusal).
  if (await accessListOf(db, v.gw.orgId, { mac: v.mac, phone: last.kind === 'sms' ? last.identity : '' }, now) === 'black') return null;
  const settings = (last.place ? await settingsFor(db, v.gw.orgId, last.place) : null) ?? org;
  if (settings.mode === 'off') return null;
  const who = { orgId: v.gw.orgId, kind: last.kind, identity: last.identity, mac: v.mac };
  const used = await usageToday(db, who, now);
  const minutes = minutesLeft(settings, settings.sessionMinutes, used);
  if (quotaReached(settings, used) || minutes < 1) return null;
  if (await deviceLimitReached(db, who, settings.maxDevices, now)) return null;
  return openSession(database, delivery, v, { place: last.place, kind: last.kind, identity: last.identity, minutes, settings }, now);
}

/**
 * A device on the organisation's MAC whitelist (`mac_whitelist`) is let through at `login/` without the sign-in
 * page, for a session of the settings' length, free of quotas and of the devices-per-user limit (its own identity is
 * its MAC); when that session ends the next `login/` lets it through again. Answers like `letRememberedThrough`.
 */
export async function letWhitelistedThrough(database: Database, delivery: CommandDelivery, v: RememberedVisit, now: Date): Promise<{ token: string } | null> {
  const settings = await settingsFor(database.db, v.gw.orgId, '');
  if (!settings || settings.mode === 'off' || !v.mac || !settings.macWhitelist.split('\n').includes(v.mac)) return null;
  // The black list wins over the settings' whitelist, as it does over the white list.
  if (await accessListOf(database.db, v.gw.orgId, { mac: v.mac, phone: '' }, now) === 'black') return null;
  return openSession(database, delivery, v, { place: '', kind: 'whitelist', identity: v.mac, minutes: settings.sessionMinutes, settings }, now);
}

/** The session of a guest let through without the page, and its grant: a WiFiDog token, or `portal_allow` on the channel. */
async function openSession(
  database: Database, delivery: CommandDelivery, v: RememberedVisit,
  g: { place: string; kind: string; identity: string; minutes: number; settings: { upKbps: number; downKbps: number } }, now: Date,
): Promise<{ token: string }> {
  const s = portalGuestSessions;
  const token = v.wifidog ? randomBytes(32).toString('base64url') : '';
  const made = await database.db.transaction(async (tx) => {
    // The guest's earlier active sessions on other gateways stay: a guest may roam between the organisation's gateways.
    await tx.insert(s).values({
      orgId: v.gw.orgId, place: g.place, kind: g.kind, identity: g.identity, mac: v.mac, ip: v.ip,
      upKbps: g.settings.upKbps, downKbps: g.settings.downKbps, startedAt: now, expiresAt: new Date(now.getTime() + g.minutes * 60_000),
      deviceId: v.gw.id, tokenHash: token ? tokenHash(token) : '', url: v.url,
    });
    if (v.wifidog) return [];
    const params = { mac: v.mac, minutes: g.minutes, up_kbps: g.settings.upKbps, down_kbps: g.settings.downKbps };
    return (await insertCommands(tx, { orgId: v.gw.orgId, userId: null, now }, [v.gw], 'portal_allow', params, PORTAL_COMMAND_TTL_S)).made;
  });
  if (made.length) await announceCommands(delivery, v.gw.orgId, made, [v.gw], now);
  return { token };
}
