import { z } from 'zod';
import type { Label } from '../resources/types';
import { COMMAND_NAMES, type CommandName } from './commands';
import { DEVICE_FAMILIES, type DeviceFamily } from './families';

/**
 * Device models per family (`/admin/device/model`): what a model can do, typed per family. Each family has its own
 * capability set (an OLT has PON ports and a number of ONUs, an AP radios and a client limit, a PBX SIP lines); a
 * capability outside its family's set is refused (1001 naming it), so a model never carries facts its family
 * does not have. Commands a model supports are a subset of its family's.
 */

export const RADIO_BANDS = ['none', '2.4G', '5G', '2.4G+5G', '2.4G+5G+5G'] as const;
export type RadioBands = (typeof RADIO_BANDS)[number];

/** Every capability a model may declare, with its limits. */
export const CAPABILITIES = {
  lan_ports: { label: { zh_CN: 'LAN 口数', en: 'LAN ports' }, max: 128 },
  wan_ports: { label: { zh_CN: 'WAN 口数', en: 'WAN ports' }, max: 16 },
  uplink_ports: { label: { zh_CN: '上联口数', en: 'Uplink ports' }, max: 64 },
  pon_ports: { label: { zh_CN: 'PON 口数', en: 'PON ports' }, max: 64 },
  max_onus: { label: { zh_CN: '最大 ONU 数', en: 'Max ONUs' }, max: 8192 },
  max_clients: { label: { zh_CN: '最大终端数', en: 'Max clients' }, max: 100_000 },
  max_aps: { label: { zh_CN: '最大 AP 数', en: 'Max APs' }, max: 10_000 },
  sip_lines: { label: { zh_CN: 'SIP 线路数', en: 'SIP lines' }, max: 10_000 },
  card_slots: { label: { zh_CN: '板卡槽位', en: 'Card slots' }, max: 64 },
  screen_inches: { label: { zh_CN: '屏幕尺寸(英寸)', en: 'Screen (inches)' }, max: 200 },
} as const satisfies Record<string, { label: Label; max: number }>;
export type NumericCapability = keyof typeof CAPABILITIES;
export const NUMERIC_CAPABILITIES = Object.keys(CAPABILITIES) as NumericCapability[];

/** Which capabilities each family has (`radios` is the radio bands; `commands` every family has). */
export const FAMILY_CAPABILITIES = {
  ig: ['lan_ports', 'wan_ports', 'max_clients', 'sip_lines', 'radios'],
  olt: ['pon_ports', 'uplink_ports', 'max_onus'],
  onu: ['lan_ports', 'pon_ports', 'radios'],
  fttn: ['lan_ports', 'uplink_ports'],
  fttr: ['lan_ports', 'pon_ports', 'max_clients', 'radios'],
  nmc: ['uplink_ports', 'card_slots'],
  ap: ['lan_ports', 'max_clients', 'radios'],
  ac: ['lan_ports', 'max_aps'],
  switch: ['lan_ports', 'uplink_ports'],
  pbx: ['lan_ports', 'sip_lines'],
  uc: ['card_slots', 'sip_lines'],
  ag: ['lan_ports', 'sip_lines'],
  vcgw: ['lan_ports', 'sip_lines'],
  screen: ['lan_ports', 'screen_inches', 'radios'],
} as const satisfies Record<DeviceFamily, readonly (NumericCapability | 'radios')[]>;
export type FamilyCapabilityKey<F extends DeviceFamily> = (typeof FAMILY_CAPABILITIES)[F][number];

const BASE_COMMANDS = ['restart', 'factory_reset', 'upgrade', 'config_push', 'diagnose'] as const satisfies readonly CommandName[];
const PORTAL_COMMANDS = ['portal_allow', 'portal_kick'] as const satisfies readonly CommandName[];

/** Commands a family's devices understand; a model supports a subset. */
const PORTAL_FAMILIES: readonly DeviceFamily[] = ['ig', 'ap', 'ac', 'fttr'];
export const FAMILY_COMMANDS = Object.fromEntries(DEVICE_FAMILIES.map((f): [DeviceFamily, readonly CommandName[]] => [
  f,
  f === 'screen' ? [...BASE_COMMANDS, 'play']
    // Integrated gateways also run the smart-control scenes of their places.
    : f === 'ig' ? [...BASE_COMMANDS, ...PORTAL_COMMANDS, 'scene']
      : PORTAL_FAMILIES.includes(f) ? [...BASE_COMMANDS, ...PORTAL_COMMANDS] : [...BASE_COMMANDS],
])) as Record<DeviceFamily, readonly CommandName[]>;

/** A model's capabilities, typed per family: an OLT model has `pon_ports`, never `radios`. */
export type ModelCapabilities = {
  [F in DeviceFamily]: { family: F; commands: CommandName[] } & {
    [K in FamilyCapabilityKey<F>]: K extends 'radios' ? RadioBands : number;
  };
}[DeviceFamily];

/** The capabilities of one family as a closed schema (the API document and the server's check). */
export function capabilitiesSchema(family: DeviceFamily) {
  const shape: Record<string, z.ZodType> = {
    family: z.literal(family),
    commands: z.array(z.enum(FAMILY_COMMANDS[family] as [CommandName, ...CommandName[]], { error: 'validation.modelCommand' })),
  };
  for (const k of FAMILY_CAPABILITIES[family]) {
    shape[k] = k === 'radios' ? z.enum(RADIO_BANDS, { error: 'validation.option' }) : z.number().int().min(0).max(CAPABILITIES[k].max);
  }
  return z.object(shape).strict();
}

/** Every family's capability schema, discriminated by `family`. */
export const modelCapabilities = z.discriminatedUnion('family', DEVICE_FAMILIES.map((f) => capabilitiesSchema(f)) as unknown as [
  z.ZodObject<{ family: z.ZodLiteral<DeviceFamily> }>, ...z.ZodObject<{ family: z.ZodLiteral<DeviceFamily> }>[],
]);

/** Commands as stored on a model: comma-separated names (the form's multi-select). */
export function parseCommandList(v: string): string[] {
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** A flat model row (the form's fields) → its typed capabilities; capabilities outside the family are left out. */
export function capabilitiesOf(row: Record<string, unknown>): ModelCapabilities | null {
  const family = row.family as DeviceFamily;
  if (!DEVICE_FAMILIES.includes(family)) return null;
  const out: Record<string, unknown> = { family, commands: parseCommandList(String(row.commands ?? '')).filter((c) => (COMMAND_NAMES as string[]).includes(c)) };
  for (const k of FAMILY_CAPABILITIES[family]) out[k] = k === 'radios' ? (row.radios || 'none') : Number(row[k] ?? 0);
  return out as ModelCapabilities;
}

/**
 * Fields of a model row that do not belong to its family but carry a value (a radio on an OLT), and commands the
 * family does not have: each is a refusal naming the field.
 */
export function capabilityProblems(row: Record<string, unknown>): { field: string; message: string }[] {
  const family = row.family as DeviceFamily;
  if (!DEVICE_FAMILIES.includes(family)) return [];
  const own = new Set<string>(FAMILY_CAPABILITIES[family]);
  const out: { field: string; message: string }[] = [];
  for (const k of NUMERIC_CAPABILITIES) {
    const v = row[k];
    if (!own.has(k) && v !== undefined && v !== null && v !== 0 && v !== '') out.push({ field: k, message: 'validation.capabilityFamily' });
  }
  if (!own.has('radios') && row.radios && row.radios !== 'none') out.push({ field: 'radios', message: 'validation.capabilityFamily' });
  for (const c of parseCommandList(String(row.commands ?? ''))) {
    if (!FAMILY_COMMANDS[family].includes(c as CommandName)) { out.push({ field: 'commands', message: 'validation.modelCommand' }); break; }
  }
  return out;
}
