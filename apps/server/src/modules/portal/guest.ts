import { eq } from 'drizzle-orm';
import { portalGuestResource } from '@gx/contract';
import { devices, portalGuestSessions } from '../../db/schema';
import { defineResource } from '../../resources/define';
import { createCommands } from '../equipment/commandBinding';

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
      const [gw] = await exec.select({ id: devices.id, online: devices.online, status: devices.status }).from(devices).where(eq(devices.id, deviceId));
      if (gw?.online === 1 && gw.status === 1) await createCommands(ctx, [{ id: gw.id, online: gw.online }], 'portal_kick', { mac }, 600, exec);
    },
  },
});
