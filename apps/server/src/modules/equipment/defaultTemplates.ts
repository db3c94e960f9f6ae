import { and, eq, inArray, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import { TEMPLATE_FAMILIES, TEMPLATE_KINDS, validationText } from '@gx/contract';
import { deviceGroups, devices } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { logDeviceEvents } from './events';
import { orgVariables, pushResolved, resolveForDevice, type PushTarget } from './templatePush';
import { TEMPLATE_TABLES } from './templateTables';
import { announceAfterCommit } from './commandBinding';

/**
 * Devices get their default template of each kind: their group's (`device.group`) when it names one, else — unless
 * `groupOnly` — the template their organisation marked default for their model (`default_model`), resolved with
 * their variables and sent as a `config_push` that waits for their next hello. Called where the registry creates
 * devices (add, provision, an approved claim; both defaults) and where a device joins a group (`groupOnly`),
 * inside that transaction. A device whose configuration cannot be resolved (a variable not set yet) gets no push
 * and a `config_unresolved` event saying why; applying the template once its variables are set sends it.
 */
export async function assignDefaultTemplates(
  ctx: RequestContext, exec: Executor, orgId: number, deviceIds: number[], opts: { groupOnly?: boolean } = {},
): Promise<void> {
  if (!deviceIds.length) return;
  const fresh = await exec.select({
    id: devices.id, online: devices.online, configVersion: devices.configVersion, configVariables: devices.configVariables,
    family: devices.family, model: devices.model, groupVariables: deviceGroups.configVariables,
    ap: deviceGroups.apTemplateId, lan: deviceGroups.lanTemplateId, phone: deviceGroups.phoneTemplateId,
  }).from(devices).leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
    .where(and(inArray(devices.id, deviceIds), eq(devices.orgId, orgId), opts.groupOnly ? undefined : or(ne(devices.model, ''), isNotNull(devices.groupId))));
  if (!fresh.length) return;
  let org: Awaited<ReturnType<typeof orgVariables>> | null = null;
  const now = ctx.services.now();
  for (const kind of TEMPLATE_KINDS) {
    const fits = fresh.filter((d) => TEMPLATE_FAMILIES[kind].includes(d.family as never) && (d[kind] !== null || (!opts.groupOnly && d.model !== '')));
    if (!fits.length) continue;
    const table = TEMPLATE_TABLES[kind];
    const byGroup = [...new Set(fits.flatMap((d) => (d[kind] === null ? [] : [d[kind]])))];
    const byModel = [...new Set(fits.flatMap((d) => (d[kind] === null && d.model !== '' ? [d.model] : [])))];
    const which: SQL[] = [];
    if (byGroup.length) which.push(inArray(table.id, byGroup));
    if (byModel.length && !opts.groupOnly) which.push(inArray(table.defaultModel, byModel));
    if (!which.length) continue;
    const templates = await exec.select().from(table).where(and(eq(table.orgId, orgId), or(...which)));
    for (const row of templates) {
      // A group's default wins over its model's: a device in a group naming a template of this kind takes that one.
      const mine = fits.filter((d) => (d[kind] !== null ? d[kind] === row.id : !opts.groupOnly && d.model === row.defaultModel));
      if (!mine.length) continue;
      org ??= await orgVariables(exec, orgId);
      const ok: PushTarget[] = [];
      const configs = new Map<number, unknown>();
      const failed: { id: number; msg: string }[] = [];
      for (const d of mine) {
        const r = resolveForDevice(kind, row, org, d.configVariables, d.groupVariables);
        if (r.ok) {
          ok.push(d);
          configs.set(d.id, r.config);
        } else {
          failed.push({ id: d.id, msg: `${row.name} · ${r.field}: ${validationText(r.message, 'en') ?? r.message}` });
        }
      }
      if (ok.length) {
        const who = { orgId, userId: ctx.user().userId, now };
        announceAfterCommit(ctx, who, (await pushResolved(exec, who, kind, row.id, row.name, ok, configs)).made, ok);
      }
      await logDeviceEvents(exec, ctx.req.server.deviceChannel.bus, failed.map((f) => ({
        device: { id: f.id, orgId }, level: 'warn' as const, code: 'config_unresolved', msg: f.msg, at: now,
      })));
    }
  }
}
