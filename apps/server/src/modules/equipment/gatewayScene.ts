import { and, eq, sql } from 'drizzle-orm';
import { Code, gatewaySceneResource, sceneProgramBody, sceneProgramProblem } from '@gx/contract';
import { deviceCommands } from '../../db/schema';
import { closedBody, method } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import { announceAfterCommit, issuerOf } from './commandBinding';
import { issueScene, nextSceneRun } from './sceneRun';
import { gatewayScenes } from './sceneTables';

export const gatewaySceneBinding = defineResource({
  decl: gatewaySceneResource,
  table: gatewayScenes,
  tenant: { kind: 'column', column: gatewayScenes.orgId },
  columns: {
    steps: sql<number>`jsonb_array_length(${qualified(gatewayScenes.actions)})`,
    last_state: sql<string | null>`(select ${deviceCommands.state} from ${deviceCommands} where ${deviceCommands.id} = ${qualified(gatewayScenes.lastCommandId)})`,
  },
  hooks: {
    async beforeAdd(ctx, _exec, _input, values) {
      const now = ctx.services.now();
      Object.assign(values, { createdAt: now, updatedAt: now });
    },
    async beforeUpdate(ctx, _exec, _id, input, values, before) {
      const now = ctx.services.now();
      values.updatedAt = now;
      // Switched on or off: the schedule's next run follows (none while disabled).
      if (typeof input.enabled === 'boolean' && input.enabled !== before.enabled) {
        values.nextRunAt = input.enabled ? nextSceneRun(String(before.trigger), before.cron as string | null, before.time_zone as string | null, now) : null;
      }
    },
  },
  actions: {
    async run(ctx, exec, id) {
      const who = issuerOf(ctx);
      const issued = await issueScene(exec, who, id);
      announceAfterCommit(ctx, who, issued.made, issued.targets);
      return { answer: { command_id: issued.made[0]?.id ?? null } };
    },
  },
  methods: {
    /** The editor's save: trigger and steps together, in one transaction; the schedule's next run follows. */
    program: method({
      access: 'device.gateway_scene.update',
      body: closedBody(sceneProgramBody, 'program'),
      handler: async (ctx, b) => {
        const problem = sceneProgramProblem(b);
        if (problem) throw fail.validation(problem.field, problem.message);
        const orgId = ctx.orgId();
        const now = ctx.services.now();
        const schedule = b.trigger === 'schedule';
        const [row] = await ctx.db.select({ enabled: gatewayScenes.enabled }).from(gatewayScenes)
          .where(and(eq(gatewayScenes.id, b.id), eq(gatewayScenes.orgId, orgId))).for('update');
        if (!row) throw new AppError(Code.NOT_FOUND, undefined, 'id');
        const cron = schedule ? b.cron!.trim() : null;
        const timeZone = schedule ? b.time_zone! : null;
        await ctx.db.update(gatewayScenes).set({
          trigger: b.trigger, cron, timeZone, eventCode: b.trigger === 'event' ? b.event_code! : null, actions: b.actions,
          nextRunAt: row.enabled ? nextSceneRun(b.trigger, cron, timeZone, now) : null, updatedAt: now,
        }).where(eq(gatewayScenes.id, b.id));
        return { id: b.id };
      },
    }),
  },
});
