import { z } from 'zod';
import type { Label } from '../resources/types';
import { sceneActions } from './scenes';
import { PLUGIN_NAME_MAX, PLUGIN_NAME_RE, PLUGIN_VERSION_MAX, PLUGIN_VERSION_RE } from './plugins';

/** Persisted device commands (DESIGN §6): names and parameters (their states: `commandStates.ts`). */

const mac = z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'validation.mac');
const host = z.string().min(1).max(253).regex(/^[A-Za-z0-9.:-]+$/, 'validation.host');

/**
 * How a device takes an upgrade (hawkBit's action types): `forced` installs at once; `soft` lets the device choose
 * its moment (it may defer, e.g. while guests are online); `download_only` downloads and verifies, without flashing.
 */
export const UPGRADE_MODES = ['forced', 'soft', 'download_only'] as const;
export type UpgradeMode = (typeof UPGRADE_MODES)[number];

/** Parameters of each command; the simulator relies on these shapes. */
export const commandParams = {
  restart: z.object({}).strict(),
  factory_reset: z.object({}).strict(),
  upgrade: z.object({
    url: z.string().url().max(2048),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'validation.sha256'),
    version: z.string().min(1).max(64),
    size: z.number().int().min(1).max(4 * 1024 * 1024 * 1024),
    /** Absent means `forced`. */
    mode: z.enum(UPGRADE_MODES).optional(),
  }).strict(),
  config_push: z.object({}).strict(),
  diagnose: z.object({
    kind: z.enum(['ping', 'traceroute']),
    host,
    count: z.number().int().min(1).max(100).optional(),
  }).strict(),
  portal_allow: z.object({
    mac,
    minutes: z.number().int().min(1).max(7 * 24 * 60),
    up_kbps: z.number().int().min(0).max(10_000_000),
    down_kbps: z.number().int().min(0).max(10_000_000),
  }).strict(),
  portal_kick: z.object({ mac }).strict(),
  play: z.object({
    programme_id: z.number().int().min(1),
    items: z.array(z.object({ url: z.string().url().max(2048), seconds: z.number().int().min(1).max(86_400) }).strict()).min(1).max(200),
  }).strict(),
  scene: z.object({
    scene_id: z.number().int().min(1),
    name: z.string().min(1).max(64),
    actions: sceneActions,
  }).strict(),
  /** A plugin of the library (`business.plugin`): download `url`, check `size` and `sha256`, install `name` at `version`. */
  plugin_install: z.object({
    name: z.string().max(PLUGIN_NAME_MAX).regex(PLUGIN_NAME_RE, 'validation.pluginName'),
    version: z.string().max(PLUGIN_VERSION_MAX).regex(PLUGIN_VERSION_RE, 'validation.pluginVersion'),
    url: z.string().url().max(2048),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'validation.sha256'),
    size: z.number().int().min(1).max(4 * 1024 * 1024 * 1024),
  }).strict(),
  plugin_remove: z.object({
    name: z.string().max(PLUGIN_NAME_MAX).regex(PLUGIN_NAME_RE, 'validation.pluginName'),
  }).strict(),
} as const;

export type CommandName = keyof typeof commandParams;
export const COMMAND_NAMES = Object.keys(commandParams) as CommandName[];

export const COMMAND_NAME_LABELS: Record<CommandName, Label> = {
  restart: { zh_CN: '重启', en: 'Restart' },
  factory_reset: { zh_CN: '恢复出厂', en: 'Factory reset' },
  upgrade: { zh_CN: '升级', en: 'Upgrade' },
  config_push: { zh_CN: '下发配置', en: 'Push configuration' },
  diagnose: { zh_CN: '诊断', en: 'Diagnose' },
  portal_allow: { zh_CN: '认证放行', en: 'Portal allow' },
  portal_kick: { zh_CN: '认证踢下线', en: 'Portal kick' },
  play: { zh_CN: '播放节目', en: 'Play programme' },
  scene: { zh_CN: '执行场景', en: 'Run scene' },
  plugin_install: { zh_CN: '安装插件', en: 'Install plugin' },
  plugin_remove: { zh_CN: '卸载插件', en: 'Remove plugin' },
};

/** Result `data` of a diagnosis, as the device reports it. */
export const pingResult = z.object({
  sent: z.number().int().min(0),
  received: z.number().int().min(0),
  loss: z.number().min(0).max(100),
  rtt_ms: z.object({ min: z.number().min(0), avg: z.number().min(0), max: z.number().min(0) }),
});
export const tracerouteResult = z.object({
  hops: z.array(z.object({ hop: z.number().int().min(1), host: z.string().max(253), rtt_ms: z.number().min(0).nullable() })).max(64),
});

/** Default lifetime of a command before it expires undelivered, and the longest allowed. */
export const COMMAND_DEFAULT_TTL_S = 24 * 60 * 60;
export const COMMAND_MAX_TTL_S = 30 * 24 * 60 * 60;
/** No result this long after delivery: timed_out. */
export const COMMAND_RESULT_TIMEOUT_S = 15 * 60;
