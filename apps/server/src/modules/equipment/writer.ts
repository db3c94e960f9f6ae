import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceTelemetry } from '../../db/schema';
import { rowsOf } from './rowsOf';

/** Rows per statement, so one flush of a huge fleet does not become one huge statement. */
const CHUNK = 2000;

interface Touch { seen: Date; snapshot?: Record<string, number>; metrics?: Record<string, number> }
export interface CameOnline { id: number; orgId: number; serial: string; at: Date }
export interface TelemetryRow { deviceId: number; orgId: number; ts: Date; metrics: Record<string, number> }

/**
 * Heartbeats and telemetry are absorbed in memory and written in batches (one UPDATE … FROM VALUES per chunk, one
 * multi-row INSERT for telemetry), so 10,000 heartbeats a second cost a handful of statements, not 10,000.
 */
export class DeviceWriter {
  private touches = new Map<number, Touch>();
  /** Touches being written: still pending until their UPDATE has committed (a command sent meanwhile must see them). */
  private writing = new Map<number, Touch>();
  private telemetry: TelemetryRow[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly cameOnline: (rows: CameOnline[]) => void,
    /** After telemetry is stored: the devices that sent it, per organisation. */
    private readonly telemetryStored: (byOrg: Map<number, number[]>) => void | Promise<void> = () => undefined,
    /** A telemetry row the database refused on its own (the rest of its batch was stored). */
    private readonly rejected: (row: TelemetryRow, err: unknown) => void = () => undefined,
  ) {}

  touch(deviceId: number, seen: Date, part: Omit<Touch, 'seen'> = {}): void {
    const t = this.touches.get(deviceId);
    if (!t) this.touches.set(deviceId, { seen, ...part });
    else {
      t.seen = seen;
      if (part.snapshot) t.snapshot = part.snapshot;
      if (part.metrics) t.metrics = { ...t.metrics, ...part.metrics };
    }
  }

  /** Forget pending activity of a device that just went away, so a late flush does not bring it back online. */
  forget(deviceId: number): void {
    this.touches.delete(deviceId);
    this.writing.delete(deviceId);
  }

  addTelemetry(deviceId: number, orgId: number, ts: Date, metrics: Record<string, number>): void {
    this.telemetry.push({ deviceId, orgId, ts, metrics });
  }

  /** Heard from since the last write (not yet online in the database). */
  isPending(deviceId: number): boolean {
    return this.touches.has(deviceId) || this.writing.has(deviceId);
  }

  get pending(): number {
    return this.touches.size + this.telemetry.length;
  }

  /** Writes what is pending; concurrent calls share one run. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.write().finally(() => { this.flushing = null; this.writing = new Map(); });
    return this.flushing;
  }

  private async write(): Promise<void> {
    this.writing = this.touches;
    const touches = [...this.touches];
    this.touches = new Map();
    const telemetry = this.telemetry;
    this.telemetry = [];
    for (let i = 0; i < touches.length; i += CHUNK) {
      // One JSON parameter instead of four bound parameters a row: binding 20,000 parameters cost more than parsing.
      const rows = JSON.stringify(touches.slice(i, i + CHUNK).map(([id, t]) => ({ id, seen: t.seen.toISOString(), snap: t.snapshot ?? null, met: t.metrics ?? null })));
      // A device heard while marked offline comes back online; `came` marks those rows (its online_at is now v.seen,
      // and the row as it was, `o`, was not already online since exactly v.seen: heard twice in one millisecond,
      // across two flushes), and only they are answered (answering every row of a 10,000-device flush cost more than
      // the update itself). The updated `d.online` decides, so a device the silence sweep marked offline meanwhile
      // does come back. Each of them opens an online period (business/onlineRecord.ts) in the same statement,
      // closing first one left open with no offline recorded; sibling statements do not see each other's rows, so
      // the close never meets the new period.
      const res = await this.db.execute(sql`
        with u as (
          update devices d set
            last_seen_at = greatest(d.last_seen_at, v.seen),
            snapshot = coalesce(v.snap, d.snapshot),
            metrics = case when v.met is null then d.metrics else d.metrics || v.met end,
            online_at = case when d.online = 0 then v.seen else d.online_at end,
            online = 1
          from jsonb_to_recordset(${rows}::jsonb) as v(id int, seen timestamptz, snap jsonb, met jsonb), devices o
          where d.id = v.id and o.id = v.id and d.status = 1
          returning d.id, d.org_id, d.serial, d.online_at = v.seen and (o.online = 0 or o.online_at is distinct from v.seen) as came, d.online_at),
        c as (select id, org_id, serial, online_at from u where came),
        closed as (
          update device_online_periods p set offline_at = greatest(p.online_at, c.online_at), reason = 'reopened'
          from c where p.device_id = c.id and p.offline_at is null),
        opened as (
          insert into device_online_periods (org_id, device_id, serial, online_at) select org_id, id, serial, online_at from c)
        select id, org_id, serial, online_at from c`);
      const came = rowsOf<{ id: number; org_id: number; serial: string; online_at: string }>(res)
        .map((r) => ({ id: r.id, orgId: r.org_id, serial: r.serial, at: new Date(r.online_at) }));
      if (came.length) this.cameOnline(came);
    }
    const stored: TelemetryRow[] = [];
    for (let i = 0; i < telemetry.length; i += CHUNK) stored.push(...await this.insertTelemetry(telemetry.slice(i, i + CHUNK)));
    if (stored.length) {
      const byOrg = new Map<number, Set<number>>();
      for (const t of stored) byOrg.set(t.orgId, (byOrg.get(t.orgId) ?? new Set()).add(t.deviceId));
      await this.telemetryStored(new Map([...byOrg].map(([org, ids]) => [org, [...ids]])));
    }
  }

  /**
   * One multi-row INSERT; if the database refuses it, row by row, so one device's bad row never loses the other
   * devices' telemetry of the batch (the refused row is handed to `rejected`). Answers the rows stored.
   */
  private async insertTelemetry(rows: TelemetryRow[]): Promise<TelemetryRow[]> {
    try {
      await this.db.insert(deviceTelemetry).values(rows);
      return rows;
    } catch {
      const stored: TelemetryRow[] = [];
      for (const row of rows) {
        try {
          await this.db.insert(deviceTelemetry).values(row);
          stored.push(row);
        } catch (err) {
          this.rejected(row, err);
        }
      }
      return stored;
    }
  }
}
