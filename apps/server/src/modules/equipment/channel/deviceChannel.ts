import type { Server as HttpServer } from 'node:http';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COMMAND_RESULT_TIMEOUT_S, MAX_PAYLOAD_BYTES, ONLINE_HEARTBEATS, ackPayload, configAckPayload, eventPayload,
  hbPayload, helloPayload, isFinalState, TELEMETRY_FUTURE_SKEW_S, resultPayload, statePayload, telemetryPayload, topics,
  type CommandMessage, type CommandState, type OfflineReason, type TemplateConfigBody, type TemplateKind, type UpTopic,
} from '@gx/contract';
import type { Database } from '../../../db/client';
import type { DeviceConfig } from '../../../config';
import { deviceCommands, devices, organizations } from '../../../db/schema';
import type { Bus } from '../../../live/bus';
import { logDeviceEvent, logDeviceEvents } from '../events';
import { markConnected, markDisconnected, markOffline, sweepSilent } from '../presence';
import { advanceCommand, expireCommands, publishCommand, recordProgress, resultDeadline } from '../commandState';
import { maintainTelemetry } from '../telemetryRetention';
import { secretMatches } from '../secret';
import { DeviceWriter } from '../writer';
import { configMessage } from '../deviceConfig';
import { deviceConfigs } from '../templateTables';
import { configAnswered, configPushEnded, syncHellos, type HelloReport } from '../configSync';
import { Coalescer } from '../coalescer';
import { AlarmEvaluator } from '../alarmEvaluation';
import type { Transport, TransportEvents } from './transport';
import { embeddedTransport } from './embedded';
import { externalTransport } from './external';

/** What the channel knows of a device it has heard from, and when it last checked (ms). */
interface DeviceRef { id: number; orgId: number; serial: string; checked: number }
/** What CONNECT checks a secret against. */
interface Credentials { id: number; orgId: number; hash: string; status: number; orgStatus: number }
/** Type-reported facts of a `hello` waiting for the batched write, with when it was heard. */
type Facts = z.output<typeof helloPayload> & { heardAt: Date };

/**
 * How long a cached device is trusted before its row (and its organisation's status) is read again: a device of
 * an organisation disabled elsewhere is disconnected within this time.
 */
const REF_TTL_MS = 60_000;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When a telemetry sample is filed: its own `ts` within the window the platform keeps, the server's receive time
 * for one without `ts` or more than TELEMETRY_FUTURE_SKEW_S ahead (a clock days ahead would file rows under days
 * that have no partition yet), null for one older than the retention (it would be deleted at once).
 */
export function telemetryTime(ts: number | undefined, now: Date, retentionDays: number): Date | null {
  if (ts === undefined || ts > now.getTime() + TELEMETRY_FUTURE_SKEW_S * 1000) return now;
  return ts < now.getTime() - retentionDays * DAY_MS ? null : new Date(ts);
}

/** A `state` payload saying the device went away (its last will). */
function isWill(payload: Buffer): boolean {
  try {
    const s = statePayload.safeParse(JSON.parse(payload.toString('utf8')));
    return s.success && !s.data.online;
  } catch {
    return false;
  }
}

/** The device an area's `up/` handler hears from. */
export interface HeardDevice { id: number; orgId: number; serial: string }
/** An area's handler of one `up/<kind>` topic (the payload already validated against its schema). */
type UpHandler = (device: HeardDevice, payload: Buffer, parse: <S extends z.ZodType>(schema: S) => z.output<S> | null, now: Date) => Promise<void>;

export interface ChannelLog { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void }

/** Most device ids one telemetry stream message names. */
const TELEMETRY_IDS_MAX = 500;
/** How often batched heartbeats and telemetry are written. */
const FLUSH_MS = 200;

/**
 * The device channel (DESIGN §6): one broker transport, the registry state it feeds, and the persisted commands it
 * delivers. Starts and stops with the app; everything it tells the console goes through the bus.
 */
export class DeviceChannel {
  readonly transport: Transport;
  /** Device messages this instance has taken from the broker (several instances split them; `GET /healthz`). */
  messagesTaken = 0;
  /** Alarm rules evaluated on telemetry writes and on the presence sweep. */
  readonly alarms: AlarmEvaluator;
  private readonly writer: DeviceWriter;
  private readonly refs = new Map<string, DeviceRef | null>();
  /**
   * Devices being disconnected by the server, with why and the device they were (a disabled or removed device no
   * longer resolves, yet its going offline is still recorded).
   */
  private readonly kicks = new Map<string, { reason: OfflineReason; ref: DeviceRef | null }>();
  /** Per-device queue: a device's ack, result and hello are handled in the order they arrived. */
  private readonly lanes = new Map<string, Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  /** `up/<kind>` topics other areas own (the portal's `up/portal` counters), by `up/<kind>`. */
  private readonly upHandlers = new Map<string, UpHandler>();
  private unsubscribe: (() => void) | null = null;
  private lastRetention = 0;
  private sweeping = false;
  /** How long a cached device is trusted (REF_TTL_MS); tests shorten it. */
  refTtlMs = REF_TTL_MS;
  /** CONNECTs arriving together are checked with one query (a reconnect storm is thousands at once). */
  private readonly credentials = new Coalescer<string, Credentials | null>((serials) => this.lookUpCredentials(serials), null);
  /** Cached devices due for a re-read are read together (10,000 devices connected within a minute go stale together). */
  private readonly rereads = new Coalescer<string, { id: number; orgId: number } | null>((serials) => this.lookUpRefs(serials), null);
  /** Serials whose re-read runs in the background while their heartbeats keep flowing. */
  private readonly rereading = new Set<string>();
  /** Facts of the hellos waiting for the next batched write. */
  private readonly facts = new Map<number, Facts>();
  /** Hellos arriving together are written with one UPDATE and their commands looked up with one query. */
  private readonly hellos = new Coalescer<number, true>((ids) => this.writeHellos(ids), true);
  /** Sessions opening together are recorded with one UPDATE (a reconnect storm). */
  private readonly connects = new Coalescer<number, true>(async (ids) => {
    await markConnected(this.database.db, this.bus, ids, this.now());
    return new Map();
  }, true);

  constructor(
    private readonly database: Database,
    private readonly config: DeviceConfig & { host: string },
    readonly bus: Bus,
    http: HttpServer,
    private readonly log: ChannelLog,
    private readonly now: () => Date,
  ) {
    this.alarms = new AlarmEvaluator(database.db, bus, now);
    this.writer = new DeviceWriter(database.db, (rows) => {
      this.background(this.alarms.cameOnline(rows.map((d) => d.id)));
      for (const d of rows) this.bus.publish({ type: 'device', org_id: d.orgId, id: d.id, serial: d.serial, online: 1, at: d.at.toISOString() });
      this.background(logDeviceEvents(this.database.db, this.bus, rows.map((device) => ({ device, level: 'info', code: 'online', msg: '', at: device.at }))));
    }, (byOrg) => {
      const at = this.now().toISOString();
      // A NOTIFY payload is at most 8,000 bytes: a big batch names no devices, and the consoles refresh what they show.
      for (const [orgId, ids] of byOrg) this.bus.publish({ type: 'telemetry', org_id: orgId, ids: ids.length <= TELEMETRY_IDS_MAX ? ids : [], at });
      // Evaluated with the batch, off the heartbeat path; a failing evaluation does not fail the write.
      return this.runSafely(() => this.alarms.telemetryStored(byOrg));
    }, (row, err) => {
      this.log.error({ err, deviceId: row.deviceId }, 'telemetry row refused');
      this.background(logDeviceEvent(this.database.db, this.bus, { id: row.deviceId, orgId: row.orgId }, 'warn', 'malformed', `up/telemetry: refused by the database (ts ${row.ts.getTime()})`, this.now()));
    });
    const events: TransportEvents = {
      authenticate: (serial, password) => this.checkCredentials(serial, password),
      connected: (serial) => {
        const ref = this.refs.get(serial);
        if (ref) this.writer.touch(ref.id, this.now());
        this.withRef(serial, (r) => this.connects.get(r.id).then(() => undefined));
      },
      disconnected: (serial, reason) => this.disconnected(serial, reason),
      message: (serial, rest, payload) => this.message(serial, rest, payload),
      refused: (serial, what, topic) => this.refusedByBroker(serial, what, topic),
      throttled: (serial, disconnected) => {
        if (disconnected) this.kicks.set(serial, { reason: 'kicked', ref: this.refs.get(serial) ?? null });
        this.withRef(serial, (ref) => logDeviceEvent(this.database.db, this.bus, ref, 'warn', 'throttled', disconnected ? 'disconnected' : 'dropping messages', this.now()));
      },
    };
    this.transport = config.mqttUrl
      ? externalTransport(config.mqttUrl, config.shareGroup, config.rateLimit, events, (err) => this.log.error({ err }, 'broker connection'))
      : embeddedTransport({ port: config.mqttPort, host: config.host, http, rateLimit: config.rateLimit }, events);
  }

  async start(): Promise<void> {
    this.unsubscribe = this.bus.subscribe((msg) => {
      // A config_push that ended without the device's confirmation leaves its configuration in error (idempotent:
      // every instance hears it, one statement moves only a pending row).
      if (msg.type === 'command' && isFinalState(msg.state) && msg.state !== 'succeeded') this.background(configPushEnded(this.database.db, msg.id));
      if (msg.type === 'kick') this.disconnect(msg.serial, msg.reason);
      else if (msg.type === 'kick_org') this.background(this.disconnectOrg(msg.org_id));
    });
    await this.runSafely(() => maintainTelemetry(this.database.db, this.now(), this.config.telemetryDays));
    this.lastRetention = Date.now();
    await this.transport.start();
    this.timers.push(setInterval(() => this.background(this.writer.flush()), FLUSH_MS));
    this.timers.push(setInterval(() => this.background(this.sweep()), this.config.sweepMs));
    for (const t of this.timers) t.unref();
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.unsubscribe?.();
    await this.transport.stop();
    await Promise.allSettled([...this.lanes.values()]);
    await this.runSafely(() => this.writer.flush());
    await this.alarms.idle();
  }

  /** Disconnects the device wherever it is connected (every instance hears the bus). */
  kick(serial: string, reason: 'kicked' | 'replaced' = 'kicked'): void {
    this.bus.publish({ type: 'kick', serial, reason });
  }

  /** Disconnects every device of an organisation wherever it is connected (the organisation was disabled or removed). */
  kickOrg(orgId: number): void {
    this.bus.publish({ type: 'kick_org', org_id: orgId });
  }

  /** Ends the device's sessions held here; its next CONNECT is checked against the database again. */
  private disconnect(serial: string, reason: OfflineReason): void {
    const ref = this.refs.get(serial) ?? null;
    this.refs.delete(serial);
    this.kicks.set(serial, { reason, ref });
    if (!this.transport.disconnect(serial)) this.kicks.delete(serial);
  }

  /**
   * The organisation's devices this instance knows (every device connected to the embedded broker has a ref), and
   * on an external broker also those the database has online, since another instance may have heard them.
   */
  private async disconnectOrg(orgId: number): Promise<void> {
    const serials = new Set<string>();
    for (const [serial, ref] of this.refs) if (ref?.orgId === orgId) serials.add(serial);
    if (this.config.mqttUrl) {
      const rows = await this.database.db.select({ serial: devices.serial }).from(devices)
        .where(and(eq(devices.orgId, orgId), eq(devices.online, 1)));
      for (const r of rows) serials.add(r.serial);
    }
    for (const serial of serials) this.disconnect(serial, 'kicked');
  }

  /**
   * Lets another area handle one `up/<kind>` topic of the protocol (docs/device-protocol.md): the message is
   * validated against `schema` (a failure is a `malformed` event, as for every topic) and handed over in the
   * device's lane, so it is ordered with the device's other messages.
   */
  onUp<S extends z.ZodType>(kind: UpTopic, schema: S, handler: (device: HeardDevice, body: z.output<S>, now: Date) => Promise<void>): void {
    this.upHandlers.set(`up/${kind}`, async (device, _payload, parse, now) => {
      const body = parse(schema);
      if (body !== null) await handler(device, body, now);
    });
  }

  /** Writes pending heartbeats now (tests, shutdown). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /**
   * Dispatches to the devices that are online, or were heard a moment ago and are not written yet; the others get
   * their commands after their next `hello`.
   */
  async dispatchToConnected(targets: { id: number; online: number }[]): Promise<void> {
    const heard = (d: { id: number; online: number }) => d.online === 1 || this.writer.isPending(d.id);
    const now = targets.filter(heard).map((d) => d.id);
    // `online` was read before the commands committed: a hello heard since then has already looked for commands
    // and missed these. Such a device is pending in the writer or online in its row now, so ask both again.
    const unsure = targets.filter((d) => !heard(d)).map((d) => d.id);
    for (let i = 0; i < unsure.length; i += 1000) {
      const part = unsure.slice(i, i + 1000);
      const rows = await this.database.db.select({ id: devices.id }).from(devices).where(and(inArray(devices.id, part), eq(devices.online, 1)));
      const online = new Set(rows.map((r) => r.id));
      now.push(...part.filter((id) => online.has(id) || this.writer.isPending(id)));
    }
    return this.dispatch(now);
  }

  /**
   * Publishes every undelivered, unexpired command of these devices; queued ones become `sent`. After a hello
   * (`heard`: when each device's was heard), a command already sent since that hello went out on this session and is
   * not published again: a command given while the hello waited for its write would otherwise arrive twice.
   */
  async dispatch(deviceIds: number[], heard?: Map<number, Date>): Promise<void> {
    if (!deviceIds.length) return;
    const now = this.now();
    const rows = await this.database.db
      .select({
        id: deviceCommands.id, name: deviceCommands.name, params: deviceCommands.params, state: deviceCommands.state, expiresAt: deviceCommands.expiresAt, sentAt: deviceCommands.sentAt,
        deviceId: deviceCommands.deviceId, serial: devices.serial, deviceName: devices.name, heartbeatS: devices.heartbeatS, configVersion: devices.configVersion,
        tKind: deviceConfigs.templateKind, tId: deviceConfigs.templateId, tName: deviceConfigs.templateName,
        tConfig: deviceConfigs.config, tVersion: deviceConfigs.version,
      })
      .from(deviceCommands)
      .innerJoin(devices, eq(devices.id, deviceCommands.deviceId))
      .leftJoin(deviceConfigs, eq(deviceConfigs.deviceId, deviceCommands.deviceId))
      .where(and(inArray(deviceCommands.deviceId, deviceIds), inArray(deviceCommands.state, ['queued', 'sent']), gt(deviceCommands.expiresAt, now),
        sql`${resultDeadline(COMMAND_RESULT_TIMEOUT_S)} > ${now.toISOString()}::timestamptz`))
      .orderBy(asc(deviceCommands.id));
    const due = rows.filter((c) => {
      const hello = heard?.get(c.deviceId);
      return !(hello && c.state === 'sent' && c.sentAt && c.sentAt >= hello);
    });
    for (const c of due) {
      // The configuration travels on its own topic, just before the command that asks the device to apply it.
      if (c.name === 'config_push') {
        const template = c.tKind && c.tId !== null && c.tName !== null && c.tVersion !== null
          ? { kind: c.tKind as TemplateKind, id: c.tId, name: c.tName, config: c.tConfig as TemplateConfigBody['config'], version: c.tVersion }
          : undefined;
        const config = configMessage({ name: c.deviceName, heartbeatS: c.heartbeatS, configVersion: c.configVersion, template });
        // What the device confirms (up/config) or reports in its hello is held against this version and checksum.
        if (template) {
          await this.database.db.update(deviceConfigs).set({ checksum: config.checksum, sentVersion: config.version })
            .where(and(eq(deviceConfigs.deviceId, c.deviceId), eq(deviceConfigs.commandId, c.id)));
        }
        await this.transport.publish(topics.config(c.serial), JSON.stringify(config), 1);
      }
      const msg: CommandMessage = { id: c.id, name: c.name, params: c.params as Record<string, unknown>, expires_at: c.expiresAt.toISOString() };
      await this.transport.publish(topics.cmd(c.serial), JSON.stringify(msg), 1);
    }
    // Published ones that were queued are `sent`, in one statement however many devices a bulk send reached. A
    // device that answered faster than this already moved its command on; the update leaves that one alone.
    const queued = due.filter((c) => c.state === 'queued').map((c) => c.id);
    if (!queued.length) return;
    const at = this.now();
    const sent = await this.database.db.update(deviceCommands).set({ state: 'sent', sentAt: at })
      .where(and(inArray(deviceCommands.id, queued), eq(deviceCommands.state, 'queued')))
      .returning({ id: deviceCommands.id, orgId: deviceCommands.orgId, deviceId: deviceCommands.deviceId, progress: deviceCommands.progress });
    for (const c of sent) publishCommand(this.bus, { ...c, state: 'sent' }, at);
  }

  /** Logs a publish or subscribe outside the device's own topics (embedded broker, or the EMQX ACL hook). */
  refusedByBroker(serial: string, what: 'publish' | 'subscribe', topic: string): void {
    this.withRef(serial, (ref) => logDeviceEvent(this.database.db, this.bus, ref, 'warn', 'acl_denied', `${what} ${topic.slice(0, 256)}`, this.now()));
  }

  /** CONNECT check: a known serial with this secret, the device and its organisation enabled. */
  async checkCredentials(serial: string, password: string): Promise<boolean> {
    const row = await this.credentials.get(serial);
    if (!row || row.status !== 1 || row.orgStatus !== 1 || !secretMatches(password, row.hash)) return false;
    this.refs.set(serial, { id: row.id, orgId: row.orgId, serial, checked: Date.now() });
    // A kick whose session ended without a will (external broker) is not waited for any longer.
    if (this.config.mqttUrl) this.kicks.delete(serial);
    return true;
  }

  private async lookUpCredentials(serials: string[]): Promise<Map<string, Credentials>> {
    const rows = await this.database.db
      .select({ serial: devices.serial, id: devices.id, orgId: devices.orgId, hash: devices.secretHash, status: devices.status, orgStatus: organizations.status })
      .from(devices).innerJoin(organizations, eq(organizations.id, devices.orgId))
      .where(inArray(devices.serial, serials));
    return new Map(rows.map((r) => [r.serial, r]));
  }

  private async writeHellos(ids: number[]): Promise<Map<number, true>> {
    const reports: HelloReport[] = [];
    const heard = new Map<number, Date>();
    const rows = ids.flatMap((id) => {
      const h = this.facts.get(id);
      this.facts.delete(id);
      if (h) heard.set(id, h.heardAt);
      if (h?.config_version !== undefined && h.config_checksum !== undefined) reports.push({ id, version: h.config_version, checksum: h.config_checksum });
      return h ? [sql`(${id}::int, ${h.type}::text, ${h.model}::text, ${h.fw}::text, ${h.hw}::text, ${h.mac.toUpperCase()}::text, ${h.ip}::text, ${h.heartbeat_s}::int)`] : [];
    });
    if (rows.length) {
      await this.database.db.execute(sql`
        update devices d set family = v.family, model = v.model, fw = v.fw, hw = v.hw, mac = v.mac, ip = v.ip, heartbeat_s = v.hb
        from (values ${sql.join(rows, sql`, `)}) as v(id, family, model, fw, hw, mac, ip, hb)
        where d.id = v.id`);
    }
    // A stale or modified configuration gets a config_push here, which the dispatch below sends at once.
    await this.runSafely(() => syncHellos(this.database.db, this.bus, reports, this.now()));
    await this.dispatch(ids, heard);
    return new Map();
  }

  /** The device behind a serial, enabled and in an enabled organisation; cached until kicked or changed. */
  private async ref(serial: string): Promise<DeviceRef | null> {
    const cached = this.refs.get(serial);
    if (cached === null || (cached && Date.now() - cached.checked < this.refTtlMs)) return cached;
    const row = await this.rereads.get(serial);
    const ref = row ? { id: row.id, orgId: row.orgId, serial, checked: Date.now() } : null;
    this.refs.set(serial, ref);
    // Known before and refused now (device or organisation disabled elsewhere): end its session.
    if (cached && !ref) this.kick(serial);
    return ref;
  }

  private async lookUpRefs(serials: string[]): Promise<Map<string, { id: number; orgId: number }>> {
    const rows = await this.database.db
      .select({ serial: devices.serial, id: devices.id, orgId: devices.orgId })
      .from(devices).innerJoin(organizations, eq(organizations.id, devices.orgId))
      .where(and(inArray(devices.serial, serials), eq(devices.status, 1), eq(organizations.status, 1)));
    return new Map(rows.map((r) => [r.serial, { id: r.id, orgId: r.orgId }]));
  }

  /** Re-reads a stale cached device without holding up its heartbeats (a refused one is kicked by `ref`). */
  private reread(serial: string): void {
    if (this.rereading.has(serial)) return;
    this.rereading.add(serial);
    this.ref(serial).then(() => undefined, (err: unknown) => this.log.error({ err, serial }, 'device re-read failed'))
      .finally(() => this.rereading.delete(serial));
  }

  /**
   * Its registry row changed: the cached device is read again at its next message. The ref itself stays, so an
   * organisation's kick still finds the device.
   */
  forget(serial: string): void {
    const ref = this.refs.get(serial);
    if (ref) ref.checked = 0;
    else this.refs.delete(serial);
  }

  /** Whether the device may still speak (enabled, in an enabled organisation): the EMQX ACL hook asks. */
  async mayAct(serial: string): Promise<boolean> {
    return (await this.ref(serial)) !== null;
  }

  private withRef(serial: string, fn: (ref: DeviceRef) => Promise<void>): void {
    this.inLane(serial, async () => {
      const ref = await this.ref(serial);
      if (ref) await fn(ref);
    });
  }

  private inLane(serial: string, fn: () => Promise<void>): void {
    const prev = this.lanes.get(serial) ?? Promise.resolve();
    const next = prev.then(fn).catch((err: unknown) => this.log.error({ err, serial }, 'device message failed'));
    this.lanes.set(serial, next);
    void next.then(() => { if (this.lanes.get(serial) === next) this.lanes.delete(serial); });
  }

  private disconnected(serial: string, reason: 'disconnect' | 'timeout' | 'replaced' | 'lwt'): void {
    const kicked = this.kicks.get(serial);
    this.kicks.delete(serial);
    if (kicked?.ref && reason !== 'replaced') {
      const gone = kicked.ref;
      this.inLane(serial, () => this.wentOffline(gone, kicked.reason));
      return;
    }
    this.withRef(serial, async (ref) => {
      if (reason === 'replaced') {
        await logDeviceEvent(this.database.db, this.bus, ref, 'warn', 'offline', 'replaced', this.now());
        return;
      }
      await this.wentOffline(ref, kicked?.reason ?? reason);
    });
  }

  /** The session ended (will, DISCONNECT, keep-alive, kick): disconnected, and so offline. */
  private async wentOffline(ref: DeviceRef, reason: OfflineReason): Promise<void> {
    this.writer.forget(ref.id);
    const at = this.now();
    await markDisconnected(this.database.db, this.bus, ref.id, reason, at);
    await markOffline(this.database.db, this.bus, ref.id, reason, at);
  }

  private message(serial: string, rest: string, payload: Buffer): void {
    this.messagesTaken++;
    const cached = this.refs.get(serial);
    // Heartbeats and telemetry of known devices go straight to the batch writer: no promise, no query. A cached
    // device older than the TTL is re-read in the background, batched with the others; a disabled device's
    // heartbeats never bring it online meanwhile (the batched write only touches enabled devices).
    if (cached && (rest === 'up/hb' || rest === 'up/telemetry') && payload.length <= MAX_PAYLOAD_BYTES) {
      if (Date.now() - cached.checked >= this.refTtlMs) this.reread(serial);
      this.cheap(cached, rest, payload);
      return;
    }
    const kicked = this.kicks.get(serial);
    if (kicked && rest === 'state' && isWill(payload)) {
      // External broker: the will of a session the server took over. The device may be disabled or gone by now.
      this.kicks.delete(serial);
      const gone = kicked.ref;
      if (gone) this.inLane(serial, () => this.wentOffline(gone, kicked.reason));
      return;
    }
    this.inLane(serial, async () => {
      const ref = await this.ref(serial);
      if (!ref) return;
      await this.handle(ref, rest, payload);
    });
  }

  private parse<S extends z.ZodType>(ref: DeviceRef, rest: string, payload: Buffer, schema: S): z.output<S> | null {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      this.background(logDeviceEvent(this.database.db, this.bus, ref, 'warn', 'malformed', `${rest}: not JSON`, this.now()));
      return null;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.map(String).join('.') || '(body)';
      this.background(logDeviceEvent(this.database.db, this.bus, ref, 'warn', 'malformed', `${rest}: ${where} ${issue?.message ?? ''}`.slice(0, 1024), this.now()));
      return null;
    }
    return parsed.data;
  }

  private cheap(ref: DeviceRef, rest: string, payload: Buffer): void {
    const now = this.now();
    if (rest === 'up/hb') {
      const hb = this.parse(ref, rest, payload, hbPayload);
      if (hb) this.writer.touch(ref.id, now, { snapshot: hb });
      return;
    }
    const t = this.parse(ref, rest, payload, telemetryPayload);
    if (!t) return;
    this.writer.touch(ref.id, now, { metrics: t.metrics });
    const ts = telemetryTime(t.ts, now, this.config.telemetryDays);
    if (ts) this.writer.addTelemetry(ref.id, ref.orgId, ts, t.metrics);
    else this.background(logDeviceEvent(this.database.db, this.bus, ref, 'warn', 'malformed', `up/telemetry: ts ${t.ts} older than the ${this.config.telemetryDays}-day retention`, now));
  }

  private async handle(ref: DeviceRef, rest: string, payload: Buffer): Promise<void> {
    const db = this.database.db;
    const now = this.now();
    if (payload.length > MAX_PAYLOAD_BYTES) {
      await logDeviceEvent(db, this.bus, ref, 'warn', 'oversize', `${rest}: ${payload.length} bytes`, now);
      return;
    }
    switch (rest) {
      case 'state': {
        const s = this.parse(ref, rest, payload, statePayload);
        if (!s) return;
        if (!s.online) {
          await this.wentOffline(ref, 'lwt');
          return;
        }
        this.writer.touch(ref.id, now);
        // An external broker tells the server of no sessions: the device's own `state` is its connect.
        if (this.config.mqttUrl) await this.connects.get(ref.id);
        return;
      }
      case 'up/hb':
      case 'up/telemetry':
        this.cheap(ref, rest, payload);
        return;
      case 'up/hello': {
        const h = this.parse(ref, rest, payload, helloPayload);
        if (!h) return;
        this.writer.touch(ref.id, now);
        this.facts.set(ref.id, { ...h, heardAt: now });
        await this.hellos.get(ref.id);
        return;
      }
      case 'up/event': {
        const e = this.parse(ref, rest, payload, eventPayload);
        this.writer.touch(ref.id, now);
        if (e) await logDeviceEvent(db, this.bus, ref, e.level, e.code, e.msg, now);
        return;
      }
      case 'up/ack': {
        const a = this.parse(ref, rest, payload, ackPayload);
        this.writer.touch(ref.id, now);
        if (!a) return;
        // One statement on the usual path; only a refused ack looks up why (unknown or another device's command).
        if (!(await advanceCommand(db, this.bus, a.id, ref.id, 'delivered', now))) await this.commandOf(ref, a.id);
        return;
      }
      case 'up/result': {
        const r = this.parse(ref, rest, payload, resultPayload);
        this.writer.touch(ref.id, now);
        if (!r) return;
        // `ok:true` with progress below 100 is an interim report; `ok:false` is final (failed) whatever its progress.
        if (r.ok && r.progress !== undefined && r.progress < 100) {
          const state = await this.commandOf(ref, r.id);
          if (!state || isFinalState(state)) return;
          if (state !== 'delivered') await advanceCommand(db, this.bus, r.id, ref.id, 'delivered', now);
          await recordProgress(db, this.bus, r.id, r.progress, now);
          return;
        }
        const result = { ok: r.ok, code: r.code ?? null, msg: r.msg ?? null, data: r.data ?? null };
        const moved = await advanceCommand(db, this.bus, r.id, ref.id, r.ok ? 'succeeded' : 'failed', now, { result, progress: r.ok ? 100 : (r.progress ?? null) });
        // Not moved: a duplicate result of a finished command (ignored), or a command that is not this device's.
        if (!moved) await this.commandOf(ref, r.id);
        return;
      }
      case 'up/config': {
        const c = this.parse(ref, rest, payload, configAckPayload);
        this.writer.touch(ref.id, now);
        if (!c) return;
        if (c.ok) await db.update(devices).set({ configVersion: c.version }).where(eq(devices.id, ref.id));
        const sync = await configAnswered(db, ref.id, c, now);
        if (sync === 'confirmed_other') {
          await logDeviceEvent(db, this.bus, ref, 'warn', 'config_modified', `v${c.version} ${c.checksum.slice(0, 12)}: not the checksum sent`, now);
        } else {
          await logDeviceEvent(db, this.bus, ref, c.ok ? 'info' : 'warn', c.ok ? 'config_applied' : 'config_failed', `v${c.version} ${c.msg ?? ''}`.trim(), now);
        }
        return;
      }
      default: {
        const owned = this.upHandlers.get(rest);
        if (owned) {
          this.writer.touch(ref.id, now);
          await owned(ref, payload, (schema) => this.parse(ref, rest, payload, schema), now);
          return;
        }
        await logDeviceEvent(db, this.bus, ref, 'warn', 'malformed', `unknown topic ${rest.slice(0, 200)}`, now);
      }
    }
  }

  /** The command's state if it belongs to this device; otherwise logs why the message was dropped. */
  private async commandOf(ref: DeviceRef, id: number): Promise<CommandState | null> {
    const [c] = await this.database.db.select({ deviceId: deviceCommands.deviceId, state: deviceCommands.state })
      .from(deviceCommands).where(eq(deviceCommands.id, id)).limit(1);
    if (!c) {
      await logDeviceEvent(this.database.db, this.bus, ref, 'warn', 'unknown_command', `command ${id}`, this.now());
      return null;
    }
    if (c.deviceId !== ref.id) {
      // Another device's command: refused without saying whether it exists.
      await logDeviceEvent(this.database.db, this.bus, ref, 'warn', 'foreign_command', `command ${id}`, this.now());
      return null;
    }
    return c.state as CommandState;
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.writer.flush();
      const now = this.now();
      await sweepSilent(this.database.db, this.bus, now, ONLINE_HEARTBEATS);
      await expireCommands(this.database.db, this.bus, now, COMMAND_RESULT_TIMEOUT_S);
      await this.runSafely(() => this.alarms.sweep());
      if (Date.now() - this.lastRetention >= HOUR_MS) {
        this.lastRetention = Date.now();
        await maintainTelemetry(this.database.db, now, this.config.telemetryDays);
      }
    } finally {
      this.sweeping = false;
    }
  }

  private async runSafely(fn: () => Promise<void>): Promise<void> {
    try { await fn(); } catch (err) { this.log.error({ err }, 'device channel task failed'); }
  }

  private background(p: Promise<void>): void {
    p.catch((err: unknown) => this.log.error({ err }, 'device channel task failed'));
  }
}
