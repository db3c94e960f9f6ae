import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  Code, FAMILY_DEVICE_RESOURCES, FAMILY_PAGES, TELEMETRY_RANGES, TELEMETRY_RANGE_NAMES, chartMetrics, familyView,
  type CommandName, type FamilyPage, type FamilyPageKey, type PlaylistItem, type TelemetryRange, type TelemetrySeries,
} from '@gx/contract';
import { deviceCommands, deviceModels, devices, deviceTelemetry } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { accessScope } from '../../resources/scope';
import type { DefineOptions } from '../../resources/define';
import type { ActionHandler, WireRow } from '../../resources/types';
import { loadOne } from '../../resources/write';
import { capabilitiesOfRow } from './models';
import { createCommands } from './commandBinding';
import { rowsOf } from './rowsOf';

/**
 * The family pages' device lists (`/admin/device/<segment>`, `FAMILY_PAGES`): the one registry table, scoped to the
 * caller's organisation and one family, read-only, with the family's key figures read from the latest metrics,
 * its typed family view, its telemetry series, and restart / factory reset as persisted commands. Every family page
 * is this one factory applied to its entry.
 */

const num = (expr: ReturnType<typeof sql>) => expr.mapWith(Number);

/** The latest value of a metric (a number, or null), as a read-only column. */
const metricColumn = (name: string) => num(sql`(${devices.metrics} ->> ${name})::float8`);

/** A screen's last programme sent by `play`, for its family view. */
async function lastProgrammes(exec: Executor, ids: number[]): Promise<Map<number, { programme_id: number; items: PlaylistItem[] }>> {
  const res = await exec.execute(sql`
    select distinct on (device_id) device_id, params from ${deviceCommands}
    where device_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and name = 'play' and state in ('sent', 'delivered', 'succeeded')
    order by device_id, id desc`);
  const rows = rowsOf<{ device_id: number; params: unknown }>(res).map((r) => ({ deviceId: r.device_id, params: typeof r.params === 'string' ? JSON.parse(r.params) as unknown : r.params }));
  return new Map(rows.map((r) => [r.deviceId, r.params as { programme_id: number; items: PlaylistItem[] }]));
}

function familyViewField(key: FamilyPageKey) {
  return {
    async load(exec: Executor, ids: number[]) {
      const rows = await exec.select({ id: devices.id, metrics: devices.metrics, model: deviceModels }).from(devices)
        .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId)).where(inArray(devices.id, ids));
      const programmes = key === 'cloudScreen' ? await lastProgrammes(exec, ids) : new Map();
      return new Map(rows.map((r) => [
        r.id, familyView(key, r.model ? capabilitiesOfRow(r.model) : null, (r.metrics ?? {}) as Record<string, unknown>, programmes.get(r.id) ?? null),
      ]));
    },
  };
}

/** A row action that queues one command for the row's device (bulk: one per device). */
function commandAction(name: CommandName): ActionHandler {
  return async (ctx: RequestContext, exec: Executor, id: number, _input, before: WireRow) => {
    const [d] = await exec.select({ status: devices.status }).from(devices).where(eq(devices.id, id));
    if (d?.status !== 1) throw new AppError(Code.CONFLICT, 'validation.deviceDisabled', 'status');
    const { batch, made } = await createCommands(ctx, [{ id, online: Number(before.online) }], name, {}, undefined, exec);
    return { answer: { command_id: made[0]!.id, batch } };
  };
}

const telemetryBody = z.object({
  method: z.literal('telemetry'),
  id: z.number().int().min(1),
  range: z.enum(TELEMETRY_RANGE_NAMES as [TelemetryRange, ...TelemetryRange[]]).default('hour'),
}).strict();

function familyBinding(key: FamilyPageKey): DefineOptions {
  const page = FAMILY_PAGES[key] as unknown as FamilyPage;
  const decl = FAMILY_DEVICE_RESOURCES[key];
  const charted = chartMetrics(key);
  const binding: DefineOptions = {
    decl,
    table: devices,
    tenant: { kind: 'column', column: devices.orgId, within: eq(devices.family, page.family) },
    columns: {
      uptime: num(sql`(${devices.snapshot} ->> 'uptime')::float8`),
      ...Object.fromEntries(page.figures.map((name) => [name, metricColumn(name)])),
    },
    virtual: { family_view: familyViewField(key) },
    actions: { restart: commandAction('restart'), factory_reset: commandAction('factory_reset') },
    methods: {
      /** The device's chart metrics over the last hour, day or week, averaged per bucket of the stored series. */
      telemetry: method({
        access: `${decl.key}.detail`,
        body: telemetryBody,
        readOnly: true,
        async handler(ctx, input): Promise<TelemetrySeries> {
          const self = familyBindings[key];
          await loadOne(ctx, ctx.db, self, input.id, accessScope(ctx, self));
          const range = TELEMETRY_RANGES[input.range];
          const to = ctx.services.now();
          const from = new Date(to.getTime() - range.ms);
          const res = await ctx.db.execute(sql`
            select extract(epoch from date_bin(${`${range.bucketS} seconds`}::interval, t.ts, timestamptz '2000-01-01 00:00:00+00')) * 1000 as bucket,
                   e.key as key, avg((e.value)::text::float8) as value
            from ${deviceTelemetry} t, jsonb_each(t.metrics) e
            where t.device_id = ${input.id} and t.org_id = ${ctx.orgId()} and t.ts >= ${from.toISOString()}::timestamptz
              and e.key in (${sql.join(charted.map((m) => sql`${m}`), sql`, `)}) and jsonb_typeof(e.value) = 'number'
            group by 1, 2 order by 1`);
          const byBucket = new Map<number, Record<string, number | null>>();
          for (const r of rowsOf<{ bucket: number | string; key: string; value: number | string | null }>(res)) {
            const b = Number(r.bucket);
            const values = byBucket.get(b) ?? Object.fromEntries(charted.map((m) => [m, null]));
            values[r.key] = r.value === null ? null : Math.round(Number(r.value) * 100) / 100;
            byBucket.set(b, values);
          }
          return {
            range: input.range, bucket_s: range.bucketS, from: from.toISOString(), to: to.toISOString(), metrics: charted,
            points: [...byBucket].map(([ts, values]) => ({ ts: new Date(ts).toISOString(), values })),
          };
        },
      }),
    },
  };
  return binding;
}

export const gatewayDeviceBinding = defineResource(familyBinding('gateway'));
export const oltDeviceBinding = defineResource(familyBinding('olt'));
export const fttrDeviceBinding = defineResource(familyBinding('fttr'));
export const apDeviceBinding = defineResource(familyBinding('ap'));
export const pbxDeviceBinding = defineResource(familyBinding('pbx'));
export const voiceGatewayDeviceBinding = defineResource(familyBinding('voiceGateway'));
export const cloudScreenDeviceBinding = defineResource(familyBinding('cloudScreen'));
export const acDeviceBinding = defineResource(familyBinding('ac'));
export const fttnDeviceBinding = defineResource(familyBinding('fttn'));
export const nmcDeviceBinding = defineResource(familyBinding('nmc'));
export const ucDeviceBinding = defineResource(familyBinding('uc'));
export const vcgwDeviceBinding = defineResource(familyBinding('vcgw'));

const familyBindings = {
  gateway: gatewayDeviceBinding, olt: oltDeviceBinding, fttr: fttrDeviceBinding, ap: apDeviceBinding, pbx: pbxDeviceBinding,
  voiceGateway: voiceGatewayDeviceBinding, cloudScreen: cloudScreenDeviceBinding, ac: acDeviceBinding, fttn: fttnDeviceBinding,
  nmc: nmcDeviceBinding, uc: ucDeviceBinding, vcgw: vcgwDeviceBinding,
} satisfies Record<FamilyPageKey, unknown>;
