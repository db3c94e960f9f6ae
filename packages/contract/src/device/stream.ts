import type { CommandState } from './commandStates';
import type { EventLevel } from './protocol';
import type { AlarmSeverity, AlarmState } from './alarms';

/**
 * The console's live stream (`GET /v3/stream`, Server-Sent Events, `Authorization: Bearer`): one JSON message per
 * event, each scoped to what the signed-in user may see.
 */
export const STREAM_PATH = '/v3/stream';

/**
 * The resource lists the stream's messages move, by key: the console refreshes them and the server checks their
 * permissions. Plain keys, so the console's first load need not import the resources' declarations (and their
 * schemas, and zod); `stream.test.ts` checks each against its declaration.
 */
export const STREAM_LISTS = {
  device: 'device.binding',
  command: 'device.command',
  event: 'device.event',
  campaign: 'upgrade.campaign',
  alarm: 'device.alarm',
  workOrder: 'business.work_order',
  suggestion: 'oa.suggestion',
  scene: 'device.gateway_scene',
  templates: ['device.ap_template', 'device.lan_template', 'device.phone_template'],
} as const;

export type StreamMessage =
  | { type: 'device'; org_id: number; id: number; serial: string; online: 0 | 1; at: string }
  | { type: 'command'; org_id: number; id: number; device_id: number; state: CommandState; progress: number | null; at: string }
  | { type: 'event'; org_id: number; id: number; device_id: number; level: EventLevel; code: string; at: string }
  /** New telemetry of these devices is stored (one message per organisation per write; `ids` empty: too many to name). */
  | { type: 'telemetry'; org_id: number; ids: number[]; at: string }
  /** An upgrade campaign changed state or released a batch (its targets' commands arrive as `command`). */
  | { type: 'campaign'; org_id: number; id: number; state: string; at: string }
  /** An alarm was raised, acknowledged or cleared (users holding `device.alarm.list`). */
  | { type: 'alarm'; org_id: number; id: number; device_id: number; severity: AlarmSeverity; state: AlarmState; at: string }
  /** A work order arrived or moved (created, a step, a comment or a photo). */
  | { type: 'work_order'; org_id: number; id: number; status: string; at: string }
  /** A complaint/suggestion arrived from the organisation or was handled. */
  | { type: 'suggestion'; org_id: number; id: number; handled: boolean; at: string }
  | { type: 'unread'; count: number }
  | { type: 'hello' };
