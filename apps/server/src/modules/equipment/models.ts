import { eq, inArray } from 'drizzle-orm';
import {
  Code, DEVICE_FAMILIES, capabilitiesOf, capabilityProblems, deviceFacts, deviceModelResource, parseCommandList, type DeviceFacts, type DeviceFamily,
} from '@gx/contract';
import { deviceModels, devices } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import type { EndpointSpec, MethodSpec } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { resourceMethods } from '../../resources/endpoint';
import type { ColumnValues, Input, WireRow } from '../../resources/types';

/** Wire field → the table's property for the capability columns a check reads back. */
const PROPS: Record<string, string> = {
  lan_ports: 'lanPorts', wan_ports: 'wanPorts', uplink_ports: 'uplinkPorts', pon_ports: 'ponPorts', max_onus: 'maxOnus',
  max_clients: 'maxClients', max_aps: 'maxAps', sip_lines: 'sipLines', card_slots: 'cardSlots', screen_inches: 'screenInches',
  radios: 'radios', commands: 'commands',
};

/** The row as it will be after the write (before + input), refused naming the first capability its family lacks. */
function checkCapabilities(values: ColumnValues, before: WireRow | undefined): void {
  const merged: Record<string, unknown> = { family: before?.family };
  for (const [field, prop] of Object.entries(PROPS)) merged[field] = values[prop] ?? before?.[field];
  merged.family = values.family ?? before?.family;
  const problem = capabilityProblems(merged)[0];
  if (problem) throw new AppError(Code.VALIDATION, problem.message, problem.field);
  if (typeof values.commands === 'string') values.commands = [...new Set(parseCommandList(values.commands))].join(',');
}

type ModelRow = typeof deviceModels.$inferSelect;

export function capabilitiesOfRow(r: ModelRow) {
  return capabilitiesOf({
    family: r.family, lan_ports: r.lanPorts, wan_ports: r.wanPorts, uplink_ports: r.uplinkPorts, pon_ports: r.ponPorts,
    max_onus: r.maxOnus, max_clients: r.maxClients, max_aps: r.maxAps, sip_lines: r.sipLines, card_slots: r.cardSlots,
    screen_inches: r.screenInches, radios: r.radios, commands: r.commands,
  });
}

/** Devices' family facts (their model's capabilities with their latest metrics), for a page of devices at once. */
export async function factsOfDevices(exec: Executor, ids: number[]): Promise<Map<number, DeviceFacts>> {
  const rows = await exec.select({ id: devices.id, family: devices.family, metrics: devices.metrics, model: deviceModels }).from(devices)
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId)).where(inArray(devices.id, ids));
  const out = new Map<number, DeviceFacts>();
  for (const r of rows) {
    if (!DEVICE_FAMILIES.includes(r.family as DeviceFamily)) continue;
    out.set(r.id, deviceFacts(r.family as DeviceFamily, r.model ? capabilitiesOfRow(r.model) : null, (r.metrics ?? {}) as Record<string, unknown>));
  }
  return out;
}

/** The platform's model catalogue; `capabilities` is the typed per-family view of the flat columns. */
export const deviceModelBinding = defineResource({
  decl: deviceModelResource,
  table: deviceModels,
  tenant: { kind: 'platform' },
  virtual: {
    capabilities: {
      async load(exec: Executor, ids: number[]) {
        const rows = await exec.select().from(deviceModels).where(inArray(deviceModels.id, ids));
        return new Map(rows.map((r) => [r.id, capabilitiesOfRow(r)]));
      },
    },
  },
  hooks: {
    async beforeAdd(_ctx: RequestContext, _exec: Executor, _input: Input, values: ColumnValues) {
      checkCapabilities(values, undefined);
    },
    async beforeUpdate(_ctx, _exec, _id, _input, values, before) {
      checkCapabilities(values, before);
    },
  },
});

/** SPEC §7 family model paths (`/admin/device/<family>/model`) and the family each serves. */
export const FAMILY_MODEL_PATHS: Readonly<Record<string, DeviceFamily>> = {
  fttr: 'fttr', nmc: 'nmc', olt: 'olt', ig: 'ig', uc: 'uc', pbx: 'pbx', ag: 'ag',
};

/**
 * Each family's model endpoint: the same resource with `family` fixed — `list`, `export` and `select` see only the
 * family's models and `detail` answers 1006 for another family's; models are added and changed on
 * `/admin/device/model`. Same keys, same checks.
 */
export function familyModelEndpoints(): EndpointSpec[] {
  const base = resourceMethods(deviceModelBinding);
  return Object.entries(FAMILY_MODEL_PATHS).map(([segment, family]) => {
    if (!DEVICE_FAMILIES.includes(family)) throw new Error(`unknown family ${family}`);
    const forced = (spec: MethodSpec): MethodSpec => ({ ...spec, handler: (ctx, input) => spec.handler(ctx, { ...(input as Input), family }) });
    const methods: Record<string, MethodSpec> = {
      list: forced(base.list!),
      export: forced(base.export!),
      detail: {
        ...base.detail!,
        async handler(ctx, input) {
          const row = await base.detail!.handler(ctx, input) as WireRow;
          if (row.family !== family) throw new AppError(Code.NOT_FOUND, undefined, 'id');
          return row;
        },
      },
    };
    return { path: `/admin/device/${segment}/model`, methods };
  });
}
