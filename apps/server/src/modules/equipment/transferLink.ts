import { and, eq } from 'drizzle-orm';
import {
  Code, TransferLinkApi, transferLinkResolveBody, transferLinkSummaryBody, type TransferLinkResolution, type TransferLinkSummary, type TransferState,
} from '@gx/contract';
import { deviceModels, deviceTransfers, devices, orgMembers, organizations } from '../../db/schema';
import type { Executor } from '../../db/client';
import { hashToken, newToken } from '../../auth/token';
import { countFailure } from '../../auth/throttle';
import { method, type EndpointSpec } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import type { RequestContext } from '../../http/context';
import { PUBLIC_QUERY_LIMITS, admitQuery, assertUnder } from '../portal/limits';

/**
 * A fresh link token for a transfer offer: only its hash is kept, so the sender sees it once; issuing another
 * (the row's `link`) replaces it, and the link sent before stops working.
 */
export async function issueTransferLink(exec: Executor, transferId: number): Promise<string> {
  const token = newToken();
  await exec.update(deviceTransfers).set({ linkHash: hashToken(token) }).where(eq(deviceTransfers.id, transferId));
  return token;
}

/** The rate-limit target of a token: part of its hash, so the counters never hold a usable token. */
const targetOf = (token: string) => hashToken(token).slice(0, 32);

/**
 * Signed-in look-ups are counted per user and per IP like the public ones, without the captcha (the session already
 * names who asks): beyond the maximum, 1010 until the window passes.
 */
export async function admitSignedLookup(ctx: RequestContext, scope: string): Promise<void> {
  const now = ctx.services.now();
  const L = PUBLIC_QUERY_LIMITS;
  const counters = [{ key: `${scope}:u:${ctx.user().userId}`, max: L.maxPerIp }, { key: `${scope}:ip:${ctx.ip}`, max: L.maxPerIp }];
  await assertUnder(ctx.db, counters, now, L.windowSeconds);
  await countFailure(ctx.db, counters, now, L.windowSeconds);
}

/**
 * `/authorizedtoreceive?token=…`: `summary` tells anyone holding the link what is offered (serial, model, family,
 * the sender's name, state, offer date — nothing else), limited per IP and per token with the captcha after the free
 * queries; an unknown token answers `{found: false}`, the same however it is wrong. `resolve` tells a signed-in
 * user which transfer it is and where their current organisation stands, so the page can call the transfer's own
 * `accept` / `decline` (same state machine, same hooks, same log) — there is no second way to accept.
 */
export const transferLinkEndpoint: EndpointSpec = {
  path: TransferLinkApi.path,
  methods: {
    summary: method({
      access: 'public', body: transferLinkSummaryBody, readOnly: true,
      async handler(ctx, input): Promise<TransferLinkSummary> {
        await admitQuery(ctx, 'tlink', targetOf(input.token), input.code);
        const [row] = await ctx.db.select({
          serial: deviceTransfers.serial, family: deviceTransfers.family, state: deviceTransfers.state, createdAt: deviceTransfers.createdAt,
          fromOrg: organizations.name, modelCode: devices.model, modelName: deviceModels.name,
        }).from(deviceTransfers)
          .innerJoin(organizations, eq(organizations.id, deviceTransfers.fromOrgId))
          .innerJoin(devices, eq(devices.id, deviceTransfers.deviceId))
          .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
          .where(eq(deviceTransfers.linkHash, hashToken(input.token)));
        if (!row) return { found: false };
        return {
          found: true, serial: row.serial, model: row.modelName || row.modelCode, family: row.family, from_org: row.fromOrg,
          state: row.state as TransferState, offered_at: row.createdAt.toISOString(),
        };
      },
    }),
    resolve: method({
      access: 'user', body: transferLinkResolveBody, readOnly: true,
      async handler(ctx, input): Promise<TransferLinkResolution> {
        await admitSignedLookup(ctx, 'tlinku');
        const [t] = await ctx.db.select({ id: deviceTransfers.id, state: deviceTransfers.state, fromOrgId: deviceTransfers.fromOrgId, toOrgId: deviceTransfers.toOrgId })
          .from(deviceTransfers).where(eq(deviceTransfers.linkHash, hashToken(input.token)));
        if (!t) throw new AppError(Code.NOT_FOUND, 'validation.linkUnknown', 'token');
        const current = ctx.user().orgId;
        const side = current === t.toOrgId ? 'receiver' : current === t.fromOrgId ? 'sender' : 'other';
        const [member] = await ctx.db.select({ id: organizations.id, name: organizations.name }).from(orgMembers)
          .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
          .where(and(eq(orgMembers.orgId, t.toOrgId), eq(orgMembers.userId, ctx.user().userId), eq(organizations.status, 1)));
        return { transfer_id: t.id, state: t.state as TransferState, side, receiver: member ?? null };
      },
    }),
  },
};
