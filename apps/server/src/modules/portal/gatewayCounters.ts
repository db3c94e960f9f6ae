import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { portalCountersPayload, type PortalCounters } from '@gx/contract';
import type { Executor } from '../../db/client';
import { portalGuestSessions } from '../../db/schema';
import type { EndpointDeps } from '../../http/endpoint';
import type { CommandDelivery } from '../equipment/commandBinding';
import type { HeardDevice } from '../equipment/channel/deviceChannel';
import { kickOnChannel } from './channelGrant';
import { countersUpdate, endIfIdle, endIfOverQuota } from './quota';
import { settingsFor } from './settings';

/**
 * `dev/<serial>/up/portal` (docs/device-protocol.md): our gateways report their guests' traffic. Each active session
 * of that gateway and MAC keeps the larger of stored and reported bytes (a repeated or reordered report changes
 * nothing); a guest whose user has now reached a daily quota is ended (`quota`), as is one whose traffic has not
 * grown for the idle timeout (`idle`), and the gateway gets `portal_kick`.
 * A MAC without an active session here is ignored: nothing of another gateway or organisation is touched.
 */
export async function recordGatewayCounters(db: Executor, delivery: CommandDelivery, device: HeardDevice, body: PortalCounters, now: Date): Promise<void> {
  const s = portalGuestSessions;
  for (const c of body.clients) {
    const mac = c.mac.toUpperCase();
    const rows = await db.update(s).set({ ...countersUpdate(c.incoming, c.outgoing, now), lastSeenAt: now }).where(and(eq(s.orgId, device.orgId), eq(s.deviceId, device.id), eq(s.mac, mac), eq(s.state, 'active')))
      .returning({ id: s.id, orgId: s.orgId, place: s.place, kind: s.kind, identity: s.identity, mac: s.mac });
    for (const row of rows) {
      const settings = await settingsFor(db, row.orgId, row.place);
      const ended = settings && (await endIfOverQuota(db, row, settings, now) || await endIfIdle(db, row.id, settings.idleMinutes, now));
      if (ended) await kickOnChannel(db, delivery, row.orgId, { id: device.id, online: 1 }, mac, now);
    }
  }
}

/**
 * Hands `up/portal` of the device channel (the equipment area's) to the portal. Registered once the app is ready:
 * the equipment area, which owns the channel, is set up after this one.
 */
export function registerGatewayCounters(app: FastifyInstance, deps: EndpointDeps): void {
  app.addHook('onReady', async () => {
    const channel = app.deviceChannel;
    channel.onUp('portal', portalCountersPayload, (device, body, now) => recordGatewayCounters(deps.database.db, channel, device, body, now));
  });
}
