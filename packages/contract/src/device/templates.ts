import { z } from 'zod';
import type { DeviceFamily } from './families';
import { RULES } from '../resources/rules';

/**
 * Configuration templates (SPEC §3 portal/device configuration vocabulary, issue 12): what an AP, LAN or phone
 * template sets, with every limit. The server validates stored templates with these schemas and the console's
 * structured editors run the same ones, so a value out of range names its field and limit on both sides.
 */

export const TEMPLATE_KINDS = ['ap', 'lan', 'phone'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** The device families a template of each kind may be applied to. */
export const TEMPLATE_FAMILIES: Record<TemplateKind, readonly DeviceFamily[]> = {
  ap: ['ap'],
  lan: ['ig', 'onu', 'fttr', 'switch'],
  phone: ['ag', 'pbx'],
};

/** Roaming threshold: −100…−60 dBm, or 0 (roaming off). */
export const ROAMING_MIN = -100;
export const ROAMING_MAX = -60;
export const LAN_PORTS_MAX = 8;
export const SSIDS_MAX = 8;
export const SSID_NAME_MAX = 32;
/** An encrypted SSID's password is longer than 8 characters (issue 12); WPA2 allows at most 63. */
export const SSID_PASSWORD_MIN = 9;
export const SSID_PASSWORD_MAX = 63;
export const MAX_USERS_MAX = 512;
export const VLAN_MIN = 1;
export const VLAN_MAX = 4094;
/** Transmit power in dBm; 1 switches the radio off. */
export const POWER_MIN = 1;
export const POWER_MAX = 30;
export const POWER_OFF = 1;
export const CHANNELS_24 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] as const;
/** The valid 5 GHz channels between 36 and 165. */
export const CHANNELS_5 = [36, 40, 44, 48, 52, 56, 60, 64, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144, 149, 153, 157, 161, 165] as const;
export const BANDWIDTHS_24 = ['20', '40'] as const;
export const BANDWIDTHS_5 = ['20', '40', '80', '160'] as const;
export const ENCRYPTIONS = ['wpa2_psk', 'none'] as const;
/** Speed limits in kbit/s; 0 means unlimited. */
export const SPEED_MAX_KBPS = 10_000_000;
export const WHITELIST_MAX = 100;
export const PHONE_PORT_MIN = 1;
export const PHONE_PORT_MAX = 65535;
export const REGISTER_INTERVAL_MIN = 30;
export const REGISTER_INTERVAL_MAX = 3600;

export const roamingThresholdSchema = z.number({ error: 'validation.roamingThreshold' }).int('validation.roamingThreshold')
  .refine((v) => v === 0 || (v >= ROAMING_MIN && v <= ROAMING_MAX), 'validation.roamingThreshold');

const int = (min: number, max: number, code: string) => z.number({ error: code }).int(code).min(min, code).max(max, code);

export const ssidSchema = z.object({
  name: z.string({ error: 'validation.ssidName' }).trim().min(1, 'validation.ssidName').max(SSID_NAME_MAX, 'validation.ssidName'),
  broadcast: z.boolean({ error: 'validation.boolean' }),
  encryption: z.enum(ENCRYPTIONS, { error: 'validation.option' }),
  password: z.string({ error: 'validation.text' }).max(SSID_PASSWORD_MAX, 'validation.ssidPassword').default(''),
  isolation: z.boolean({ error: 'validation.boolean' }),
  max_users: int(1, MAX_USERS_MAX, 'validation.maxUsers'),
  vlan: int(VLAN_MIN, VLAN_MAX, 'validation.vlan'),
  kvr_disable: z.boolean({ error: 'validation.boolean' }),
}).strict().superRefine((s, ctx) => {
  if (s.encryption === 'wpa2_psk' && s.password.length < SSID_PASSWORD_MIN) ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.ssidPassword' });
});
export type SsidConfig = z.infer<typeof ssidSchema>;

export const ssidsSchema = z.array(ssidSchema).min(1, 'validation.ssidCount').max(SSIDS_MAX, 'validation.ssidCount')
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      if (seen.has(s.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'validation.ssidDuplicate' });
      seen.add(s.name);
    });
  });

const channel = (valid: readonly number[], code: string) => z.union([
  z.literal('auto'),
  z.number({ error: code }).int(code).refine((c) => valid.includes(c), code),
], { error: code });

export const radio24Schema = z.object({
  bandwidth: z.enum(BANDWIDTHS_24, { error: 'validation.bandwidth' }),
  power: int(POWER_MIN, POWER_MAX, 'validation.radioPower'),
  channel: channel(CHANNELS_24, 'validation.channel24'),
}).strict();
export const radio5Schema = z.object({
  bandwidth: z.enum(BANDWIDTHS_5, { error: 'validation.bandwidth' }),
  power: int(POWER_MIN, POWER_MAX, 'validation.radioPower'),
  channel: channel(CHANNELS_5, 'validation.channel5'),
}).strict();
export type Radio24Config = z.infer<typeof radio24Schema>;
export type Radio5Config = z.infer<typeof radio5Schema>;

/** Whitelisted domains: one per line or comma-separated, each a domain name. */
export const whitelistSchema = z.string({ error: 'validation.text' }).transform((v) => [...new Set(v.split(/[\s,]+/).map((d) => d.trim().toLowerCase()).filter(Boolean))])
  .pipe(z.array(z.string().regex(RULES.domain.re, 'validation.whitelistDomain')).max(WHITELIST_MAX, 'validation.whitelistCount'));

const speed = int(0, SPEED_MAX_KBPS, 'validation.speedLimit');

/** A whole AP template as it travels to the device (`body.template.config`). */
export const apTemplateConfigSchema = z.object({
  roaming_threshold: roamingThresholdSchema,
  lan_ports: int(0, LAN_PORTS_MAX, 'validation.lanPorts'),
  ssids: ssidsSchema,
  radio_24: radio24Schema,
  radio_5: radio5Schema,
  up_limit_kbps: speed,
  down_limit_kbps: speed,
  whitelist: z.array(z.string()).max(WHITELIST_MAX, 'validation.whitelistCount'),
}).strict();
export type ApTemplateConfig = z.infer<typeof apTemplateConfigSchema>;

export const lanTemplateConfigSchema = z.object({
  lan_ports: int(1, LAN_PORTS_MAX, 'validation.lanPorts'),
  vlan: int(VLAN_MIN, VLAN_MAX, 'validation.vlan'),
  dhcp: z.boolean(),
  up_limit_kbps: speed,
  down_limit_kbps: speed,
  whitelist: z.array(z.string()).max(WHITELIST_MAX, 'validation.whitelistCount'),
}).strict();
export type LanTemplateConfig = z.infer<typeof lanTemplateConfigSchema>;

/** A SIP registrar: a domain name or an IPv4 address. */
export const PHONE_SERVER_RE = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})$/;
export const PHONE_ACCOUNT_RE = /^[A-Za-z0-9._+-]{1,64}$/;

export const phoneTemplateConfigSchema = z.object({
  account: z.string().regex(PHONE_ACCOUNT_RE, 'validation.phoneAccount'),
  password: z.string().min(1, 'validation.required').max(64, 'validation.tooLong'),
  server: z.string().regex(PHONE_SERVER_RE, 'validation.phoneServer'),
  port: int(PHONE_PORT_MIN, PHONE_PORT_MAX, 'validation.phonePort'),
  register_interval_s: int(REGISTER_INTERVAL_MIN, REGISTER_INTERVAL_MAX, 'validation.registerInterval'),
}).strict();
export type PhoneTemplateConfig = z.infer<typeof phoneTemplateConfigSchema>;

/** What a new AP template starts with in the editor. */
export const DEFAULT_SSID: SsidConfig = {
  name: 'GX-WiFi', broadcast: true, encryption: 'wpa2_psk', password: '', isolation: false, max_users: 64, vlan: 1, kvr_disable: false,
};
export const DEFAULT_RADIO_24: Radio24Config = { bandwidth: '20', power: 20, channel: 'auto' };
export const DEFAULT_RADIO_5: Radio5Config = { bandwidth: '80', power: 23, channel: 'auto' };

/** The template part of `down/config`'s body (docs/device-protocol.md §6). */
export interface TemplateConfigBody {
  kind: TemplateKind;
  id: number;
  name: string;
  config: ApTemplateConfig | LanTemplateConfig | PhoneTemplateConfig;
}

/**
 * A device's configuration sync state (docs/device-protocol.md §6), as OpenWISP keeps it: `pending` — a
 * configuration was pushed and the device has not confirmed it; `applied` — the device confirmed the pushed version
 * and checksum; `modified` — the device reports a checksum other than the one pushed (changed on the device; a
 * reconnect gets the current one pushed again); `error` — the device refused it, or its `config_push` failed,
 * timed out, expired or was canceled. Stored per device (`device_configs.sync_state`) and moved only along
 * `SYNC_TRANSITIONS`.
 */
export const SYNC_STATES = ['pending', 'error', 'modified', 'applied'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
export const SYNC_STATE_LABELS: Record<SyncState, { zh_CN: string; en: string; color: string }> = {
  pending: { zh_CN: '同步中', en: 'Pending', color: 'processing' },
  error: { zh_CN: '错误', en: 'Error', color: 'error' },
  modified: { zh_CN: '已被修改', en: 'Modified', color: 'warning' },
  applied: { zh_CN: '已应用', en: 'Applied', color: 'success' },
};

/** What moves a sync state: a push, the device's `up/config`, its `hello`, or its `config_push` ending badly. */
export const SYNC_EVENTS = ['pushed', 'confirmed', 'confirmed_other', 'refused', 'undelivered', 'hello_current', 'hello_stale', 'hello_modified'] as const;
export type SyncEvent = (typeof SYNC_EVENTS)[number];

/** The sync state machine as data: the server moves states only along these rows; the tests iterate over them. */
export const SYNC_TRANSITIONS: readonly { event: SyncEvent; from: readonly SyncState[]; to: SyncState }[] = [
  /** A template applied (or re-pushed because the device's configuration was stale). */
  { event: 'pushed', from: SYNC_STATES, to: 'pending' },
  /** `up/config` ok with the pushed version and checksum. */
  { event: 'confirmed', from: ['pending', 'error', 'modified'], to: 'applied' },
  /** `up/config` ok, but with a checksum other than the pushed one. */
  { event: 'confirmed_other', from: ['pending', 'error', 'applied'], to: 'modified' },
  /** `up/config` with ok false. */
  { event: 'refused', from: ['pending', 'modified'], to: 'error' },
  /** The `config_push` failed, timed out, expired or was canceled before the device confirmed. */
  { event: 'undelivered', from: ['pending'], to: 'error' },
  /** `hello` reports the pushed version and checksum (its confirmation was lost). */
  { event: 'hello_current', from: ['pending', 'error', 'modified'], to: 'applied' },
  /** `hello` reports an older version: the current configuration is pushed again. */
  { event: 'hello_stale', from: ['applied', 'error', 'modified'], to: 'pending' },
  /** `hello` reports the pushed version (or later) with another checksum: changed on the device, pushed again. */
  { event: 'hello_modified', from: ['pending', 'error', 'applied'], to: 'modified' },
];

/** The state an event moves `from` to, or null when the table has no such move (the state stays). */
export function nextSyncState(from: SyncState, event: SyncEvent): SyncState | null {
  return SYNC_TRANSITIONS.find((t) => t.event === event && t.from.includes(from))?.to ?? null;
}

/** One device a template was applied to, as the template's devices tab lists it. */
export interface TemplateDeviceRow {
  device_id: number;
  serial: string;
  name: string;
  model: string;
  online: number;
  version: number;
  applied_version: number;
  state: SyncState;
  command_id: number | null;
  msg: string | null;
  applied_at: string;
}
