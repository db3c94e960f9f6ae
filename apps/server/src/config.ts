import { z } from 'zod';

/** Every setting the server reads, validated once at start; a wrong value stops the server naming the variable. */
const onOff = z.enum(['on', 'off']);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** PostgreSQL connections each instance keeps (LISTEN takes two more). */
  DATABASE_POOL: z.coerce.number().int().min(1).max(500).default(10),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(128).optional(),
  LOGIN_CAPTCHA: onOff.default('on'),
  /** Sliding session lifetime in seconds. */
  SESSION_TTL: z.coerce.number().int().min(60).max(60 * 60 * 24 * 365).default(60 * 60 * 24 * 7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built console lives; empty disables static serving (API only). */
  WEB_DIST: z.string().optional(),
  /** Largest accepted request body in bytes (uploads have their own per-kind limits). */
  BODY_LIMIT: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(1024 * 1024),
  /** Behind a load balancer: trust X-Forwarded-For for client IPs. */
  TRUST_PROXY: onOff.default('off'),
  /** SMS provider: `local` logs the message and keeps it in sms_messages; `aliyun` sends through Dysmsapi SendSms. */
  SMS_PROVIDER: z.enum(['local', 'aliyun']).default('local'),
  SMS_ACCESS_KEY_ID: z.string().min(1).max(128).optional(),
  SMS_ACCESS_KEY_SECRET: z.string().min(1).max(256).optional(),
  /** Default signature name, used by templates that name none. */
  SMS_SIGN_NAME: z.string().min(1).max(32).optional(),
  /** WeChat binding: `local` is an OAuth stand-in (deterministic openid per code); `wechat` the open platform. */
  WECHAT_PROVIDER: z.enum(['local', 'wechat']).default('local'),
  WECHAT_APP_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the open-platform AppID').optional(),
  WECHAT_APP_SECRET: z.string().min(1).max(128).optional(),
  /** The official account whose custom menu the WeChat-menu page publishes; without both, publishing is local. */
  WECHAT_MP_APP_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the official-account AppID').optional(),
  WECHAT_MP_APP_SECRET: z.string().min(1).max(128).optional(),
  /** Portal account sign-in's hotel PMS: `local` (each organisation's own directory) or `opera` (OPERA Cloud via OHIP). */
  PMS_PROVIDER: z.enum(['local', 'opera']).default('local'),
  OHIP_GATEWAY_URL: z.string().regex(/^https?:\/\/[^\s/?#]+\/?$/, 'must be the OHIP gateway URL (https://host)').optional(),
  OHIP_APP_KEY: z.string().min(1).max(128).optional(),
  OHIP_CLIENT_ID: z.string().min(1).max(256).optional(),
  OHIP_CLIENT_SECRET: z.string().min(1).max(256).optional(),
  OHIP_USERNAME: z.string().min(1).max(128).optional(),
  OHIP_PASSWORD: z.string().min(1).max(256).optional(),
  /** Embedded broker's MQTT/TCP port; `0` disables the TCP listener, `auto` takes any free port (tests). */
  MQTT_PORT: z.union([z.literal('auto'), z.coerce.number().int().min(0).max(65535)]).default(1884),
  /** External broker (Mosquitto, EMQX): the server becomes its client instead of embedding one. */
  MQTT_URL: z.string().regex(/^(mqtts?|wss?|tcp):\/\/\S+$/, 'must be an mqtt://, mqtts://, ws:// or wss:// URL').optional(),
  /** Shared-subscription group the instances of one deployment split device traffic in (`$share/<group>/…`). */
  MQTT_SHARE_GROUP: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, _ or -').default('gx'),
  /** Shared secret the external broker's HTTP auth/ACL hooks must send (header `x-hook-secret`). */
  MQTT_HOOK_SECRET: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  /** Days of device telemetry kept (daily partitions older than this are dropped). */
  TELEMETRY_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Messages per second one device may publish; beyond it messages are dropped, at twice the rate it is disconnected. */
  DEVICE_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(50),
  /**
   * The server's address as devices reach it (`https://console.example.com`), for the firmware links upgrade
   * campaigns hand out; default: the address the campaign was started through.
   */
  PUBLIC_URL: z.string().regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http:// or https:// URL').optional(),
  /** Weather of the screens' weather elements: `local` is a deterministic stand-in; `qweather` needs WEATHER_API_KEY. */
  WEATHER_PROVIDER: z.enum(['local', 'qweather']).default('local'),
  WEATHER_API_KEY: z.string().min(1).max(128).optional(),
  WEATHER_API_HOST: z.string().regex(/^https:\/\/[^\s/]+$/, 'must be an https:// host').default('https://devapi.qweather.com'),
  WEATHER_GEO_HOST: z.string().regex(/^https:\/\/[^\s/]+$/, 'must be an https:// host').default('https://geoapi.qweather.com'),
  /** Washing machines' platform: `local` is an in-memory stand-in; `http` the vendor's signed REST API (providers/laundry/http.ts). */
  LAUNDRY_PROVIDER: z.enum(['local', 'http']).default('local'),
  LAUNDRY_BASE_URL: z.string().regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http:// or https:// URL').optional(),
  LAUNDRY_APP_ID: z.string().min(1).max(128).optional(),
  LAUNDRY_SECRET: z.string().min(1).max(256).optional(),
  /** Seconds before a failed webhook delivery is tried again (doubling each time, at most an hour). */
  WEBHOOK_RETRY_S: z.coerce.number().int().min(1).max(3600).default(30),
  MEDIA_GC_GRACE_MINUTES: z.coerce.number().int().min(0).max(525_600).default(1440),
  /** `0`: no demo organisation and fleet on the first embedded start (default on without DATABASE_URL). */
  DEMO_FLEET: z.enum(['0', '1']).optional(),
}).superRefine((e, ctx) => {
  // A real provider without its credentials would fail on first use; stop at start instead, naming what is missing.
  const need = (when: boolean, keys: (keyof typeof e)[], why: string) => {
    if (!when) return;
    for (const k of keys) if (!e[k]) ctx.addIssue({ code: 'custom', path: [k], message: `required when ${why}` });
  };
  need(e.SMS_PROVIDER === 'aliyun', ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME'], 'SMS_PROVIDER=aliyun');
  need(e.WECHAT_PROVIDER === 'wechat', ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'], 'WECHAT_PROVIDER=wechat');
  need(e.PMS_PROVIDER === 'opera', ['OHIP_GATEWAY_URL', 'OHIP_APP_KEY', 'OHIP_CLIENT_ID', 'OHIP_CLIENT_SECRET', 'OHIP_USERNAME', 'OHIP_PASSWORD'], 'PMS_PROVIDER=opera');
  need(e.WEATHER_PROVIDER === 'qweather', ['WEATHER_API_KEY'], 'WEATHER_PROVIDER=qweather');
  need(e.LAUNDRY_PROVIDER === 'http', ['LAUNDRY_BASE_URL', 'LAUNDRY_APP_ID', 'LAUNDRY_SECRET'], 'LAUNDRY_PROVIDER=http');
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePool: number;
  adminPassword: string | undefined;
  captcha: boolean;
  sessionTtlSeconds: number;
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
  bodyLimit: number;
  trustProxy: boolean;
  /** PUBLIC_URL without a trailing slash, or undefined. */
  publicUrl: string | undefined;
  sms: { provider: Env['SMS_PROVIDER']; accessKeyId: string; accessKeySecret: string; signName: string };
  wechat: { provider: Env['WECHAT_PROVIDER']; appId: string; appSecret: string; mpAppId: string; mpAppSecret: string };
  pms: { provider: Env['PMS_PROVIDER']; gatewayUrl: string; appKey: string; clientId: string; clientSecret: string; username: string; password: string };
  /** Login throttling: failures allowed per window for one username and for one IP. */
  throttle: { windowSeconds: number; maxPerUser: number; maxPerIp: number };
  /** First wait before a failed webhook delivery is tried again, in seconds. */
  webhookRetrySeconds: number;
  /** How long an uploaded file nothing uses is kept before it is deleted (a form may still be about to save it). */
  mediaGcGraceMs: number;
  weather: { provider: Env['WEATHER_PROVIDER']; key: string; apiHost: string; geoHost: string };
  laundry: { provider: Env['LAUNDRY_PROVIDER']; baseUrl: string; appId: string; secret: string };
  device: DeviceConfig;
}

export interface DeviceConfig {
  /** Embedded broker TCP port: null disables it, 0 picks a free one. */
  mqttPort: number | null;
  /** External broker URL; undefined embeds aedes. */
  mqttUrl: string | undefined;
  /** Shared-subscription group of this deployment's instances on the external broker. */
  shareGroup: string;
  hookSecret: string | undefined;
  telemetryDays: number;
  rateLimit: number;
  demoFleet: boolean;
  /** How often presence, expiry and time-outs are checked, in milliseconds. */
  sweepMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(picked[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePool: e.DATABASE_POOL,
    adminPassword: e.ADMIN_PASSWORD,
    captcha: e.LOGIN_CAPTCHA === 'on',
    sessionTtlSeconds: e.SESSION_TTL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY === 'on',
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    sms: {
      provider: e.SMS_PROVIDER,
      accessKeyId: e.SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: e.SMS_ACCESS_KEY_SECRET ?? '',
      signName: e.SMS_SIGN_NAME ?? '',
    },
    wechat: {
      provider: e.WECHAT_PROVIDER, appId: e.WECHAT_APP_ID ?? '', appSecret: e.WECHAT_APP_SECRET ?? '',
      mpAppId: e.WECHAT_MP_APP_ID ?? '', mpAppSecret: e.WECHAT_MP_APP_SECRET ?? '',
    },
    pms: {
      provider: e.PMS_PROVIDER, gatewayUrl: e.OHIP_GATEWAY_URL ?? '', appKey: e.OHIP_APP_KEY ?? '', clientId: e.OHIP_CLIENT_ID ?? '',
      clientSecret: e.OHIP_CLIENT_SECRET ?? '', username: e.OHIP_USERNAME ?? '', password: e.OHIP_PASSWORD ?? '',
    },
    throttle: { windowSeconds: 15 * 60, maxPerUser: 5, maxPerIp: 30 },
    webhookRetrySeconds: e.WEBHOOK_RETRY_S,
    mediaGcGraceMs: e.MEDIA_GC_GRACE_MINUTES * 60_000,
    weather: { provider: e.WEATHER_PROVIDER, key: e.WEATHER_API_KEY ?? '', apiHost: e.WEATHER_API_HOST, geoHost: e.WEATHER_GEO_HOST },
    laundry: { provider: e.LAUNDRY_PROVIDER, baseUrl: e.LAUNDRY_BASE_URL ?? '', appId: e.LAUNDRY_APP_ID ?? '', secret: e.LAUNDRY_SECRET ?? '' },
    device: {
      mqttPort: e.MQTT_PORT === 'auto' ? 0 : e.MQTT_PORT === 0 ? null : e.MQTT_PORT,
      mqttUrl: e.MQTT_URL,
      shareGroup: e.MQTT_SHARE_GROUP,
      hookSecret: e.MQTT_HOOK_SECRET,
      telemetryDays: e.TELEMETRY_DAYS,
      rateLimit: e.DEVICE_RATE_LIMIT,
      demoFleet: e.DEMO_FLEET === undefined ? !e.DATABASE_URL : e.DEMO_FLEET === '1',
      sweepMs: 1000,
    },
  };
}
