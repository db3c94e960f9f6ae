import { and, eq, sql } from 'drizzle-orm';
import { AUTH_FAILURE_REASONS, Code } from '@gx/contract';
import type { Executor } from '../../db/client';
import { devices } from '../../db/schema';
import { AppError } from '../../http/errors';
import { qualified } from '../../resources/sqlRef';
import { portalAuthRecords } from './authData';
import { portalAuthTerminals } from './authTerminal';

/** One sign-in attempt at the portal, as `/wifilogin` `login` saw it. */
export interface AuthAttempt {
  orgId: number;
  kind: string;
  place: string;
  phone: string;
  identity: string;
  mac: string;
  ip: string;
  /** The gateway's serial (`gw_id`) as sent, '' when none; `deviceId` when already resolved. */
  gateway: string;
  deviceId?: number | null;
  at: Date;
}

const KNOWN = new Set<string>(AUTH_FAILURE_REASONS);

/** A refusal as the record keeps it: the answer's code and the message key the guest was told. */
export function refusalOf(err: unknown): { code: number; reason: string } {
  if (!(err instanceof AppError)) return { code: Code.INTERNAL, reason: 'error' };
  if (err.code === Code.TOO_MANY_ATTEMPTS) return { code: err.code, reason: 'too_many' };
  return { code: err.code, reason: KNOWN.has(err.message) ? err.message : 'error' };
}

/**
 * Records an attempt (`portal_auth_records`) and keeps its terminal (`portal_auth_terminals`, by MAC; none without
 * one). A success is written with the session it opened, in the same executor; a refusal outside the refused work,
 * so the record stays when the sign-in's own writes are undone.
 */
export async function recordAuthAttempt(exec: Executor, a: AuthAttempt, outcome: { code: number; reason: string } | null): Promise<void> {
  const mac = a.mac.toUpperCase();
  let deviceId = a.deviceId ?? null;
  if (deviceId === null && a.gateway) {
    const [gw] = await exec.select({ id: devices.id }).from(devices).where(and(eq(devices.serial, a.gateway), eq(devices.orgId, a.orgId))).limit(1);
    deviceId = gw?.id ?? null;
  }
  const ok = outcome === null;
  const result = ok ? 'success' : 'failed';
  await exec.insert(portalAuthRecords).values({
    orgId: a.orgId, createdAt: a.at, kind: a.kind, phone: a.phone, identity: a.identity, mac, ip: a.ip, place: a.place,
    deviceId, gateway: a.gateway, result, code: ok ? Code.OK : outcome.code, reason: ok ? '' : outcome.reason,
  });
  if (!mac) return;
  const t = portalAuthTerminals;
  // Who the terminal last was: kept from earlier attempts when this one named nobody (a refused one-click, say).
  await exec.insert(t).values({
    orgId: a.orgId, mac, phone: a.phone, identity: a.identity, kind: a.kind, firstSeenAt: a.at, lastSeenAt: a.at,
    signIns: ok ? 1 : 0, failures: ok ? 0 : 1, lastResult: result, deviceId, place: a.place,
  }).onConflictDoUpdate({
    target: [t.orgId, t.mac],
    set: {
      phone: a.phone || qualified(t.phone),
      identity: a.identity || qualified(t.identity),
      kind: a.kind,
      lastSeenAt: sql`greatest(${qualified(t.lastSeenAt)}, excluded.last_seen_at)`,
      signIns: sql`${qualified(t.signIns)} + ${ok ? 1 : 0}`,
      failures: sql`${qualified(t.failures)} + ${ok ? 0 : 1}`,
      lastResult: result,
      deviceId: deviceId ?? qualified(t.deviceId),
      place: a.place,
    },
  });
}

/** What the sign-in request says about the attempt: enough to record it before anything is checked. */
interface Typed { kind: string; phone?: string; mac?: string; gw_id?: string; member?: string; room?: string }

/** The attempt a `/wifilogin` `login` request makes; `identity` is what the guest typed, until a grant says who it is. */
export function attemptOf(ip: string, orgId: number, place: string, typed: Typed, at: Date): AuthAttempt {
  const identity = typed.kind === 'sms' ? typed.phone ?? '' : typed.kind === 'account' ? typed.member ?? typed.room ?? '' : '';
  return {
    orgId, kind: typed.kind, place, phone: typed.phone ?? '', identity, mac: typed.mac ?? '', ip, gateway: typed.gw_id ?? '', at,
  };
}

/**
 * Runs a sign-in, recording it if refused. The record goes to `exec` after the refusal, so it must not be the
 * refused work's transaction (the portal's `login` runs outside one; a voucher's own transaction is undone by then).
 * A record that cannot be written is logged and the guest still gets the refusal.
 */
export async function recordingRefusals<T>(
  exec: Executor, log: { error(o: object, msg: string): void }, attempt: AuthAttempt, run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    await recordAuthAttempt(exec, attempt, refusalOf(err)).catch((e: unknown) => log.error({ err: e }, 'recording a refused portal sign-in failed'));
    throw err;
  }
}
