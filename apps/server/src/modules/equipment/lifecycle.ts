import { randomInt } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CLAIM_LIFECYCLE, Code, DEFAULT_SERVICE_MONTHS, SHARE_LIFECYCLE, STOCK_LIFECYCLE, TRANSFER_LIFECYCLE, canStep, deviceAuditResource,
  deviceShareResource, deviceTransferResource, stepOf, type LifecycleSide, type StateMachine,
} from '@gx/contract';
import { deviceClaims, deviceModels, deviceShares, deviceStock, deviceTransfers, devices, organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { isPlatformOperator } from '../../resources/scope';
import { qualified } from '../../resources/sqlRef';
import type { WireRow } from '../../resources/types';
import { assignDefaultTemplates } from './defaultTemplates';
import { issueTransferLink } from './transferLink';

/**
 * The device lifecycle on the server: claim (serial + authorization number) → review (agree / reject) → managed;
 * transfer with the receiving side's acceptance; read-only shares; renewal; unbinding back to the warehouse. Every
 * move is checked against the contract's state machines (`STOCK_LIFECYCLE`, `CLAIM_LIFECYCLE`, …) and runs inside
 * the call's transaction with its operation-log entry.
 */

const AUTH_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A fresh authorization number: 12 characters without 0/O/1/I, about 60 bits. */
export function newAuthorizationNumber(): string {
  return Array.from({ length: 12 }, () => AUTH_ALPHABET[randomInt(AUTH_ALPHABET.length)]).join('');
}

/** Refuses a move the machine does not have from `current` (1007 naming `state`). */
export function assertStep(machine: StateMachine<string>, action: string, current: unknown): void {
  if (!canStep(machine, action, String(current))) throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'state');
}

/** Refuses a step taken by the wrong side (1003): the receiving organisation accepts, the owner withdraws. */
function assertSide(ctx: RequestContext, machine: StateMachine<string>, action: string, row: WireRow, owner: string, receiver?: string): void {
  const by: LifecycleSide | undefined = stepOf(machine, action)?.by;
  if (!by) return;
  if (by === 'platform' && !isPlatformOperator(ctx.user())) throw new AppError(Code.FORBIDDEN, 'validation.platformAction');
  const org = ctx.orgId();
  if (by === 'owner' && row[owner] !== org) throw new AppError(Code.FORBIDDEN, 'validation.lifecycleSide', 'state');
  if (by === 'receiver' && receiver && row[receiver] !== org) throw new AppError(Code.FORBIDDEN, 'validation.lifecycleSide', 'state');
}

/** An enabled organisation other than the caller's, or 1006 / 1001 naming `field`. */
export async function otherOrganization(ctx: RequestContext, exec: Executor, id: number, field: string): Promise<number> {
  const [o] = await exec.select({ id: organizations.id, status: organizations.status }).from(organizations).where(eq(organizations.id, id));
  if (!o || o.status !== 1) throw new AppError(Code.NOT_FOUND, 'validation.organizationUnknown', field);
  if (o.id === ctx.orgId()) throw new AppError(Code.VALIDATION, 'validation.sameOrganization', field);
  return o.id;
}

function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCMonth(d.getUTCMonth() + months);
  // 31 January + 1 month is the last day of February, not 3 March.
  if (d.getUTCDate() < day) d.setUTCDate(0);
  return d;
}

/** A service term `months` long from the later of its current end and now. */
export function renewedEnd(current: Date | null, now: Date, months: number): Date {
  return addMonths(current && current > now ? current : now, months);
}

export const claimBody = z.object({
  method: z.literal('claim'),
  serial: z.string({ error: 'validation.serial' }).trim().regex(/^[A-Za-z0-9_-]{3,64}$/, 'validation.serial'),
  authorization_number: z.string({ error: 'validation.authorizationNumber' }).trim().toUpperCase()
    .regex(/^[A-Z0-9]{8,32}$/, 'validation.authorizationNumber'),
}).strict();

/**
 * `binding` `claim`: the caller's organisation claims a unit in stock by its serial and authorization number. An
 * unknown serial and a wrong number answer alike (1001 naming `authorization_number`), so serials cannot be probed;
 * a unit already claimed or bound answers 1007 naming `serial`. The claim waits for review in `/admin/device/audit`.
 */
export async function claimUnit(ctx: RequestContext, input: z.output<typeof claimBody>): Promise<WireRow> {
  const exec = ctx.db;
  const [unit] = await exec.select().from(deviceStock).where(eq(deviceStock.serial, input.serial)).for('update');
  if (!unit || unit.authorizationNumber !== input.authorization_number) {
    throw new AppError(Code.VALIDATION, 'validation.authorizationMismatch', 'authorization_number');
  }
  if (!canStep(STOCK_LIFECYCLE, 'claim', unit.state)) throw new AppError(Code.CONFLICT, 'validation.deviceTaken', 'serial');
  const now = ctx.services.now();
  const orgId = ctx.orgId();
  await exec.update(deviceStock).set({ state: stepOf(STOCK_LIFECYCLE, 'claim')!.to, orgId, claimedAt: now }).where(eq(deviceStock.id, unit.id));
  const [claim] = await exec.insert(deviceClaims).values({
    orgId, stockId: unit.id, serial: unit.serial, family: unit.family, modelId: unit.modelId, createdBy: ctx.user().userId, createdAt: now,
  }).returning();
  const answer = { id: claim!.id, serial: unit.serial, family: unit.family, state: claim!.state };
  await ctx.audit(exec, { target: claim!.id, after: answer });
  return answer;
}

/** The unit behind a claim, locked; a claim whose unit moved on (another path) is refused like a wrong state. */
async function unitOf(exec: Executor, stockId: number) {
  const [unit] = await exec.select().from(deviceStock).where(eq(deviceStock.id, stockId)).for('update');
  if (!unit) throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'state');
  return unit;
}

/** Review of claims: the platform agrees (the device joins the claimant, managed) or rejects with a reason. */
export const deviceAuditBinding = defineResource({
  decl: deviceAuditResource,
  table: deviceClaims,
  tenant: { kind: 'column', column: deviceClaims.orgId },
  hooks: {
    async guard(ctx, _exec, _id, operation, before) {
      if (!stepOf(CLAIM_LIFECYCLE, operation)) return;
      assertSide(ctx, CLAIM_LIFECYCLE, operation, before, 'org_id');
      assertStep(CLAIM_LIFECYCLE, operation, before.state);
    },
    async afterTransition(ctx, exec, id, action, before) {
      const now = ctx.services.now();
      await exec.update(deviceClaims).set({ reviewedBy: ctx.user().userId, reviewedAt: now }).where(eq(deviceClaims.id, id));
      const [claim] = await exec.select().from(deviceClaims).where(eq(deviceClaims.id, id));
      const unit = await unitOf(exec, claim!.stockId);
      if (action === 'cancel') {
        assertStep(STOCK_LIFECYCLE, 'cancel', unit.state);
        await exec.update(deviceStock).set({ state: stepOf(STOCK_LIFECYCLE, 'cancel')!.to, orgId: null, claimedAt: null }).where(eq(deviceStock.id, unit.id));
        return;
      }
      if (action !== 'agree') return;
      assertStep(STOCK_LIFECYCLE, 'agree', unit.state);
      const [taken] = await exec.select({ id: devices.id }).from(devices).where(eq(devices.serial, unit.serial));
      if (taken) throw new AppError(Code.CONFLICT, 'validation.deviceTaken', 'serial');
      const [model] = await exec.select({ code: deviceModels.code }).from(deviceModels).where(eq(deviceModels.id, unit.modelId));
      const [device] = await exec.insert(devices).values({
        orgId: Number(before.org_id), serial: unit.serial, family: unit.family, model: model?.code ?? '', modelId: unit.modelId,
        mac: unit.mac, hw: unit.hw, secretHash: unit.secretHash, serviceStart: now, serviceEnd: renewedEnd(null, now, DEFAULT_SERVICE_MONTHS),
      }).returning({ id: devices.id });
      await exec.update(deviceStock).set({ state: stepOf(STOCK_LIFECYCLE, 'agree')!.to, deviceId: device!.id, boundAt: now }).where(eq(deviceStock.id, unit.id));
      await assignDefaultTemplates(ctx, exec, Number(before.org_id), [device!.id]);
      // A secret changed while the unit sat in stock (a new provisioning export) is picked up at the next connect.
      const serial = unit.serial;
      ctx.afterCommit(() => ctx.req.server.deviceChannel.forget(serial));
    },
  },
  actions: {
    async reject(ctx, exec, id, input) {
      const step = stepOf(CLAIM_LIFECYCLE, 'reject')!;
      const now = ctx.services.now();
      await exec.update(deviceClaims).set({ state: step.to, reason: String(input.reason), reviewedBy: ctx.user().userId, reviewedAt: now })
        .where(eq(deviceClaims.id, id));
      const [claim] = await exec.select({ stockId: deviceClaims.stockId }).from(deviceClaims).where(eq(deviceClaims.id, id));
      const unit = await unitOf(exec, claim!.stockId);
      assertStep(STOCK_LIFECYCLE, 'reject', unit.state);
      await exec.update(deviceStock).set({ state: stepOf(STOCK_LIFECYCLE, 'reject')!.to, orgId: null, claimedAt: null }).where(eq(deviceStock.id, unit.id));
    },
  },
});

/** Transfers: both organisations see the row; the receiver accepts or declines, the sender may withdraw. */
export const deviceTransferBinding = defineResource({
  decl: deviceTransferResource,
  table: deviceTransfers,
  tenant: { kind: 'custom', where: (orgId) => or(eq(deviceTransfers.fromOrgId, orgId), eq(deviceTransfers.toOrgId, orgId))! },
  hooks: {
    async guard(ctx, _exec, _id, operation, before) {
      if (operation === 'link') {
        // A new link is the sender's to hand out, while the offer waits.
        if (before.from_org_id !== ctx.orgId()) throw new AppError(Code.FORBIDDEN, 'validation.lifecycleSide', 'state');
        if (before.state !== 'pending') throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'state');
        return;
      }
      if (!stepOf(TRANSFER_LIFECYCLE, operation)) return;
      assertSide(ctx, TRANSFER_LIFECYCLE, operation, before, 'from_org_id', 'to_org_id');
    },
    async afterTransition(ctx, exec, id, action) {
      const now = ctx.services.now();
      await exec.update(deviceTransfers).set({ decidedBy: ctx.user().userId, decidedAt: now }).where(eq(deviceTransfers.id, id));
      if (action !== 'accept') return;
      const [t] = await exec.select().from(deviceTransfers).where(eq(deviceTransfers.id, id));
      const [d] = await exec.select({ orgId: devices.orgId, serial: devices.serial }).from(devices).where(eq(devices.id, t!.deviceId)).for('update');
      // The device left the sender some other way while the offer waited (unbound, transferred): nothing to accept.
      if (!d || d.orgId !== t!.fromOrgId) throw new AppError(Code.CONFLICT, 'validation.stateTransition', 'state');
      await exec.update(devices).set({ orgId: t!.toOrgId, updatedAt: now }).where(eq(devices.id, t!.deviceId));
      await exec.update(deviceStock).set({ orgId: t!.toOrgId }).where(eq(deviceStock.deviceId, t!.deviceId));
      // Shares were the sender's to give; they end with its ownership.
      await exec.update(deviceShares).set({ state: stepOf(SHARE_LIFECYCLE, 'revoke')!.to, updatedAt: now })
        .where(and(eq(deviceShares.deviceId, t!.deviceId), eq(deviceShares.state, 'active')));
      const serial = d.serial;
      ctx.afterCommit(() => ctx.req.server.deviceChannel.forget(serial));
    },
  },
  actions: {
    /** A fresh receiving link for a waiting offer, answered once (the one sent before stops working). */
    link: async (_ctx, exec, id) => ({ answer: { link_token: await issueTransferLink(exec, id) } }),
  },
});

const liveOf = (col: string) => sql.raw(col);
const deviceFact = (col: string) =>
  sql`(select ${liveOf(`d.${col}`)} from devices d where d.id = ${qualified(deviceShares.deviceId)} and ${qualified(deviceShares.state)} = 'active')`;

/** Read-only shares: the receiver sees the device's presence and firmware while the share is active. */
export const deviceShareBinding = defineResource({
  decl: deviceShareResource,
  table: deviceShares,
  tenant: { kind: 'custom', where: (orgId) => or(eq(deviceShares.fromOrgId, orgId), eq(deviceShares.toOrgId, orgId))! },
  columns: {
    model: deviceFact('model'),
    fw: deviceFact('fw'),
    online: deviceFact('online'),
    last_seen_at: deviceFact('last_seen_at'),
  },
  hooks: {
    async guard(ctx, _exec, _id, operation, before) {
      if (!stepOf(SHARE_LIFECYCLE, operation)) return;
      assertSide(ctx, SHARE_LIFECYCLE, operation, before, 'from_org_id', 'to_org_id');
    },
  },
});

/**
 * `binding` `transfer`: offers the device to another organisation; it stays here until they accept. Answers the
 * offer's link token (`/authorizedtoreceive?token=…`), shown to the sender once.
 */
export async function offerTransfer(ctx: RequestContext, exec: Executor, id: number, toOrgId: number, before: WireRow): Promise<string> {
  const to = await otherOrganization(ctx, exec, toOrgId, 'to_org_id');
  const [pending] = await exec.select({ id: deviceTransfers.id }).from(deviceTransfers)
    .where(and(eq(deviceTransfers.deviceId, id), eq(deviceTransfers.state, 'pending')));
  if (pending) throw new AppError(Code.CONFLICT, 'validation.transferPending', 'id');
  const [made] = await exec.insert(deviceTransfers).values({
    deviceId: id, serial: String(before.serial), family: String(before.family), fromOrgId: ctx.orgId(), toOrgId: to, createdBy: ctx.user().userId,
    createdAt: ctx.services.now(),
  }).returning({ id: deviceTransfers.id });
  return issueTransferLink(exec, made!.id);
}

/** `binding` `share`: the other organisation sees the device read-only until the owner revokes. */
export async function shareDevice(ctx: RequestContext, exec: Executor, id: number, toOrgId: number, before: WireRow): Promise<void> {
  const to = await otherOrganization(ctx, exec, toOrgId, 'to_org_id');
  const [active] = await exec.select({ id: deviceShares.id }).from(deviceShares)
    .where(and(eq(deviceShares.deviceId, id), eq(deviceShares.toOrgId, to), eq(deviceShares.state, 'active')));
  if (active) throw new AppError(Code.CONFLICT, 'validation.alreadyShared', 'to_org_id');
  await exec.insert(deviceShares).values({
    deviceId: id, serial: String(before.serial), family: String(before.family), fromOrgId: ctx.orgId(), toOrgId: to, createdBy: ctx.user().userId,
    createdAt: ctx.services.now(),
  });
}

/**
 * A registry row leaving its organisation for good (unbind, or a remove of a claimed device): its unit returns to
 * stock with the device's current secret, so it connects again once claimed anew. False when the device was added
 * directly and has no unit.
 */
export async function returnToStock(exec: Executor, id: number): Promise<boolean> {
  const [unit] = await exec.select().from(deviceStock).where(eq(deviceStock.deviceId, id)).for('update');
  if (!unit) return false;
  assertStep(STOCK_LIFECYCLE, 'unbind', unit.state);
  const [d] = await exec.select({ secretHash: devices.secretHash }).from(devices).where(eq(devices.id, id));
  await exec.update(deviceStock).set({
    state: stepOf(STOCK_LIFECYCLE, 'unbind')!.to, orgId: null, deviceId: null, claimedAt: null, boundAt: null, secretHash: d!.secretHash,
  }).where(eq(deviceStock.id, unit.id));
  return true;
}

/**
 * `binding` `unbind`: a device claimed from the warehouse returns to stock; its registry row goes with its commands,
 * events, transfers and shares. A device added directly has no unit to return to (1007): it is deleted instead.
 */
export async function unbindDevice(ctx: RequestContext, exec: Executor, id: number): Promise<void> {
  if (!await returnToStock(exec, id)) throw new AppError(Code.CONFLICT, 'validation.notWarehouseUnit', 'id');
  await exec.delete(devices).where(and(eq(devices.id, id), eq(devices.orgId, ctx.orgId())));
}

export const claimMethod = method({
  access: 'device.binding.claim',
  body: claimBody,
  fieldLabels: { authorization_number: { zh_CN: '授权码', en: 'Authorization number' } },
  handler: (ctx, input) => claimUnit(ctx, input),
});
