import { eq, sql } from 'drizzle-orm';
import {
  COMMAND_DEFAULT_TTL_S, readVariables, resolveTemplateConfig, type ConfigVariables, type Resolution, type TemplateKind,
} from '@gx/contract';
import { organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
import { insertCommands, type Issuer } from './commandBinding';
import { deviceConfigs } from './templateTables';

type AnyRow = Record<string, unknown>;

/**
 * A template row's configuration as written, placeholders and all: `resolveTemplateConfig` substitutes them per
 * device and only then runs the kind's whole schema.
 */
export function rawTemplateConfig(kind: TemplateKind, r: AnyRow): Record<string, unknown> {
  const whitelist = String(r.whitelist ?? '').split('\n').filter(Boolean);
  if (kind === 'ap') {
    return {
      roaming_threshold: r.roamingThreshold, lan_ports: r.lanPorts, ssids: JSON.parse(String(r.ssids)),
      radio_24: JSON.parse(String(r.radio24)), radio_5: JSON.parse(String(r.radio5)),
      up_limit_kbps: r.upLimitKbps, down_limit_kbps: r.downLimitKbps, whitelist,
    };
  }
  if (kind === 'lan') {
    return { lan_ports: r.lanPorts, vlan: r.vlan, dhcp: r.dhcp, up_limit_kbps: r.upLimitKbps, down_limit_kbps: r.downLimitKbps, whitelist };
  }
  return { account: r.account, password: r.password, server: r.server, port: r.port, register_interval_s: r.registerIntervalS };
}

/** An organisation's configuration variables. */
export async function orgVariables(exec: Executor, orgId: number): Promise<ConfigVariables> {
  const [o] = await exec.select({ v: organizations.configVariables }).from(organizations).where(eq(organizations.id, orgId));
  return readVariables(o?.v);
}

/**
 * One device's resolution of a template row, the levels read from the device, its group (null: in none), its
 * organisation and the row.
 */
export function resolveForDevice(kind: TemplateKind, row: AnyRow, org: ConfigVariables, deviceVariables: unknown, groupVariables: unknown): Resolution {
  return resolveTemplateConfig(kind, rawTemplateConfig(kind, row), {
    device: readVariables(deviceVariables), group: readVariables(groupVariables), organization: org, template: readVariables(row.variables),
  });
}

export interface PushTarget {
  id: number;
  online: number;
  configVersion: number;
  configVariables: string;
  /** Its group's variables, or null when it is in no group. */
  groupVariables: string | null;
}

/**
 * Resolves a template for each target. Answers the resolved configurations in target order, or the first target
 * whose resolution failed (a missing variable or a substituted value beyond its limit) with why.
 */
export function resolveEach<T extends PushTarget>(kind: TemplateKind, row: AnyRow, org: ConfigVariables, targets: T[]):
  { ok: true; configs: Map<number, unknown> } | { ok: false; target: T; failure: Extract<Resolution, { ok: false }> } {
  const configs = new Map<number, unknown>();
  for (const d of targets) {
    const r = resolveForDevice(kind, row, org, d.configVariables, d.groupVariables);
    if (!r.ok) return { ok: false, target: d, failure: r };
    configs.set(d.id, r.config);
  }
  return { ok: true, configs };
}

/**
 * Stores each target's resolved configuration as the one in effect with its next version (above both what it runs
 * and what it was last sent), and creates the persisted `config_push` that carries it — so each device gets its
 * own body and checksum. `who.orgId` is the devices' organisation (a platform reviewer's claim approval acts for
 * it). Runs in `exec`; the caller announces the commands once it commits.
 */
export async function pushResolved(
  exec: Executor, who: Issuer, kind: TemplateKind, templateId: number, templateName: string,
  targets: PushTarget[], configs: Map<number, unknown>,
): Promise<{ batch: string; made: { id: number; deviceId: number }[] }> {
  const { orgId, now } = who;
  const { batch, made } = await insertCommands(exec, who, targets, 'config_push', {}, COMMAND_DEFAULT_TTL_S);
  const commandOf = new Map(made.map((c) => [c.deviceId, c.id]));
  for (let i = 0; i < targets.length; i += 1000) {
    const values = targets.slice(i, i + 1000).map((d) => ({
      deviceId: d.id, orgId, templateKind: kind, templateId, templateName, config: configs.get(d.id),
      version: d.configVersion + 1, commandId: commandOf.get(d.id) ?? null, appliedAt: now, syncState: 'pending' as const, checksum: null, sentVersion: null,
    }));
    await exec.insert(deviceConfigs).values(values).onConflictDoUpdate({
      target: deviceConfigs.deviceId,
      set: {
        orgId, templateKind: kind, templateId, templateName, config: sql`excluded.config`,
        version: sql`greatest(excluded.version, ${deviceConfigs.version} + 1)`, commandId: sql`excluded.command_id`, appliedAt: now,
        // SYNC_TRANSITIONS `pushed`: pending from any state, until the device confirms what down/config carries.
        syncState: 'pending', checksum: null, sentVersion: null,
      },
    });
  }
  return { batch, made };
}
