import { eq } from 'drizzle-orm';
import { portalGuestResource } from '@gx/contract';
import { portalGuestSessions } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { kickOnGateways } from './channelGrant';

/**
 * Guests of the portal per gateway. `kick` (a transition active → kicked) stamps the end; a WiFiDog gateway learns
 * it at its next `auth` counters call (`Auth: 0`), and a gateway online on our device channel is also sent
 * `portal_kick` with the guest's MAC at once.
 */
export const portalGuestBinding = defineResource({
  decl: portalGuestResource,
  table: portalGuestSessions,
  tenant: { kind: 'column', column: portalGuestSessions.orgId },
  hooks: {
    async afterTransition(ctx, exec, id, action, before) {
      if (action !== 'kick') return;
      await exec.update(portalGuestSessions).set({ endedAt: ctx.services.now() }).where(eq(portalGuestSessions.id, id));
      const deviceId = Number(before.device_id ?? 0);
      const mac = String(before.mac ?? '');
      if (!deviceId || !mac) return;
      await kickOnGateways(ctx, exec, [deviceId], mac);
    },
  },
});
