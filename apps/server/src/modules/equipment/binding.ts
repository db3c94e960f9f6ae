import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEVICE_FAMILIES, deviceResource, normaliseTags } from '@gx/contract';
import { devices, deviceTelemetry } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { defineResource } from '../../resources/define';
import { loadOne } from '../../resources/write';
import { qualified } from '../../resources/sqlRef';
import { accessScope } from '../../resources/scope';
import type { ColumnValues, Input } from '../../resources/types';
import { hashSecret, newSecret } from './secret';
import { assignDefaultTemplates } from './defaultTemplates';
import { variablesText } from './variablesText';
import { logDeviceEvent } from './events';
import { provisionCsv, type ProvisionedDevice } from './provisionCsv';
import { factsOfDevices } from './models';
import { deviceConfigs } from './templateTables';
import { claimMethod, offerTransfer, renewedEnd, returnToStock, shareDevice, unbindDevice } from './lifecycle';

/** Largest fleet one provision call creates. */
export const PROVISION_MAX = 10_000;
const TELEMETRY_POINTS_MAX = 1000;

const secrets = new WeakMap<Input, string>();

const channelOf = (ctx: RequestContext) => ctx.req.server.deviceChannel;

/** Creates devices with fresh secrets in the caller's organisation; answers the credentials once. */
export async function provisionDevices(
  exec: Executor, orgId: number, spec: { family: string; model: string; count: number; prefix?: string | undefined },
): Promise<ProvisionedDevice[]> {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const prefix = spec.prefix ?? spec.family.toUpperCase();
  const made: ProvisionedDevice[] = Array.from({ length: spec.count }, (_, i) => ({
    serial: `${prefix}-${tag}-${String(i + 1).padStart(5, '0')}`, secret: newSecret(), family: spec.family, model: spec.model,
  }));
  for (let i = 0; i < made.length; i += 1000) {
    await exec.insert(devices).values(made.slice(i, i + 1000).map((d) => ({
      orgId, serial: d.serial, family: d.family, model: d.model, secretHash: hashSecret(d.secret),
    })));
  }
  return made;
}

const provisionBody = z.object({
  method: z.literal('provision'),
  family: z.enum(DEVICE_FAMILIES),
  model: z.string().max(64).default(''),
  count: z.number().int().min(1).max(PROVISION_MAX),
  prefix: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'validation.serial').optional(),
}).strict();

const telemetryBody = z.object({
  method: z.literal('telemetry'),
  id: z.number().int().min(1),
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z.number().int().min(1).max(TELEMETRY_POINTS_MAX).default(100),
}).strict();

/** What a written device keeps in one form: its variables as canonical JSON text, its tags trimmed and unique. */
function normalise(values: ColumnValues): void {
  if (values.configVariables !== undefined) values.configVariables = variablesText(values.configVariables, 'config_variables');
  if (typeof values.tags === 'string') values.tags = normaliseTags(values.tags);
}

/**
 * The organisation's devices (DESIGN §6). Secrets are created here and answered once; disabling, removing or
 * resetting the secret disconnects the device once the change is committed.
 */
export const deviceBinding = defineResource({
  decl: deviceResource,
  table: devices,
  tenant: { kind: 'column', column: devices.orgId },
  columns: {
    // One configuration per device (device_configs is keyed by it): its sync state, or null when none was applied.
    config_sync: sql<string | null>`(select ${deviceConfigs.syncState} from ${deviceConfigs} where ${deviceConfigs.deviceId} = ${qualified(devices.id)})`,
  },
  virtual: {
    facts: { load: (exec, ids) => factsOfDevices(exec, ids) },
  },
  hooks: {
    async beforeAdd(_ctx, _exec, input, values) {
      const secret = newSecret();
      secrets.set(input, secret);
      values.secretHash = hashSecret(secret);
      normalise(values);
    },
    async afterAdd(ctx, exec, id) {
      await assignDefaultTemplates(ctx, exec, ctx.orgId(), [id]);
    },
    async beforeUpdate(_ctx, _exec, _id, _input, values) {
      normalise(values);
    },
    addAnswer: (_ctx, _id, input) => ({ secret: secrets.get(input) }),
    async afterUpdate(ctx, exec, id, input, before) {
      // Joining a group brings the group's default templates (its model's default came when it was added).
      if (typeof input.group_id === 'number' && input.group_id !== before.group_id) await assignDefaultTemplates(ctx, exec, ctx.orgId(), [id], { groupOnly: true });
      const serial = String(before.serial);
      ctx.afterCommit(() => channelOf(ctx).forget(serial));
    },
    async afterTransition(ctx, _exec, _id, action, before) {
      const serial = String(before.serial);
      if (action === 'disable') ctx.afterCommit(() => channelOf(ctx).kick(serial));
      else ctx.afterCommit(() => channelOf(ctx).forget(serial));
    },
    async beforeRemove(ctx, exec, id, before) {
      await returnToStock(exec, id);
      const serial = String(before.serial);
      ctx.afterCommit(() => channelOf(ctx).kick(serial));
    },
  },
  actions: {
    /** A new secret, answered once; the old one stops working and the connected session is dropped. */
    async reset_secret(ctx, exec, id, _input, before) {
      const secret = newSecret();
      await exec.update(devices).set({ secretHash: hashSecret(secret), updatedAt: ctx.services.now() }).where(eq(devices.id, id));
      await logDeviceEvent(exec, channelOf(ctx).bus, { id, orgId: ctx.orgId() }, 'warn', 'secret_reset', ctx.user().username, ctx.services.now());
      const serial = String(before.serial);
      ctx.afterCommit(() => channelOf(ctx).kick(serial));
      return { answer: { secret } };
    },
    /** The offer's receiving link is answered once (the console shows it with its QR code). */
    transfer: async (ctx, exec, id, input, before) => ({ answer: { link_token: await offerTransfer(ctx, exec, id, Number(input.to_org_id), before) } }),
    share: (ctx, exec, id, input, before) => shareDevice(ctx, exec, id, Number(input.to_org_id), before),
    /** The service term runs `months` longer, from its end or from today when it has already ended. */
    async renew(ctx, exec, id, input, before) {
      const now = ctx.services.now();
      const end = renewedEnd(before.service_end ? new Date(String(before.service_end)) : null, now, Number(input.months));
      await exec.update(devices).set({ serviceEnd: end, serviceStart: before.service_start ? undefined : now, updatedAt: now }).where(eq(devices.id, id));
    },
    async unbind(ctx, exec, id, _input, before) {
      await unbindDevice(ctx, exec, id);
      const serial = String(before.serial);
      ctx.afterCommit(() => channelOf(ctx).kick(serial));
      return { answer: { serial }, gone: true };
    },
  },
  methods: {
    claim: claimMethod,
    provision: method({
      access: 'device.binding.provision',
      body: provisionBody,
      fieldLabels: { count: { zh_CN: '数量', en: 'Count' }, prefix: { zh_CN: '序列号前缀', en: 'Serial prefix' } },
      async handler(ctx, input) {
        const made = await provisionDevices(ctx.db, ctx.orgId(), input);
        const ids = await ctx.db.select({ id: devices.id }).from(devices).where(inArray(devices.serial, made.map((d) => d.serial)));
        await assignDefaultTemplates(ctx, ctx.db, ctx.orgId(), ids.map((d) => d.id));
        await ctx.audit(ctx.db, { after: { family: input.family, model: input.model, count: input.count, serials: made.map((d) => d.serial) } });
        const stamp = ctx.services.now().toISOString().slice(0, 19).replace(/[-:T]/g, '');
        return {
          filename: `devices-${input.family}-${stamp}.csv`,
          mimetype: 'text/csv',
          content: Buffer.from(provisionCsv(made), 'utf8').toString('base64'),
          rows: made.length,
        };
      },
    }),
    telemetry: method({
      access: 'device.binding.list',
      body: telemetryBody,
      readOnly: true,
      async handler(ctx, input) {
        await loadOne(ctx, ctx.db, deviceBinding, input.id, accessScope(ctx, deviceBinding));
        const points = await ctx.db.select({ ts: deviceTelemetry.ts, metrics: deviceTelemetry.metrics }).from(deviceTelemetry)
          .where(and(eq(deviceTelemetry.deviceId, input.id), input.since ? gte(deviceTelemetry.ts, new Date(input.since)) : undefined))
          .orderBy(desc(deviceTelemetry.ts)).limit(input.limit);
        return { list: points.map((p) => ({ ts: p.ts.toISOString(), metrics: p.metrics })) };
      },
    }),
  },
});
