import { and, eq, inArray, ne } from 'drizzle-orm';
import { TEMPLATE_FAMILIES, TEMPLATE_KINDS, validationText } from '@gx/contract';
import { devices } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { logDeviceEvents } from './events';
import { orgVariables, pushResolved, resolveForDevice, type PushTarget } from './templatePush';
import { TEMPLATE_TABLES } from './templateTables';
import { announceAfterCommit } from './commandBinding';

/**
 * New devices get the template their organisation marked default for their model (`default_model`), resolved
 * with their variables and sent as a `config_push` that waits for their first hello. Called where the registry
 * creates devices (add, provision, an approved claim) inside that transaction. A device whose configuration cannot
 * be resolved (a variable not set yet) gets no push and a `config_unresolved` event saying why; applying the
 * template once its variables are set sends it.
 */
export async function assignDefaultTemplates(ctx: RequestContext, exec: Executor, orgId: number, deviceIds: number[]): Promise<void> {
  if (!deviceIds.length) return;
  const fresh = await exec.select({
    id: devices.id, online: devices.online, configVersion: devices.configVersion, configVariables: devices.configVariables,
    family: devices.family, model: devices.model,
  }).from(devices).where(and(inArray(devices.id, deviceIds), eq(devices.orgId, orgId), ne(devices.model, '')));
  if (!fresh.length) return;
  let org: Awaited<ReturnType<typeof orgVariables>> | null = null;
  const now = ctx.services.now();
  for (const kind of TEMPLATE_KINDS) {
    const fits = fresh.filter((d) => TEMPLATE_FAMILIES[kind].includes(d.family as never));
    if (!fits.length) continue;
    const table = TEMPLATE_TABLES[kind];
    const templates = await exec.select().from(table)
      .where(and(eq(table.orgId, orgId), inArray(table.defaultModel, [...new Set(fits.map((d) => d.model))])));
    for (const row of templates) {
      org ??= await orgVariables(exec, orgId);
      const ok: PushTarget[] = [];
      const configs = new Map<number, unknown>();
      const failed: { id: number; msg: string }[] = [];
      for (const d of fits.filter((x) => x.model === row.defaultModel)) {
        const r = resolveForDevice(kind, row, org, d.configVariables);
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
