import { z } from 'zod';
import type { Label } from '../resources/types';
import { sceneActions } from './scenes';
import { PLUGIN_NAME_MAX, PLUGIN_NAME_RE, PLUGIN_VERSION_MAX, PLUGIN_VERSION_RE } from './plugins';

/** Persisted device commands (DESIGN §6): names, parameters, states and the transition table as data. */

export const COMMAND_STATES = ['queued', 'sent', 'delivered', 'succeeded', 'failed', 'timed_out', 'expired', 'canceled'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/**
 * Every allowed move, from → to. The server refuses any other move and the tests iterate this table; a state with
 * no way out is final.
 */
export const COMMAND_TRANSITIONS: readonly (readonly [CommandState, CommandState])[] = [
  ['queued', 'sent'],
  ['sent', 'delivered'],
  ['delivered', 'succeeded'],
  ['delivered', 'failed'],
  ['queued', 'timed_out'],
  ['sent', 'timed_out'],
  ['delivered', 'timed_out'],
  ['queued', 'expired'],
  ['sent', 'expired'],
  ['queued', 'canceled'],
];

export function canTransition(from: CommandState, to: CommandState): boolean {
  return COMMAND_TRANSITIONS.some(([f, t]) => f === from && t === to);
}

export function isFinalState(state: CommandState): boolean {
  return !COMMAND_TRANSITIONS.some(([f]) => f === state);
}

export const COMMAND_STATE_LABELS: Record<CommandState, Label & { color: string }> = {
  queued: { zh_CN: '排队中', en: 'Queued', color: 'default' },
  sent: { zh_CN: '已下发', en: 'Sent', color: 'blue' },
  delivered: { zh_CN: '已送达', en: 'Delivered', color: 'cyan' },
  succeeded: { zh_CN: '成功', en: 'Succeeded', color: 'green' },
  failed: { zh_CN: '失败', en: 'Failed', color: 'red' },
  timed_out: { zh_CN: '超时', en: 'Timed out', color: 'orange' },
  expired: { zh_CN: '已过期', en: 'Expired', color: 'gold' },
  canceled: { zh_CN: '已取消', en: 'Canceled', color: 'default' },
};

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
