import type { EventLevel } from '@gx/contract';
import type { Executor } from '../../db/client';
import { deviceEvents } from '../../db/schema';
import type { Bus } from '../../live/bus';

export interface EventTarget { id: number; orgId: number }
export interface DeviceEvent { device: EventTarget; level: EventLevel; code: string; msg: string; at: Date }

/** Rows per INSERT: 6 parameters each stays well under PostgreSQL's 65,535. */
const CHUNK = 2000;

/** Appends to a device's event log and tells the console streams. */
export async function logDeviceEvent(exec: Executor, bus: Bus, device: EventTarget, level: EventLevel, code: string, msg: string, at: Date): Promise<void> {
  await logDeviceEvents(exec, bus, [{ device, level, code, msg, at }]);
}

/** Many events in one INSERT per chunk (a thousand devices coming online at once cost one statement). */
export async function logDeviceEvents(exec: Executor, bus: Bus, events: DeviceEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += CHUNK) {
    const part = events.slice(i, i + CHUNK);
    const rows = await exec.insert(deviceEvents)
      .values(part.map((e) => ({ orgId: e.device.orgId, deviceId: e.device.id, level: e.level, code: e.code, msg: e.msg.slice(0, 1024), createdAt: e.at })))
      .returning({ id: deviceEvents.id });
    // A multi-row INSERT … RETURNING answers in the order of its VALUES.
    rows.forEach((row, j) => {
      const e = part[j];
      if (e) bus.publish({ type: 'event', org_id: e.device.orgId, id: row.id, device_id: e.device.id, level: e.level, code: e.code, at: e.at.toISOString() });
    });
  }
}
