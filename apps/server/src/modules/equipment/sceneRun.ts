import { and, eq } from 'drizzle-orm';
import { nextRunOf, type SceneAction } from '@gx/contract';
import type { Executor } from '../../db/client';
import { devices } from '../../db/schema';
import { fail } from '../../http/errors';
import { insertCommands, type Issuer } from './commandBinding';
import { gatewayPlaces } from './gatewayPlace';
import { gatewayScenes } from './sceneTables';

/**
 * How long a scene waits for a gateway that is not connected: "lights on at 18:00" delivered at 23:00 would be
 * wrong, so an undelivered scene expires after ten minutes (the run shows `expired`).
 */
export const SCENE_COMMAND_TTL_S = 600;

/** The first run of a schedule after `after`; null for the other triggers or a schedule that never runs. */
export function nextSceneRun(trigger: string, cron: string | null, timeZone: string | null, after: Date): Date | null {
  return trigger === 'schedule' && cron && timeZone ? nextRunOf(cron, timeZone, after) : null;
}

export interface IssuedScene {
  made: { id: number; deviceId: number }[];
  targets: { id: number; online: number }[];
}

/**
 * Queues the scene's steps as one `scene` command to its place's gateway in `exec` (announce once it commits), and
 * records the run on the scene. Refused, naming the field, when the scene has no steps or its gateway is disabled.
 */
export async function issueScene(exec: Executor, who: Issuer, sceneId: number): Promise<IssuedScene> {
  const [s] = await exec.select({
    id: gatewayScenes.id, name: gatewayScenes.name, actions: gatewayScenes.actions,
    gatewayId: devices.id, online: devices.online, status: devices.status,
  }).from(gatewayScenes)
    .innerJoin(gatewayPlaces, eq(gatewayPlaces.id, gatewayScenes.placeId))
    .innerJoin(devices, eq(devices.id, gatewayPlaces.gatewayId))
    .where(and(eq(gatewayScenes.id, sceneId), eq(gatewayScenes.orgId, who.orgId)));
  if (!s) throw fail.validation('id', 'validation.id');
  const actions: SceneAction[] = s.actions;
  if (!actions.length) throw fail.validation('actions', 'validation.sceneActions');
  if (s.status !== 1) throw fail.validation('place_id', 'validation.deviceDisabled');
  const target = { id: s.gatewayId, online: s.online };
  const { made } = await insertCommands(exec, who, [target], 'scene', { scene_id: s.id, name: s.name, actions }, SCENE_COMMAND_TTL_S);
  await exec.update(gatewayScenes).set({ lastRunAt: who.now, lastCommandId: made[0]?.id ?? null }).where(eq(gatewayScenes.id, s.id));
  return { made, targets: [target] };
}
