// `npm run sim -- --devices 1000`: plays a fleet against a running server. Devices come from a provisioning CSV
// (--csv) or, without one, are provisioned through the API with an administrator's credentials.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { HEARTBEAT_MAX_S, HEARTBEAT_MIN_S } from '@gx/contract';
import { CsvError, type DeviceIdentity, parseProvisioningCsv } from './csv';
import { DEVICE_FAMILIES, type DeviceFamily, isDeviceFamily } from './families';
import { Fleet } from './fleet';
import { DEFAULT_OPTIONS, type SimOptions } from './options';
import { provisionDevices, ProvisionError } from './provision';

const HELP = `Usage: npm run sim -- [options]

  --csv <file>              devices from a provisioning CSV (header serial,secret,family,model)
  --url <url>               broker: mqtt://host:port or ws://host:port/mqtt   (default ${DEFAULT_OPTIONS.url}, env SIM_MQTT_URL)
  --devices <n>             how many devices (default: every CSV row; 100 when provisioning)
  --families <a,b,…>        only these families (default all: ${DEVICE_FAMILIES.join(',')})
  --heartbeat-s <s>         heartbeat interval (default ${DEFAULT_OPTIONS.heartbeatS})
  --telemetry-s <s>         telemetry interval (default ${DEFAULT_OPTIONS.telemetryS})
  --failure-rate <0..1>     share of commands that fail (default 0)
  --latency-ms <ms>         delay before a device acts on a command (default 0)
  --flap <0..1>             chance per device per minute of an abrupt drop (default 0)
  --storm-every <s>         drop --storm-fraction of the fleet at once every s seconds (default off)
  --storm-fraction <0..1>   share of the fleet a storm drops (default ${DEFAULT_OPTIONS.stormFraction})
  --reconnect-jitter-ms <ms> a dropped device returns within this (default ${DEFAULT_OPTIONS.reconnectJitterMs})
  --restart-delay-ms <ms>   how long a restart keeps a device away (default ${DEFAULT_OPTIONS.restartDelayMs})
  --connect-concurrency <n> connections opened at once (default ${DEFAULT_OPTIONS.connectConcurrency})
  --stats-s <s>             print a status line every s seconds, 0 = never (default 10)
 Provisioning (no --csv):
  --api <url>               server (default http://127.0.0.1:8080, env SIM_API_URL)
  --admin-user <name>       (default admin, env SIM_ADMIN_USER)
  --admin-password <pw>     (env SIM_ADMIN_PASSWORD or ADMIN_PASSWORD)
  --prefix <text>           serial prefix for the new devices
  --save-csv <file>         write the provisioned devices' CSV (secrets are shown only once)
`;

const spec = {
  csv: { type: 'string' }, url: { type: 'string' }, devices: { type: 'string' }, families: { type: 'string' },
  'heartbeat-s': { type: 'string' }, 'telemetry-s': { type: 'string' }, 'failure-rate': { type: 'string' },
  'latency-ms': { type: 'string' }, flap: { type: 'string' }, 'storm-every': { type: 'string' },
  'storm-fraction': { type: 'string' }, 'reconnect-jitter-ms': { type: 'string' }, 'restart-delay-ms': { type: 'string' },
  'connect-concurrency': { type: 'string' }, 'stats-s': { type: 'string' }, api: { type: 'string' },
  'admin-user': { type: 'string' }, 'admin-password': { type: 'string' }, prefix: { type: 'string' },
  'save-csv': { type: 'string' }, help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

/** What to pass when there is neither a CSV nor an administrator's password: every way, spelled out. */
function noCredentials(count: number): string {
  return [
    `without --csv the simulator provisions ${count} new devices through the API, signed in as the platform administrator. Pass one of:`,
    `  --admin-password '<password of admin>'   (or SIM_ADMIN_PASSWORD / ADMIN_PASSWORD): the one the server's first start printed or took from ADMIN_PASSWORD;`,
    '                                          the server must run with LOGIN_CAPTCHA=off (npm start with LOGIN_CAPTCHA=off in its environment)',
    '  --csv <file>                            a provisioning CSV (serial,secret,family,model) from the console: Devices → Provision, or Warehouse export',
    '  --api <url>                             the server, when it is not http://127.0.0.1:8080',
    `e.g. npm run sim -- --devices ${count} --admin-password "$ADMIN_PASSWORD" --save-csv fleet.csv   (then --csv fleet.csv next time)`,
  ].join('\n');
}

function num(values: Record<string, unknown>, name: string, min: number, max: number, fallback: number, integer = false): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
    throw new UsageError(`--${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max} (got ${String(raw)})`);
  }
  return v;
}

function familiesOf(raw: string | undefined): DeviceFamily[] {
  if (!raw) return [...DEVICE_FAMILIES];
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const f of list) if (!isDeviceFamily(f)) throw new UsageError(`--families: "${f}" is not a device family (${DEVICE_FAMILIES.join(', ')})`);
  return list as DeviceFamily[];
}

/** n devices spread as evenly as possible over the families. */
function spread(n: number, families: DeviceFamily[]): Map<DeviceFamily, number> {
  return new Map(families.map((f, i) => [f, Math.floor(n / families.length) + (i < n % families.length ? 1 : 0)]));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: spec, strict: true });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const families = familiesOf(values.families);
  const wanted = values.devices === undefined ? undefined : num(values, 'devices', 1, 1_000_000, 0, true);
  const options: SimOptions = {
    url: values.url ?? process.env.SIM_MQTT_URL ?? DEFAULT_OPTIONS.url,
    heartbeatS: num(values, 'heartbeat-s', HEARTBEAT_MIN_S, HEARTBEAT_MAX_S, DEFAULT_OPTIONS.heartbeatS, true),
    telemetryS: num(values, 'telemetry-s', 1, 86_400, DEFAULT_OPTIONS.telemetryS),
    failureRate: num(values, 'failure-rate', 0, 1, 0),
    latencyMs: num(values, 'latency-ms', 0, 600_000, 0),
    flap: num(values, 'flap', 0, 1, 0),
    stormEveryS: num(values, 'storm-every', 0, 86_400, 0),
    stormFraction: num(values, 'storm-fraction', 0, 1, DEFAULT_OPTIONS.stormFraction),
    reconnectJitterMs: num(values, 'reconnect-jitter-ms', 0, 600_000, DEFAULT_OPTIONS.reconnectJitterMs),
    restartDelayMs: num(values, 'restart-delay-ms', 0, 600_000, DEFAULT_OPTIONS.restartDelayMs),
    connectConcurrency: num(values, 'connect-concurrency', 1, 10_000, DEFAULT_OPTIONS.connectConcurrency, true),
    keepaliveS: DEFAULT_OPTIONS.keepaliveS,
  };
  if (!/^(mqtts?|wss?):\/\//.test(options.url)) throw new UsageError(`--url must start with mqtt://, mqtts://, ws:// or wss:// (got ${options.url})`);
  const statsS = num(values, 'stats-s', 0, 3600, 10);

  let identities: DeviceIdentity[];
  if (values.csv) {
    identities = parseProvisioningCsv(readFileSync(values.csv, 'utf8')).filter((d) => families.includes(d.family));
    if (wanted !== undefined) identities = identities.slice(0, wanted);
  } else {
    const password = values['admin-password'] ?? process.env.SIM_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD;
    if (!password) throw new UsageError(noCredentials(wanted ?? 100));
    const api = values.api ?? process.env.SIM_API_URL ?? 'http://127.0.0.1:8080';
    const provisioned = await provisionDevices({ api, username: values['admin-user'] ?? process.env.SIM_ADMIN_USER ?? 'admin', password, counts: spread(wanted ?? 100, families), prefix: values.prefix });
    identities = provisioned.identities;
    if (values['save-csv']) writeFileSync(values['save-csv'], provisioned.csv, { mode: 0o600 });
    console.log(`[sim] provisioned ${identities.length} devices through ${api}${values['save-csv'] ? `, CSV in ${values['save-csv']}` : ''}`);
  }
  if (!identities.length) throw new UsageError('no devices to play');

  const fleet = new Fleet(identities, options);
  let warnedRefused = false;
  fleet.on('refused', (d, err) => {
    if (warnedRefused) return;
    warnedRefused = true;
    console.error(`[sim] the broker refused ${d.serial}: ${err.message} (later refusals are only counted)`);
  });
  console.log(`[sim] ${identities.length} devices → ${options.url}`);
  fleet.start();
  const statsTimer = statsS > 0 ? setInterval(() => {
    const s = fleet.stats;
    console.log(`[sim] online ${s.connected}/${identities.length}  connects ${s.connects}  drops ${s.drops}  refused ${s.refused}  hb ${s.heartbeats}  telemetry ${s.telemetry}  commands ${s.commands}`);
  }, statsS * 1000) : undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(statsTimer);
    void fleet.stop().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof CsvError || err instanceof ProvisionError || (err instanceof Error && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
    console.error(`[sim] ${err.message}`);
    process.exit(2);
  }
  console.error('[sim]', err);
  process.exit(1);
});
