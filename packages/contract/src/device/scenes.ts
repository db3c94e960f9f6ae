import { z } from 'zod';
import type { Label } from '../resources/types';
import { parseCron } from '../business/cron';
import { isTimeZone } from '../validators';

/**
 * Smart-control scenes (SPEC §7 `gateway_scene`, edited at `/allintelligence/allintelligence`): a scene belongs to a
 * place and runs on the place's integrated gateway, which drives the devices behind it (lights, curtains, air
 * conditioners, sockets on Zigbee, Bluetooth or RS-485 — not devices of the platform's registry, so they are named
 * by the gateway's own ids). Trigger → actions: run by hand, on a schedule, or when the gateway reports an event.
 */

export const SCENE_TRIGGERS = ['manual', 'schedule', 'event'] as const;
export type SceneTrigger = (typeof SCENE_TRIGGERS)[number];
export const SCENE_TRIGGER_LABELS: Record<SceneTrigger, Label> = {
  manual: { zh_CN: '手动执行', en: 'Run by hand' },
  schedule: { zh_CN: '定时执行', en: 'On a schedule' },
  event: { zh_CN: '网关事件触发', en: 'On a gateway event' },
};

/** What a gateway does to one of its devices; `set` takes a value (brightness or position in %, temperature in °C). */
export const SCENE_ACTIONS = ['on', 'off', 'toggle', 'open', 'close', 'stop', 'set'] as const;
export type SceneActionName = (typeof SCENE_ACTIONS)[number];
export const SCENE_ACTION_LABELS: Record<SceneActionName, Label> = {
  on: { zh_CN: '打开', en: 'Turn on' },
  off: { zh_CN: '关闭', en: 'Turn off' },
  toggle: { zh_CN: '切换', en: 'Toggle' },
  open: { zh_CN: '开启（窗帘/门锁）', en: 'Open (curtain, lock)' },
  close: { zh_CN: '合上（窗帘/门锁）', en: 'Close (curtain, lock)' },
  stop: { zh_CN: '停止', en: 'Stop' },
  set: { zh_CN: '设为数值', en: 'Set to a value' },
};

export const SCENE_MAX_ACTIONS = 50;
export const SCENE_MAX_DELAY_S = 3600;
export const SCENE_VALUE_MIN = -1000;
export const SCENE_VALUE_MAX = 1000;

/** A device behind the gateway, by the gateway's own id (e.g. `light-1`, `zb:00124b0012345678`). */
export const sceneTarget = z.string().min(1, 'validation.required').max(64).regex(/^[A-Za-z0-9_.:-]+$/, 'validation.sceneTarget');

/** One step of a scene, as stored, edited and sent in the `scene` command. */
export const sceneAction = z.object({
  target: sceneTarget,
  action: z.enum(SCENE_ACTIONS, { error: 'validation.option' }),
  /** Required by `set`, refused by the others. */
  value: z.number().int().min(SCENE_VALUE_MIN).max(SCENE_VALUE_MAX).optional(),
  /** Seconds to wait after the previous step. */
  delay_s: z.number().int().min(0).max(SCENE_MAX_DELAY_S).optional(),
}).strict().superRefine((a, ctx) => {
  if (a.action === 'set' && a.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.sceneValue' });
  if (a.action !== 'set' && a.value !== undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.sceneValue' });
});
export type SceneAction = z.infer<typeof sceneAction>;

export const sceneActions = z.array(sceneAction).min(1, 'validation.sceneActions').max(SCENE_MAX_ACTIONS, 'validation.sceneActions');

/** Event codes as devices send them (DESIGN §6 `up/event`). */
export const sceneEventCode = z.string().min(1, 'validation.required').max(64).regex(/^[A-Za-z0-9_.:-]+$/, 'validation.sceneEvent');

/**
 * The scene's programme — its trigger and its steps — saved as one (method `program` of `/admin/device/gateway_scene`).
 * A schedule is a cron expression in a time zone (the editor writes `m h * * days`); an event trigger names the code
 * the place's gateway reports on `up/event`. What depends on the trigger is checked by `sceneProgramProblem`.
 */
export const sceneProgramBody = z.object({
  id: z.number().int().min(1),
  trigger: z.enum(SCENE_TRIGGERS, { error: 'validation.option' }),
  cron: z.string().max(100).nullable().optional(),
  time_zone: z.string().max(64).nullable().optional(),
  event_code: z.string().max(64).nullable().optional(),
  actions: sceneActions,
});
export type SceneProgramBody = z.infer<typeof sceneProgramBody>;

/** The first field the trigger needs and lacks, with its message; null when the programme holds together. */
export function sceneProgramProblem(b: Pick<SceneProgramBody, 'trigger' | 'cron' | 'time_zone' | 'event_code'>): { field: string; message: string } | null {
  if (b.trigger === 'schedule') {
    if (!b.cron || !parseCron(b.cron)) return { field: 'cron', message: 'validation.cron' };
    if (!b.time_zone || !isTimeZone(b.time_zone)) return { field: 'time_zone', message: 'validation.timeZone' };
  }
  if (b.trigger === 'event' && !sceneEventCode.safeParse(b.event_code ?? '').success) return { field: 'event_code', message: 'validation.sceneEvent' };
  return null;
}

/** The editor's schedule: a time of day on chosen weekdays (0 = Sunday … 6), written as cron and read back from it. */
export function weeklyCron(time: string, days: readonly number[]): string {
  const [h, m] = time.split(':').map((s) => Number(s));
  const list = [...new Set(days)].sort((a, b) => a - b);
  return `${m ?? 0} ${h ?? 0} * * ${list.length === 0 || list.length === 7 ? '*' : list.join(',')}`;
}

/** `m h * * days` → time and weekdays; null for any other cron (the editor then shows the expression itself). */
export function readWeeklyCron(cron: string): { time: string; days: number[] } | null {
  const m = /^(\d{1,2}) (\d{1,2}) \* \* (\*|[0-7](?:,[0-7])*)$/.exec(cron.trim());
  if (!m) return null;
  const minute = Number(m[1]);
  const hour = Number(m[2]);
  if (minute > 59 || hour > 23) return null;
  const days = m[3] === '*' ? [0, 1, 2, 3, 4, 5, 6] : [...new Set(m[3]!.split(',').map((d) => Number(d) % 7))].sort((a, b) => a - b);
  return { time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, days };
}
