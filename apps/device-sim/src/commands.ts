// What a simulated device does with `down/cmd` and `down/config`: ack on receipt, run once per id, answer on
// `up/result` (progress reports first for upgrades), and verify configs before applying them.
import type { SimDevice } from './device';
import { FAMILY_COMMANDS } from '@gx/contract';
import { FAMILY_PROFILES } from './families';
import type { SimOptions } from './options';
import { commandMessage, commandParams, configChecksum, configMessage, isCommandName, type ResultMessage } from './protocol';
import { downloadAndVerify } from './upgrade';

/** What the fleet lends a device to act with. */
export interface DeviceChannel {
  readonly device: SimDevice;
  readonly options: SimOptions;
  /** Publishes under the device's own `up/` topics; resolves when the broker has it (QoS 1) or it is written (QoS 0). */
  publish(topic: 'ack' | 'result' | 'event' | 'configUp', body: object, qos?: 0 | 1): Promise<void>;
  /** Drops the connection now, without a clean disconnect, and reconnects after `afterMs`. */
  reboot(afterMs: number): void;
  random(): number;
}

type Answer = Omit<ResultMessage, 'id'>;

/** How long a config_push waits for its config on down/config. */
const CONFIG_WAIT_MS = 30_000;

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function fieldOf(path: PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : 'params';
}

/** Publishes the final result of a command and remembers it for redeliveries. */
async function finish(ch: DeviceChannel, result: ResultMessage): Promise<void> {
  ch.device.finished(result);
  await ch.publish('result', result, 1);
}

export async function handleCommand(ch: DeviceChannel, raw: unknown): Promise<void> {
  const parsed = commandMessage.safeParse(raw);
  if (!parsed.success) {
    await ch.publish('event', { level: 'warn', code: 'bad_command', msg: `dropped a malformed command (${fieldOf(parsed.error.issues[0]?.path ?? [])})` }, 1);
    return;
  }
  const cmd = parsed.data;
  const d = ch.device;
  const seen = d.remember(cmd.id);
  if (seen !== 'new') {
    // Redelivery: acknowledge again and repeat the answer if there is one, but never run it twice.
    await ch.publish('ack', { id: cmd.id }, 1);
    if (seen) await ch.publish('result', seen, 1);
    return;
  }
  const { latencyMs } = ch.options;
  if (latencyMs > 0) await delay(latencyMs * (0.75 + ch.random() * 0.5));
  await ch.publish('ack', { id: cmd.id }, 1);
  const answer = (r: Answer) => finish(ch, { id: cmd.id, ...r });
  const expiresAt = Date.parse(cmd.expires_at);
  if (Number.isFinite(expiresAt) && expiresAt < Date.now()) return answer({ ok: false, code: 'expired', msg: 'the command expired before it arrived' });
  if (!isCommandName(cmd.name)) return answer({ ok: false, code: 'unsupported', msg: `unknown command ${cmd.name}` });
  const profile = FAMILY_PROFILES[d.family];
  const unsupported = (cmd.name.startsWith('portal_') && !profile.portal) || (cmd.name === 'play' && !profile.screen)
    || (cmd.name === 'scene' && !FAMILY_COMMANDS[d.family].includes('scene'));
  if (unsupported) {
    return answer({ ok: false, code: 'unsupported', msg: `a ${d.family} device has no ${cmd.name}` });
  }
  const bad = commandParams[cmd.name].safeParse(cmd.params);
  if (!bad.success) {
    const issue = bad.error.issues[0];
    return answer({ ok: false, code: 'bad_params', msg: `${fieldOf(issue?.path ?? [])}: ${issue?.message ?? 'invalid'}` });
  }
  if (ch.options.failureRate > 0 && ch.random() < ch.options.failureRate) {
    return answer({ ok: false, code: 'simulated_failure', msg: 'the simulator failed this command on purpose (--failure-rate)' });
  }
  switch (cmd.name) {
    case 'restart':
      await answer({ ok: true, msg: 'restarting' });
      ch.reboot(ch.options.restartDelayMs);
      return;
    case 'factory_reset':
      d.config = null;
      d.portal = null;
      d.playing = null;
      await answer({ ok: true, msg: 'configuration cleared, restarting' });
      ch.reboot(ch.options.restartDelayMs);
      return;
    case 'upgrade': {
      const p = commandParams.upgrade.parse(cmd.params);
      const outcome = await downloadAndVerify(p, (progress) => void ch.publish('result', { id: cmd.id, ok: true, progress }, 1));
      if (!outcome.ok) return answer({ ok: false, code: outcome.code, msg: outcome.msg });
      // Download only: verified and kept for later, nothing flashed, no restart. (A soft upgrade is taken at once:
      // a simulated device has no guests to wait for.)
      if (p.mode === 'download_only') {
        return answer({ ok: true, progress: 100, msg: `downloaded ${p.version}`, data: { version: p.version, bytes: outcome.bytes, ms: outcome.ms, flashed: false } });
      }
      d.fw = p.version;
      await answer({ ok: true, progress: 100, msg: `upgraded to ${p.version}`, data: { version: p.version, bytes: outcome.bytes, ms: outcome.ms } });
      ch.reboot(ch.options.restartDelayMs);
      return;
    }
    case 'diagnose': {
      const p = commandParams.diagnose.parse(cmd.params);
      return answer({ ok: true, data: p.kind === 'ping' ? ping(ch, p.count ?? 4) : traceroute(ch, p.host) });
    }
    case 'config_push':
      return awaitConfig(ch, cmd.id, answer);
    case 'portal_allow': {
      const p = commandParams.portal_allow.parse(cmd.params);
      const now = Date.now();
      const until = now + p.minutes * 60_000;
      d.portal ??= new Map();
      // A repeated allow (a remembered guest, a new session) extends the grant; the counters keep running.
      const since = d.portal.get(p.mac.toLowerCase())?.since ?? now;
      d.portal.set(p.mac.toLowerCase(), { until, since, upKbps: p.up_kbps, downKbps: p.down_kbps });
      return answer({ ok: true, data: { mac: p.mac, until: new Date(until).toISOString() } });
    }
    case 'portal_kick': {
      const mac = commandParams.portal_kick.parse(cmd.params).mac.toLowerCase();
      if (!d.portal?.delete(mac)) return answer({ ok: false, code: 'not_found', msg: `${mac} is not signed in` });
      return answer({ ok: true });
    }
    case 'play': {
      const p = commandParams.play.parse(cmd.params);
      d.playing = { programmeId: p.programme_id, items: p.items.length };
      await ch.publish('event', { level: 'info', code: 'play', msg: `playing programme ${p.programme_id} (${p.items.length} items)` }, 1);
      return answer({ ok: true, data: { programme_id: p.programme_id, items: p.items.length } });
    }
    case 'scene':
      return runScene(ch, cmd.id, commandParams.scene.parse(cmd.params), answer);
    case 'plugin_install': {
      // Downloaded and verified like an upgrade (size and SHA-256 before anything is installed); no restart.
      const p = commandParams.plugin_install.parse(cmd.params);
      const outcome = await downloadAndVerify(p, (progress) => void ch.publish('result', { id: cmd.id, ok: true, progress }, 1));
      if (!outcome.ok) return answer({ ok: false, code: outcome.code, msg: outcome.msg });
      d.plugins.set(p.name, p.version);
      return answer({ ok: true, progress: 100, msg: `installed ${p.name} ${p.version}`, data: { plugins: pluginList(d) } });
    }
    case 'plugin_remove': {
      // Removing a plugin that is not installed leaves the device as asked: ok, so a repeated push does not fail.
      const { name } = commandParams.plugin_remove.parse(cmd.params);
      const had = d.plugins.delete(name);
      return answer({ ok: true, msg: had ? `removed ${name}` : `${name} was not installed`, data: { plugins: pluginList(d) } });
    }
  }
}

/** The installed plugins as results report them. */
function pluginList(d: SimDevice): { name: string; version: string }[] {
  return [...d.plugins].map(([name, version]) => ({ name, version }));
}

/**
 * Runs a scene's steps in order, each after its delay, on the gateway's own devices (kept in `sceneStates`);
 * reports progress after each step of a scene that waits, and the devices' states in the final result.
 */
async function runScene(ch: DeviceChannel, id: number, p: ReturnType<typeof commandParams.scene.parse>, answer: (r: Answer) => Promise<void>): Promise<void> {
  const states = ch.device.sceneStates;
  const waits = p.actions.some((a) => (a.delay_s ?? 0) > 0);
  for (const [i, a] of p.actions.entries()) {
    if (a.delay_s) await delay(a.delay_s * 1000);
    const was = states.get(a.target);
    const next = a.action === 'set' ? a.value ?? 0
      : a.action === 'toggle' ? (was === 'on' ? 'off' : 'on')
        : a.action === 'close' ? 'closed' : a.action === 'stop' ? 'stopped' : a.action;
    states.set(a.target, next);
    if (waits && i < p.actions.length - 1) await ch.publish('result', { id, ok: true, progress: Math.floor(((i + 1) / p.actions.length) * 100) }, 1);
  }
  const touched = Object.fromEntries([...new Set(p.actions.map((a) => a.target))].map((t) => [t, states.get(t)]));
  return answer({ ok: true, msg: `ran scene ${p.scene_id} (${p.actions.length} steps)`, data: { scene_id: p.scene_id, steps: p.actions.length, states: touched } });
}

function ping(ch: DeviceChannel, count: number) {
  const rtts: number[] = [];
  for (let i = 0; i < count; i++) if (ch.random() >= 0.02) rtts.push(2 + ch.random() * 30);
  const r = (v: number) => Math.round(v * 100) / 100;
  return {
    sent: count,
    received: rtts.length,
    /** Percent, as ping prints it. */
    loss: r(((count - rtts.length) / count) * 100),
    rtt_ms: rtts.length
      ? { min: r(Math.min(...rtts)), avg: r(rtts.reduce((a, b) => a + b, 0) / rtts.length), max: r(Math.max(...rtts)) }
      : { min: 0, avg: 0, max: 0 },
  };
}

function traceroute(ch: DeviceChannel, host: string) {
  const n = 3 + Math.floor(ch.random() * 6);
  const hops = [];
  let rtt = 0.5;
  for (let hop = 1; hop <= n; hop++) {
    rtt += 1 + ch.random() * 8;
    hops.push({ hop, host: hop === n ? host : `10.${hop}.${Math.floor(ch.random() * 255)}.1`, rtt_ms: Math.round(rtt * 100) / 100 });
  }
  return { hops };
}

/** config_push answers with the outcome of the config on down/config, whichever of the two arrives first. */
function awaitConfig(ch: DeviceChannel, id: number, answer: (r: Answer) => Promise<void>): Promise<void> | undefined {
  const d = ch.device;
  const recent = d.lastConfigOutcome;
  if (recent && Date.now() - recent.at < CONFIG_WAIT_MS) {
    d.lastConfigOutcome = null;
    return answer(recent.ok ? { ok: true, data: { version: d.config?.version } } : { ok: false, code: 'config_rejected', msg: recent.msg ?? 'rejected' });
  }
  if (d.awaitingConfig) clearTimeout(d.awaitingConfig.timer);
  d.awaitingConfig = {
    id,
    timer: setTimeout(() => {
      if (d.awaitingConfig?.id !== id) return;
      d.awaitingConfig = null;
      void answer({ ok: false, code: 'config_missing', msg: 'no configuration arrived on down/config' });
    }, CONFIG_WAIT_MS),
  };
  return undefined;
}

export async function handleConfig(ch: DeviceChannel, raw: unknown): Promise<void> {
  const parsed = configMessage.safeParse(raw);
  if (!parsed.success) {
    await ch.publish('event', { level: 'warn', code: 'bad_config', msg: 'dropped a malformed configuration' }, 1);
    return;
  }
  const c = parsed.data;
  const d = ch.device;
  // Apply only a matching checksum and a newer version; the version already running is answered ok again
  // (a redelivery), an older one is refused.
  const current = d.config?.version ?? 0;
  const matches = configChecksum(c.body) === c.checksum.toLowerCase();
  const msg = !matches ? 'checksum mismatch' : c.version < current || (c.version === current && d.config?.checksum !== c.checksum) ? `version ${c.version} is not newer than ${current}` : undefined;
  const ok = msg === undefined;
  if (ok) d.config = c;
  await ch.publish('configUp', { version: c.version, checksum: c.checksum, ok, ...(msg ? { msg } : {}) }, 1);
  const waiting = d.awaitingConfig;
  if (waiting) {
    clearTimeout(waiting.timer);
    d.awaitingConfig = null;
    await finish(ch, { id: waiting.id, ...(ok ? { ok: true, data: { version: c.version } } : { ok: false, code: 'config_rejected', msg: msg ?? 'rejected' }) });
  } else {
    d.lastConfigOutcome = { ok, at: Date.now(), ...(msg ? { msg } : {}) };
  }
}
