import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { Code, deviceWarehouseResource, STOCK_LIFECYCLE, canStep, zRowIds } from '@gx/contract';
import { deviceModels, deviceStock, devices } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { EndpointSpec } from '../../http/endpoint';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { accessScope } from '../../resources/scope';
import type { Input } from '../../resources/types';
import { hashSecret, newSecret } from './secret';
import { provisionCsv, type ProvisionedDevice } from './provisionCsv';
import { newAuthorizationNumber } from './lifecycle';

/** Most units one provisioning export or authorization-number call covers. */
export const PROVISIONING_MAX = 10_000;

/**
 * The warehouse of manufactured units (platform-wide). An add or an imported row takes its family from the model,
 * gets a secret (stored as its hash) and, when none is given, an authorization number. Only units in stock can be
 * removed.
 */
interface UnitFacts { model: { family: string; status: number } | undefined; inRegistry: boolean }

/** What an import's rows need to know, read for the whole file at once (two queries per thousand rows, not two per row). */
const prepared = new WeakMap<Input, UnitFacts>();

async function factsFor(exec: Executor, inputs: Input[]): Promise<UnitFacts[]> {
  const modelIds = [...new Set(inputs.map((i) => Number(i.model_id)).filter((n) => Number.isInteger(n) && n > 0))];
  const models = new Map((modelIds.length
    ? await exec.select({ id: deviceModels.id, family: deviceModels.family, status: deviceModels.status }).from(deviceModels).where(inArray(deviceModels.id, modelIds))
    : []).map((m) => [m.id, m]));
  const serials = inputs.map((i) => String(i.serial));
  const taken = new Set<string>();
  for (let i = 0; i < serials.length; i += 1000) {
    for (const r of await exec.select({ serial: devices.serial }).from(devices).where(inArray(devices.serial, serials.slice(i, i + 1000)))) taken.add(r.serial);
  }
  return inputs.map((i) => ({ model: models.get(Number(i.model_id)), inRegistry: taken.has(String(i.serial)) }));
}

export const deviceWarehouseBinding = defineResource({
  decl: deviceWarehouseResource,
  table: deviceStock,
  tenant: { kind: 'platform' },
  hooks: {
    async prepareAdds(ctx, inputs) {
      const facts = await factsFor(ctx.db, inputs);
      inputs.forEach((input, i) => prepared.set(input, facts[i]!));
    },
    async beforeAdd(_ctx, exec, input, values) {
      const { model, inRegistry } = prepared.get(input) ?? (await factsFor(exec, [input]))[0]!;
      if (!model) throw new AppError(Code.NOT_FOUND, undefined, 'model_id');
      if (model.status !== 1) throw new AppError(Code.VALIDATION, 'validation.modelDisabled', 'model_id');
      // A serial is one device everywhere: a unit may not reuse a serial already in the registry.
      if (inRegistry) throw new AppError(Code.CONFLICT, 'validation.duplicate', 'serial');
      values.family = model.family;
      values.secretHash = hashSecret(newSecret());
      if (!values.authorizationNumber) values.authorizationNumber = newAuthorizationNumber();
      if (typeof values.mac === 'string') values.mac = values.mac.toUpperCase();
    },
    async guard(_ctx, _exec, _id, operation, before) {
      if (operation === 'remove' && before.state !== 'in_stock') throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'state');
    },
  },
  methods: {
    /**
     * The provisioning CSV (`serial,secret,family,model`) of units still in stock, by ids or batch: each gets a new
     * secret, answered once in the file, so the factory flashes it and the simulator plays it. Units claimed or
     * bound keep theirs (1007 naming `ids`); an earlier export of the same units stops working.
     */
    provisioning: method({
      access: 'device.warehouse.provisioning',
      body: z.object({
        method: z.literal('provisioning'),
        ids: zRowIds(PROVISIONING_MAX).optional(),
        batch: z.string({ error: 'validation.text' }).trim().min(1, 'validation.required').max(64, 'validation.tooLong').optional(),
      }).strict().superRefine((b, c) => {
        if (!b.ids?.length === !b.batch) c.addIssue({ code: 'custom', path: ['ids'], message: 'validation.idOrIds' });
      }),
      async handler(ctx, input) {
        accessScope(ctx, deviceWarehouseBinding);
        const where: SQL = input.ids?.length ? inArray(deviceStock.id, input.ids) : eq(deviceStock.batch, input.batch!);
        const units = await ctx.db.select({ id: deviceStock.id, serial: deviceStock.serial, family: deviceStock.family, state: deviceStock.state, model: deviceModels.code })
          .from(deviceStock).innerJoin(deviceModels, eq(deviceModels.id, deviceStock.modelId)).where(where).orderBy(deviceStock.id).limit(PROVISIONING_MAX + 1);
        if (!units.length) throw new AppError(Code.NOT_FOUND, undefined, input.ids?.length ? 'ids' : 'batch');
        if (units.length > PROVISIONING_MAX) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'batch');
        if (input.ids?.length && units.length !== input.ids.length) throw new AppError(Code.NOT_FOUND, undefined, 'ids');
        if (units.some((u) => !canStep(STOCK_LIFECYCLE, 'claim', u.state))) throw new AppError(Code.CONFLICT, 'validation.deviceTaken', input.ids?.length ? 'ids' : 'batch');
        const made: (ProvisionedDevice & { id: number })[] = units.map((u) => ({ id: u.id, serial: u.serial, secret: newSecret(), family: u.family, model: u.model }));
        // One statement per thousand units: a batch of 10,000 is ten round trips, not ten thousand.
        for (let i = 0; i < made.length; i += 1000) {
          const values = sql.join(made.slice(i, i + 1000).map((u) => sql`(${u.id}::int, ${hashSecret(u.secret)})`), sql`, `);
          await ctx.db.execute(sql`update ${deviceStock} set secret_hash = v.h from (values ${values}) as v(id, h)
            where ${deviceStock.id} = v.id and ${deviceStock.state} = 'in_stock'`);
        }
        await ctx.audit(ctx.db, { after: { units: units.length, serials: made.map((d) => d.serial) } });
        const stamp = ctx.services.now().toISOString().slice(0, 19).replace(/[-:T]/g, '');
        return { filename: `provisioning-${stamp}.csv`, mimetype: 'text/csv', content: Buffer.from(provisionCsv(made.map(({ serial, secret, family, model }) => ({ serial, secret, family, model }))), 'utf8').toString('base64'), rows: made.length };
      },
    }),
  },
});

/**
 * `/admin/device/warehouse/authorization_number` `generate`: new authorization numbers for units in stock (a label
 * reprinted, a number leaked); answered once per unit. Claimed or bound units keep theirs (1007 naming `ids`).
 */
export const authorizationNumberEndpoint: EndpointSpec = {
  path: '/admin/device/warehouse/authorization_number',
  methods: {
    generate: method({
      access: 'device.warehouse.authorization_number',
      body: z.object({ method: z.literal('generate'), ids: zRowIds(PROVISIONING_MAX).refine((v) => v.length > 0, 'validation.idOrIds') }).strict(),
      async handler(ctx, input) {
        accessScope(ctx, deviceWarehouseBinding);
        const units = await ctx.db.select({ id: deviceStock.id, serial: deviceStock.serial, state: deviceStock.state }).from(deviceStock)
          .where(inArray(deviceStock.id, input.ids));
        if (units.length !== input.ids.length) throw new AppError(Code.NOT_FOUND, undefined, 'ids');
        if (units.some((u) => !canStep(STOCK_LIFECYCLE, 'claim', u.state))) throw new AppError(Code.CONFLICT, 'validation.deviceTaken', 'ids');
        const list: { id: number; serial: string; authorization_number: string }[] = [];
        for (const u of units) {
          const n = newAuthorizationNumber();
          await ctx.db.update(deviceStock).set({ authorizationNumber: n }).where(eq(deviceStock.id, u.id));
          list.push({ id: u.id, serial: u.serial, authorization_number: n });
        }
        await ctx.audit(ctx.db, { after: { serials: list.map((u) => u.serial) } });
        return { list };
      },
    }),
  },
};
