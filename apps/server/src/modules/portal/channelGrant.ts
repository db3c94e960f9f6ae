import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { devices } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { announceAfterCommit, announceCommands, createCommands, insertCommands, type CommandDelivery } from '../equipment/commandBinding';

/**
 * How long `portal_allow` / `portal_kick` wait for a gateway that is not connected: a guest stands in front of it
 * now, and a gateway that comes back later has forgotten its guests anyway (it asks them to sign in again).
 */
export const PORTAL_COMMAND_TTL_S = 600;

export interface ChannelGateway { id: number; online: number }
export interface PortalAllow { mac: string; minutes: number; up_kbps: number; down_kbps: number }

/**
 * Queues `portal_allow` for a guest behind one of our gateways in the sign-in's transaction; published once it
 * commits (DESIGN §6 commands: persisted, sent now if the gateway is connected, else at its next hello).
 */
export async function allowOnChannel(ctx: RequestContext, exec: Executor, orgId: number, gw: ChannelGateway, allow: PortalAllow): Promise<void> {
  const who = { orgId, userId: ctx.principal?.userId ?? null, now: ctx.services.now() };
  const { made } = await insertCommands(exec, who, [gw], 'portal_allow', { ...allow }, PORTAL_COMMAND_TTL_S);
  announceAfterCommit(ctx, who, made, [gw]);
}

/** `portal_kick` from the server's own work (a quota reached on `up/portal`), outside any request. */
export async function kickOnChannel(exec: Executor, delivery: CommandDelivery, orgId: number, gw: ChannelGateway, mac: string, now: Date): Promise<void> {
  const who = { orgId, userId: null, now };
  const { made } = await insertCommands(exec, who, [gw], 'portal_kick', { mac }, PORTAL_COMMAND_TTL_S);
  await announceCommands(delivery, orgId, made, [gw], now);
}

/**
 * `portal_kick` for `mac`, from a person's request, to those of the gateways that are enabled and online on our device
 * channel (`orgId`: only the organisation's). A WiFiDog gateway learns of a kick at its next counters call instead.
 */
export async function kickOnGateways(ctx: RequestContext, exec: Executor, gatewayIds: number[], mac: string, orgId?: number): Promise<void> {
  if (!gatewayIds.length) return;
  const gws = await exec.select({ id: devices.id, online: devices.online, status: devices.status }).from(devices)
    .where(and(inArray(devices.id, gatewayIds), orgId === undefined ? undefined : eq(devices.orgId, orgId)));
  const live = gws.filter((gw) => gw.online === 1 && gw.status === 1);
  if (live.length) await createCommands(ctx, live, 'portal_kick', { mac }, PORTAL_COMMAND_TTL_S, exec);
}
