import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  COMMAND_DEFAULT_TTL_S, COMMAND_MAX_TTL_S, COMMAND_NAMES, COMMAND_RESULT_TIMEOUT_S, DEVICE_FAMILIES, commandParams, deviceCommandResource,
  deviceEventResource, type CommandName,
} from '@gx/contract';
import { deviceCommands, deviceEvents, devices } from '../../db/schema';
import { method } from '../../http/endpoint';
import type { RequestContext } from '../../http/context';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { Code } from '@gx/contract';
import { defineResource } from '../../resources/define';
import type { Bus } from '../../live/bus';
import { publishCommand } from './commandState';

/** Most devices one send reaches (ids or a filter). */
export const SEND_MAX = 10_000;

const sendBody = z.object({
  method: z.literal('send'),
  ids: z.array(z.number().int().min(1)).min(1).max(SEND_MAX).optional(),
  filter: z.object({
    family: z.enum(DEVICE_FAMILIES).optional(),
    online: z.union([z.literal(0), z.literal(1)]).optional(),
    serial: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.serial').optional(),
  }).strict().optional(),
  name: z.enum(COMMAND_NAMES as [CommandName, ...CommandName[]]),
  params: z.record(z.string(), z.unknown()).default({}),
  ttl_s: z.number().int().min(1).max(COMMAND_MAX_TTL_S).default(COMMAND_DEFAULT_TTL_S),
  /** Result deadline from now; default `ttl_s` + COMMAND_RESULT_TIMEOUT_S. */
  timeout_s: z.number().int().min(1).max(COMMAND_MAX_TTL_S + COMMAND_RESULT_TIMEOUT_S).optional(),
}).strict().superRefine((b, ctx) => {
  if (!b.ids === !b.filter) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.deviceTarget' });
  const p = commandParams[b.name].safeParse(b.params);
  if (!p.success) {
    for (const i of p.error.issues) ctx.addIssue({ code: 'custom', path: ['params', ...i.path.map(String)], message: i.message.startsWith('validation.') ? i.message : 'validation.commandParams' });
  }
});

/** Who issues commands, for whom and when: a caller's request, or the timed-task runner acting for a task. */
export interface Issuer {
  orgId: number;
  userId: number | null;
  now: Date;
}

/** The caller as the issuer, for its own organisation unless it acts for another. */
export function issuerOf(ctx: RequestContext, orgId: number = ctx.orgId()): Issuer {
  return { orgId, userId: ctx.user().userId, now: ctx.services.now() };
}

/** What the device channel lends whoever issues commands: the live bus and delivery to connected devices. */
export interface CommandDelivery {
  bus: Bus;
  dispatchToConnected(targets: { id: number; online: number }[]): Promise<void>;
}

/** Inserts one queued command per device in `exec` (the caller's transaction); announce them once it commits. */
export async function insertCommands(
  exec: Executor, who: Issuer, targets: { id: number }[], name: CommandName, params: Record<string, unknown>,
  ttlS = COMMAND_DEFAULT_TTL_S, timeoutS?: number,
): Promise<{ batch: string; made: { id: number; deviceId: number }[] }> {
  const { orgId, now } = who;
  const batch = randomBytes(8).toString('hex');
  const expiresAt = new Date(now.getTime() + ttlS * 1000);
  const deadlineAt = timeoutS !== undefined ? new Date(now.getTime() + timeoutS * 1000) : null;
  const made: { id: number; deviceId: number }[] = [];
  for (let i = 0; i < targets.length; i += 1000) {
    made.push(...await exec.insert(deviceCommands).values(targets.slice(i, i + 1000).map((d) => ({
      orgId, deviceId: d.id, name, params, batch, expiresAt, deadlineAt, createdBy: who.userId, createdAt: now,
    }))).returning({ id: deviceCommands.id, deviceId: deviceCommands.deviceId }));
  }
  return { batch, made };
}

/** After commit: tells the console of the queued commands and publishes them to the devices that are connected. */
export async function announceCommands(
  delivery: CommandDelivery, orgId: number, made: readonly { id: number; deviceId: number }[], targets: { id: number; online: number }[], now: Date,
): Promise<void> {
  for (const c of made) publishCommand(delivery.bus, { id: c.id, orgId, deviceId: c.deviceId, state: 'queued', progress: null }, now);
  // Offline devices get theirs when they say hello again.
  await delivery.dispatchToConnected(targets);
}

/**
 * Creates one queued command per device and, once committed, tells the console and publishes it to the devices
 * that are connected (the others get theirs at their next hello). Answers the batch and the commands. `orgId` is
 * the devices' organisation: the caller's, unless it acts for another (a platform reviewer approving a claim).
 */
export async function createCommands(
  ctx: RequestContext, targets: { id: number; online: number }[], name: CommandName, params: Record<string, unknown>,
  ttlS = COMMAND_DEFAULT_TTL_S, exec: Executor = ctx.db, timeoutS?: number, orgId: number = ctx.orgId(),
): Promise<{ batch: string; made: { id: number; deviceId: number }[] }> {
  const who = issuerOf(ctx, orgId);
  const res = await insertCommands(exec, who, targets, name, params, ttlS, timeoutS);
  announceAfterCommit(ctx, who, res.made, targets);
  return res;
}

/** Once the request's transaction commits: announces commands made in it and delivers them (announceCommands). */
export function announceAfterCommit(
  ctx: RequestContext, who: Issuer, made: readonly { id: number; deviceId: number }[], targets: { id: number; online: number }[],
): void {
  const channel = ctx.req.server.deviceChannel;
  ctx.afterCommit(() => {
    announceCommands(channel, who.orgId, made, targets, who.now).catch((err: unknown) => ctx.req.log.error({ err }, 'command dispatch failed'));
  });
}

/** Which devices a command goes to: ids and/or a filter, as `send` and timed tasks take them. */
export interface CommandTargetSelection {
  ids?: readonly number[];
  family?: string | null;
  model?: string | null;
  online?: 0 | 1 | null;
  /** A serial prefix, case-insensitive. */
  serial?: string | null;
}

/**
 * The enabled devices of the organisation a selection names, by id, at most SEND_MAX + 1 of them (so the caller can
 * tell "too many"); each caller decides what an empty or short answer means.
 */
export function selectCommandTargets(exec: Executor, orgId: number, sel: CommandTargetSelection) {
  const where: SQL[] = [eq(devices.orgId, orgId), eq(devices.status, 1)];
  if (sel.ids?.length) where.push(inArray(devices.id, [...sel.ids]));
  if (sel.family) where.push(eq(devices.family, sel.family));
  if (sel.model) where.push(eq(devices.model, sel.model));
  if (sel.online !== undefined && sel.online !== null) where.push(eq(devices.online, sel.online));
  if (sel.serial) where.push(sql`lower(${devices.serial}) like ${`${sel.serial.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return exec.select({ id: devices.id, serial: devices.serial, online: devices.online }).from(devices)
    .where(and(...where)).orderBy(asc(devices.id)).limit(SEND_MAX + 1);
}

/** Persisted commands: listed and canceled through the engine; `send` makes one per device and delivers to the online ones. */
export const deviceCommandBinding = defineResource({
  decl: deviceCommandResource,
  table: deviceCommands,
  tenant: { kind: 'column', column: deviceCommands.orgId },
  hooks: {
    async afterTransition(ctx, _exec, id, action, before) {
      if (action !== 'cancel') return;
      const at = ctx.services.now();
      const c = { id, orgId: ctx.orgId(), deviceId: Number(before.device_id), state: 'canceled' as const, progress: null };
      ctx.afterCommit(() => publishCommand(ctx.req.server.deviceChannel.bus, c, at));
    },
  },
  methods: {
    send: method({
      access: 'device.command.send',
      body: sendBody,
      fieldLabels: {
        ttl_s: { zh_CN: '有效期（秒）', en: 'Time to live (s)' },
        timeout_s: { zh_CN: '结果时限（秒）', en: 'Result deadline (s)' },
      },
      async handler(ctx, input) {
        const targets = await selectCommandTargets(ctx.db, ctx.orgId(), { ids: input.ids, ...input.filter });
        if (input.ids && targets.length !== new Set(input.ids).size) throw new AppError(Code.NOT_FOUND, undefined, 'ids');
        if (!targets.length) throw new AppError(Code.NOT_FOUND, undefined, 'filter');
        if (targets.length > SEND_MAX) throw new AppError(Code.VALIDATION, 'validation.tooMany', 'filter');
        const { batch, made } = await createCommands(ctx, targets, input.name, input.params, input.ttl_s, ctx.db, input.timeout_s);
        await ctx.audit(ctx.db, { action: `${ctx.path}#send`, after: { name: input.name, params: input.params, batch, devices: targets.length } });
        const bySerial = new Map(targets.map((d) => [d.id, d.serial]));
        return { batch, list: made.map((c) => ({ id: c.id, device_id: c.deviceId, serial: bySerial.get(c.deviceId), state: 'queued' })) };
      },
    }),
  },
});

/** The device event log: read-only, written by devices and by the channel. */
export const deviceEventBinding = defineResource({
  decl: deviceEventResource,
  table: deviceEvents,
  tenant: { kind: 'column', column: deviceEvents.orgId },
});
