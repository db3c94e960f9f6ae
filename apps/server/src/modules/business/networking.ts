import { and, eq, ne, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { networkingResource } from '@gx/contract';
import { organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { projects } from './project';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** A project's network plan: one row per VLAN of a site. */
export const projectNetworks = pgTable('project_networks', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  site: text('site').notNull(),
  vlanId: integer('vlan_id').notNull(),
  /** Kept as its network address: 192.168.10.0/24. */
  subnet: text('subnet').notNull(),
  gatewayIp: text('gateway_ip').notNull().default(''),
  purpose: text('purpose').notNull().default('guest'),
  dhcp: integer('dhcp').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('project_networks_project_site_vlan_uq').on(t.projectId, t.site, t.vlanId),
  index('project_networks_org_project_idx').on(t.orgId, t.projectId),
  index('project_networks_org_vlan_idx').on(t.orgId, t.vlanId),
  index('project_networks_org_purpose_idx').on(t.orgId, t.purpose),
  prefixIdx('project_networks_site_prefix_idx', t.site),
]);

/** Dotted IPv4 → 32-bit unsigned number, or null. Leading zeros are refused (0 alone is fine). */
export function ipv4ToNumber(s: string): number | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

const numberToIpv4 = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

export interface Subnet { network: number; broadcast: number; prefix: number; text: string }

/** Prefix lengths a VLAN's subnet may have: room for a gateway and hosts, no larger than a /8. */
const PREFIX_MIN = 8;
const PREFIX_MAX = 30;

/** `a.b.c.d/n` (any address inside) → the subnet as its network address; null when malformed. */
export function parseSubnet(s: string): Subnet | null {
  const m = /^([\d.]+)\/(\d{1,2})$/.exec(s.trim());
  if (!m) return null;
  const ip = ipv4ToNumber(m[1]!);
  const prefix = Number(m[2]);
  if (ip === null || prefix < PREFIX_MIN || prefix > PREFIX_MAX) return null;
  const size = 2 ** (32 - prefix);
  const network = Math.floor(ip / size) * size;
  return { network, broadcast: network + size - 1, prefix, text: `${numberToIpv4(network)}/${prefix}` };
}

interface Plan { projectId: number; site: string; vlanId: number; subnet: string; gatewayIp: string }

/**
 * The rules of a VLAN row, checked on the row as it will be (the stored row under what the body changes): a well-formed
 * subnet (stored normalised) and gateway inside it, the VLAN id once per site of the project, no overlap with the
 * project's other subnets. Each refusal names its field; nothing is written.
 */
async function checkPlan(ctx: RequestContext, exec: Executor, self: number | null, input: Input, values: ColumnValues, before?: WireRow): Promise<void> {
  const pick = <T>(name: string): T => (input[name] !== undefined ? input[name] : before?.[name]) as T;
  const plan: Plan = {
    projectId: pick<number>('project_id'), site: pick<string>('site'), vlanId: pick<number>('vlan_id'),
    subnet: pick<string>('subnet'), gatewayIp: pick<string | null>('gateway_ip') ?? '',
  };
  const subnet = parseSubnet(plan.subnet ?? '');
  if (!subnet) throw fail.validation('subnet', 'validation.cidr');
  if (input.subnet !== undefined) values.subnet = subnet.text;
  if (plan.gatewayIp !== '') {
    const gw = ipv4ToNumber(plan.gatewayIp);
    if (gw === null) throw fail.validation('gateway_ip', 'validation.ip');
    if (gw <= subnet.network || gw >= subnet.broadcast) throw fail.validation('gateway_ip', 'validation.gatewayInSubnet');
  }
  const others = await exec.select({ id: projectNetworks.id, site: projectNetworks.site, vlanId: projectNetworks.vlanId, subnet: projectNetworks.subnet })
    .from(projectNetworks)
    .where(and(eq(projectNetworks.orgId, ctx.orgId()), eq(projectNetworks.projectId, plan.projectId), self === null ? undefined : ne(projectNetworks.id, self)));
  if (others.some((o) => o.site === plan.site && o.vlanId === plan.vlanId)) throw fail.validation('vlan_id', 'validation.vlanTaken');
  for (const o of others) {
    const s = parseSubnet(o.subnet);
    if (s && s.network <= subnet.broadcast && subnet.network <= s.broadcast) throw fail.validation('subnet', 'validation.subnetOverlap');
  }
}

export const networkingBinding = defineResource({
  decl: networkingResource,
  table: projectNetworks,
  tenant: { kind: 'column', column: projectNetworks.orgId },
  hooks: {
    beforeAdd: (ctx, exec, input, values) => checkPlan(ctx, exec, null, input, values),
    beforeUpdate: (ctx, exec, id, input, values, before) => checkPlan(ctx, exec, id, input, values, before),
  },
});
