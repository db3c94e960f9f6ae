import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  Code, POWER_OFF, TEMPLATE_FAMILIES, apTemplateResource, firstIssueBesidesPlaceholders, lanTemplateResource,
  phoneTemplateConfigSchema, phoneTemplateResource, radio24Schema, radio5Schema, readVariables, roamingThresholdSchema, ssidsSchema,
  whitelistSchema, type ResourceDecl, type TemplateDeviceRow, type TemplateKind, type TemplatePreview,
} from '@gx/contract';
import { closedObject, methodField } from '@gx/contract';
import { deviceGroups, deviceModels, devices, organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { appErrorMessage } from '../../http/errorHandler';
import { defineResource, type DefineOptions } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { announceAfterCommit, issuerOf, type Issuer } from './commandBinding';
import { rowsOf } from './rowsOf';
import { variablesText } from './variablesText';
import { orgVariables, pushResolved, rawTemplateConfig, resolveEach, resolveForDevice, type PushTarget } from './templatePush';
import { TEMPLATE_TABLES, apTemplates, deviceConfigs, lanTemplates, phoneTemplates } from './templateTables';

/** Most devices one `apply` reaches. */
export const APPLY_MAX = 10_000;

/**
 * A contract schema's first issue as a field-named validation error. A text holding a `{{ name }}` placeholder is
 * checked once its variables are filled in per device (apply, preview), so its issues do not count here.
 */
function check<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = firstIssueBesidesPlaceholders(r.error.issues, value);
  if (!issue) return value as T;
  // The whitelist names itself (its entries are not fields of their own); structured fields name the nested key.
  const path = field ? [field, ...issue.path.map(String)] : ['whitelist'];
  throw new AppError(Code.VALIDATION, issue.message.startsWith('validation.') ? issue.message : 'validation.json', path.join('.'));
}

/** A JSON text field: parsed, checked, stored again in a canonical form. */
function jsonField<T>(schema: z.ZodType<T>, raw: unknown, field: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    throw new AppError(Code.VALIDATION, 'validation.json', field);
  }
  return check(schema, parsed, field);
}

/** Checks and normalises what an add or update of each kind sets (the contract's limits, named per field). */
function normalise(kind: TemplateKind, values: ColumnValues): void {
  if (values.variables !== undefined) values.variables = variablesText(values.variables, 'variables');
  if (typeof values.defaultModel === 'string') values.defaultModel = values.defaultModel.trim();
  if (typeof values.whitelist === 'string') values.whitelist = check(whitelistSchema, values.whitelist, '').join('\n');
  if (kind === 'ap') {
    if (values.roamingThreshold !== undefined) check(roamingThresholdSchema, values.roamingThreshold, 'roaming_threshold');
    if (values.ssids !== undefined) values.ssids = JSON.stringify(jsonField(ssidsSchema, values.ssids, 'ssids'));
    if (values.radio24 !== undefined) values.radio24 = JSON.stringify(jsonField(radio24Schema, values.radio24, 'radio_24'));
    if (values.radio5 !== undefined) values.radio5 = JSON.stringify(jsonField(radio5Schema, values.radio5, 'radio_5'));
  }
  if (kind === 'phone') {
    const shape = phoneTemplateConfigSchema.shape;
    if (values.account !== undefined) check(shape.account, values.account, 'account');
    if (values.server !== undefined) check(shape.server, values.server, 'server');
    if (values.port !== undefined) check(shape.port, values.port, 'port');
    if (values.registerIntervalS !== undefined) check(shape.register_interval_s, values.registerIntervalS, 'register_interval_s');
  }
}

type AnyRow = Record<string, unknown>;

/** Models that cannot take a template's settings: an AP template with a 5G radio switched on needs a 5G band. */
function fitsModel(kind: TemplateKind, config: Record<string, unknown>, radios: string | null): boolean {
  if (kind !== 'ap' || radios === null) return true;
  const ap = config as { radio_5: { power: unknown } };
  return ap.radio_5.power === POWER_OFF || radios.includes('5G');
}

/** The devices an `apply` reaches: its ids (each must fit) or every fitting device that matches its filter. */
async function findTargets(
  orgId: number, exec: Executor, kind: TemplateKind, config: Record<string, unknown>, input: Input,
): Promise<(PushTarget & { serial: string })[]> {
  const ids = Array.isArray(input.device_ids) ? [...new Set(input.device_ids as number[])] : [];
  const model = typeof input.filter_model === 'string' && input.filter_model.trim() ? input.filter_model.trim() : null;
  const onlineOnly = input.filter_online === 1;
  const groupId = typeof input.group_id === 'number' ? input.group_id : null;
  if (ids.length && (model !== null || onlineOnly || groupId !== null)) throw new AppError(Code.VALIDATION, 'validation.templateTarget', 'device_ids');
  if (groupId !== null) {
    const [g] = await exec.select({ id: deviceGroups.id }).from(deviceGroups).where(and(eq(deviceGroups.id, groupId), eq(deviceGroups.orgId, orgId)));
    if (!g) throw new AppError(Code.NOT_FOUND, undefined, 'group_id');
  }
  const families = TEMPLATE_FAMILIES[kind];
  const cols = {
    id: devices.id, serial: devices.serial, online: devices.online, configVersion: devices.configVersion, configVariables: devices.configVariables,
    groupVariables: deviceGroups.configVariables, family: devices.family, radios: deviceModels.radios,
  };
  const base = exec.select(cols).from(devices).leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId));
  if (ids.length) {
    if (ids.length > APPLY_MAX) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'device_ids');
    const rows = await base.where(and(eq(devices.orgId, orgId), eq(devices.status, 1), inArray(devices.id, ids)));
    if (rows.length !== ids.length) throw new AppError(Code.NOT_FOUND, undefined, 'device_ids');
    if (rows.some((d) => !families.includes(d.family as never) || !fitsModel(kind, config, d.radios))) {
      throw new AppError(Code.VALIDATION, 'validation.templateIncompatible', 'device_ids');
    }
    return rows;
  }
  const where: SQL[] = [eq(devices.orgId, orgId), eq(devices.status, 1), inArray(devices.family, [...families])];
  if (model !== null) where.push(eq(devices.model, model));
  if (onlineOnly) where.push(eq(devices.online, 1));
  if (groupId !== null) where.push(eq(devices.groupId, groupId));
  const rows = (await base.where(and(...where)).orderBy(asc(devices.id)).limit(APPLY_MAX + 1)).filter((d) => fitsModel(kind, config, d.radios));
  if (!rows.length) throw new AppError(Code.VALIDATION, 'validation.templateNoTargets', groupId !== null ? 'group_id' : model !== null ? 'filter_model' : 'device_ids');
  if (rows.length > APPLY_MAX) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'filter_model');
  return rows;
}

/**
 * A device whose configuration cannot be resolved: 1001 naming the field (`ssids.0.name`, labelled "<serial> ·
 * SSIDs") with the rule or the missing variable, and `data` naming the device and the variable.
 */
function unresolved(decl: ResourceDecl, device: { id: number; serial: string }, failure: { field: string; message: string; variable?: string }): AppError {
  const e = new AppError(Code.VALIDATION, failure.message, failure.field, { device_id: device.id, serial: device.serial, variable: failure.variable ?? null });
  const label = decl.fields[failure.field.split('.')[0] ?? '']?.label;
  if (label) e.fieldLabel = { zh_CN: `${device.serial} · ${label.zh_CN}`, en: `${device.serial} · ${label.en}` };
  return e;
}

/** The declaration of each template kind. */
const TEMPLATE_DECLS: Record<TemplateKind, ResourceDecl> = { ap: apTemplateResource, lan: lanTemplateResource, phone: phoneTemplateResource };

/**
 * Pushes a template of the issuer's organisation: each target gets the template's configuration resolved with its
 * own variables (so each may get a different body and checksum), carried by a persisted `config_push`. All or
 * nothing: when any target cannot be resolved the whole push is refused naming the first such device, so an
 * operator never half-applies a template by mistake. Runs in `exec` (the caller's transaction); announce the
 * commands once it commits. The console's `apply` and the timed-task runner both push through here.
 */
export async function pushTemplate(exec: Executor, who: Issuer, kind: TemplateKind, id: number, target: Input) {
  const table = TEMPLATE_TABLES[kind];
  const [row] = await exec.select().from(table).where(and(eq(table.id, id), eq(table.orgId, who.orgId))) as AnyRow[];
  if (!row) throw new AppError(Code.NOT_FOUND, undefined, 'id');
  const targets = await findTargets(who.orgId, exec, kind, rawTemplateConfig(kind, row), target);
  const resolved = resolveEach(kind, row, await orgVariables(exec, who.orgId), targets);
  if (!resolved.ok) throw unresolved(TEMPLATE_DECLS[kind], resolved.target, resolved.failure);
  const { batch, made } = await pushResolved(exec, who, kind, id, String(row.name), targets, resolved.configs);
  return { batch, made, targets, version: row.version };
}

/** `apply`: pushes the template, announces its commands once committed, and logs it. */
async function applyTemplate(ctx: RequestContext, exec: Executor, kind: TemplateKind, id: number, input: Input) {
  const who = issuerOf(ctx);
  const { batch, made, targets, version } = await pushTemplate(exec, who, kind, id, input);
  announceAfterCommit(ctx, who, made, targets);
  await ctx.audit(exec, { action: `${ctx.path}#apply`, after: { template: id, version, batch, devices: targets.length } });
  return { answer: { batch, devices: targets.length } };
}

const previewBody = closedObject({
  method: methodField,
  id: z.number({ error: 'validation.integer' }).int().min(1),
  device_id: z.number({ error: 'validation.integer' }).int().min(1),
});

const orgVariablesBody = closedObject({ method: methodField, variables: z.string({ error: 'validation.text' }).max(20_000, 'validation.tooLong') });

/** Labels of the hand-written methods' own body fields. */
const methodLabels = {
  device_id: { zh_CN: '设备', en: 'Device' },
  variables: { zh_CN: '组织配置变量', en: 'Organisation variables' },
};

/** A template marked default for a model: no other template of its kind in the organisation is for that model. */
async function assertDefaultFree(ctx: RequestContext, exec: Executor, table: TemplateTable, model: unknown, id: number | null): Promise<void> {
  if (typeof model !== 'string' || !model) return;
  const taken = await exec.select({ id: table.id }).from(table)
    .where(and(eq(table.orgId, ctx.orgId()), eq(table.defaultModel, model), id === null ? undefined : ne(table.id, id))).limit(1);
  if (taken.length) throw new AppError(Code.VALIDATION, 'validation.defaultModelTaken', 'default_model');
}

const devicesBody = closedObject({
  method: methodField,
  id: z.number({ error: 'validation.integer' }).int().min(1),
  page: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
});

type TemplateTable = typeof apTemplates | typeof lanTemplates | typeof phoneTemplates;

/** The engine parts every template kind shares: its checks, the applied-devices count, `apply` and `devices`. */
function templateParts(kind: TemplateKind, decl: ResourceDecl, table: TemplateTable): Omit<DefineOptions, 'decl' | 'table'> {
  const count = sql<number>`(select count(*)::int from ${deviceConfigs} where ${deviceConfigs.templateKind} = ${kind} and ${deviceConfigs.templateId} = ${qualified(table.id)})`;
  return {
    tenant: { kind: 'column', column: table.orgId },
    columns: { devices: count },
    virtual: { device_ids: {}, group_id: {}, filter_model: {}, filter_online: {} },
    hooks: {
      async beforeAdd(ctx, exec, _input, values) {
        normalise(kind, values);
        await assertDefaultFree(ctx, exec, table, values.defaultModel, null);
        const now = ctx.services.now();
        Object.assign(values, { version: 1, createdBy: ctx.user().userId, createdAt: now, updatedAt: now });
      },
      async beforeUpdate(ctx, exec, id, _input, values: ColumnValues, before: WireRow) {
        normalise(kind, values);
        await assertDefaultFree(ctx, exec, table, values.defaultModel, id);
        Object.assign(values, { version: Number(before.version ?? 1) + 1, updatedAt: ctx.services.now() });
      },
    },
    actions: {
      apply: (ctx, exec, id, input) => applyTemplate(ctx, exec, kind, id, input),
    },
    methods: {
      /**
       * The configuration one device would get from this template, and where each variable's value came from.
       * A device it cannot be resolved for answers `error` (the message naming the field and the variable).
       */
      preview: method({
        access: `${decl.key}.list`,
        body: previewBody,
        readOnly: true,
        fieldLabels: methodLabels,
        async handler(ctx, input): Promise<TemplatePreview> {
          const orgId = ctx.orgId();
          const [row] = await ctx.db.select().from(table).where(and(eq(table.id, input.id), eq(table.orgId, orgId))) as AnyRow[];
          if (!row) throw new AppError(Code.NOT_FOUND, undefined, 'id');
          const [d] = await ctx.db.select({
            id: devices.id, serial: devices.serial, name: devices.name, family: devices.family, configVariables: devices.configVariables,
            groupVariables: deviceGroups.configVariables,
          }).from(devices).leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId)).where(and(eq(devices.id, input.device_id), eq(devices.orgId, orgId)));
          if (!d) throw new AppError(Code.NOT_FOUND, undefined, 'device_id');
          if (!TEMPLATE_FAMILIES[kind].includes(d.family as never)) throw new AppError(Code.VALIDATION, 'validation.templateIncompatible', 'device_id');
          const org = await orgVariables(ctx.db, orgId);
          const levels = {
            device: readVariables(d.configVariables), group: readVariables(d.groupVariables), organization: org, template: readVariables(row.variables),
          };
          const device = { id: d.id, serial: d.serial, name: d.name };
          const r = resolveForDevice(kind, row, org, d.configVariables, d.groupVariables);
          if (r.ok) return { device, config: r.config, variables: r.variables, levels, error: null };
          const e = unresolved(decl, d, r);
          return { device, config: null, variables: [], levels, error: { field: r.field, variable: r.variable ?? null, msg: appErrorMessage(e, ctx.lang) } };
        },
      }),
      /** The organisation's configuration variables (shared by every template kind). */
      org_variables: method({
        access: `${decl.key}.list`,
        body: closedObject({ method: methodField }),
        readOnly: true,
        async handler(ctx) {
          return { variables: JSON.stringify(await orgVariables(ctx.db, ctx.orgId())) };
        },
      }),
      /** Sets the organisation's configuration variables; devices get them at the next apply. */
      set_org_variables: method({
        access: `${decl.key}.update`,
        body: orgVariablesBody,
        fieldLabels: methodLabels,
        async handler(ctx, input) {
          const orgId = ctx.orgId();
          const before = await orgVariables(ctx.db, orgId);
          const text = variablesText(input.variables, 'variables');
          await ctx.db.update(organizations).set({ configVariables: text, updatedAt: ctx.services.now() }).where(eq(organizations.id, orgId));
          await ctx.audit(ctx.db, { target: orgId, before, after: JSON.parse(text) as unknown });
          return { variables: text };
        },
      }),
      /** The devices this template was last applied to, with the version each runs and its sync state. */
      devices: method({
        access: `${decl.key}.list`,
        body: devicesBody,
        readOnly: true,
        async handler(ctx, input): Promise<{ list: TemplateDeviceRow[]; total: number; page: number; size: number }> {
          const [t] = await ctx.db.select({ id: table.id }).from(table).where(and(eq(table.id, input.id), eq(table.orgId, ctx.orgId())));
          if (!t) throw new AppError(Code.NOT_FOUND, undefined, 'id');
          const where = sql`dc.template_kind = ${kind} and dc.template_id = ${input.id} and dc.org_id = ${ctx.orgId()}`;
          const [n] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from ${deviceConfigs} dc where ${where}`));
          const list = rowsOf<TemplateDeviceRow>(await ctx.db.execute(sql`
            select dc.device_id, d.serial, d.name, d.model, d.online, dc.version, d.config_version as applied_version,
              dc.sync_state as state, dc.command_id, c.result->>'msg' as msg, dc.applied_at
            from ${deviceConfigs} dc
            join ${devices} d on d.id = dc.device_id
            left join device_commands c on c.id = dc.command_id
            where ${where}
            order by dc.device_id
            limit ${input.size} offset ${(input.page - 1) * input.size}`));
          return { list: list.map((r) => ({ ...r, applied_at: new Date(r.applied_at).toISOString() })), total: n?.n ?? 0, page: input.page, size: input.size };
        },
      }),
    },
  };
}

export const apTemplateBinding = defineResource({ decl: apTemplateResource, table: apTemplates, ...templateParts('ap', apTemplateResource, apTemplates) });
export const lanTemplateBinding = defineResource({ decl: lanTemplateResource, table: lanTemplates, ...templateParts('lan', lanTemplateResource, lanTemplates) });
export const phoneTemplateBinding = defineResource({ decl: phoneTemplateResource, table: phoneTemplates, ...templateParts('phone', phoneTemplateResource, phoneTemplates) });
