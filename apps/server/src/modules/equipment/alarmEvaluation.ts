import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ALARM_SEVERITY_LABELS, OFFLINE_METRIC, breaches, type AlarmOperator, type AlarmSeverity, type AlarmState } from '@gx/contract';
import type { Executor } from '../../db/client';
import { buttons, devices, notifications, notificationTargets, roleButtons, roles, userRoles } from '../../db/schema';
import type { Bus } from '../../live/bus';
import { alarmRules } from './alarmTables';
import { rowsOf } from './rowsOf';

/** The permission whose holders hear of alarms (stream messages and notifications). */
export const ALARM_LIST_KEY = 'device.alarm.list';

/** An alarm that changed, as the stream announces it. */
export interface AlarmChange { id: number; org_id: number; device_id: number; severity: AlarmSeverity; state: AlarmState }

export function announceAlarms(bus: Bus, rows: AlarmChange[], at: Date): void {
  for (const a of rows) bus.publish({ type: 'alarm', org_id: a.org_id, id: a.id, device_id: a.device_id, severity: a.severity, state: a.state, at: at.toISOString() });
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Most devices one notification names. */
const NOTIFY_NAMES = 20;

/**
 * Tells the organisations' users holding the alarm list permission of newly raised alarms: one published
 * notification per organisation and evaluation, in both languages, naming the devices and rules.
 */
async function notifyRaised(exec: Executor, bus: Bus, raised: AlarmChange[], at: Date): Promise<void> {
  const byOrg = new Map<number, AlarmChange[]>();
  for (const a of raised) byOrg.set(a.org_id, [...(byOrg.get(a.org_id) ?? []), a]);
  let sent = false;
  for (const [orgId, list] of byOrg) {
    const holders = await exec.selectDistinct({ userId: userRoles.userId }).from(userRoles)
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
      .innerJoin(roleButtons, eq(roleButtons.roleId, userRoles.roleId))
      .innerJoin(buttons, eq(buttons.id, roleButtons.buttonId))
      .where(and(eq(userRoles.orgId, orgId), eq(buttons.key, ALARM_LIST_KEY)));
    if (!holders.length) continue;
    const named = rowsOf<{ serial: string; name: string; rule: string; severity: AlarmSeverity }>(await exec.execute(sql`
      select d.serial, d.name, r.name as rule, a.severity from device_alarms a
      join devices d on d.id = a.device_id join alarm_rules r on r.id = a.rule_id
      where a.id in (${sql.join(list.slice(0, NOTIFY_NAMES).map((a) => sql`${a.id}`), sql`, `)}) order by a.id`));
    const lines = named.map((n) => {
      const sev = ALARM_SEVERITY_LABELS[n.severity];
      return `<li>[${escapeHtml(sev.zh_CN)} / ${escapeHtml(sev.en)}] ${escapeHtml(n.serial)}${n.name ? ` (${escapeHtml(n.name)})` : ''} · ${escapeHtml(n.rule)}</li>`;
    });
    const more = list.length > NOTIFY_NAMES ? `<p>… +${list.length - NOTIFY_NAMES}</p>` : '';
    const [row] = await exec.insert(notifications).values({
      orgId, kind: 'inform', title: `设备告警（${list.length}） / Device alarms (${list.length})`, content: `<ul>${lines.join('')}</ul>${more}`,
      audience: 'users', status: 1, publishedAt: at, createdAt: at, updatedAt: at,
    }).returning({ id: notifications.id });
    await exec.insert(notificationTargets).values(holders.map((h) => ({ notificationId: row!.id, targetType: 'user', targetId: h.userId })));
    sent = true;
  }
  if (sent) bus.publish({ type: 'unread_changed' });
}

interface RuleRow { id: number; orgId: number; family: string | null; model: string | null; metric: string; operator: string; threshold: number; thresholdHigh: number | null }

const pairsJson = (pairs: { rule: number; device: number; value?: number }[]) => JSON.stringify(pairs);

/**
 * Alarm evaluation (issue 11 §6), off the heartbeat path: threshold rules on each batched telemetry write (the
 * devices of the batch against their organisations' enabled rules, a few statements per batch), presence rules and
 * matured conditions on the presence sweep, offline alarms cleared as devices come back. Runs one at a time.
 */
export class AlarmEvaluator {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly db: Executor, private readonly bus: Bus, private readonly now: () => Date) {}

  private serial(fn: () => Promise<void>): Promise<void> {
    const next = this.queue.then(fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** After a telemetry write: the devices that sent it, per organisation. */
  telemetryStored(byOrg: Map<number, number[]>): Promise<void> {
    return this.serial(async () => {
      const orgIds = [...byOrg.keys()];
      if (!orgIds.length) return;
      const rules: RuleRow[] = await this.db.select({
        id: alarmRules.id, orgId: alarmRules.orgId, family: alarmRules.family, model: alarmRules.model, metric: alarmRules.metric,
        operator: alarmRules.operator, threshold: alarmRules.threshold, thresholdHigh: alarmRules.thresholdHigh,
      }).from(alarmRules).where(and(inArray(alarmRules.orgId, orgIds), eq(alarmRules.status, 1), ne(alarmRules.metric, OFFLINE_METRIC)));
      if (!rules.length) return;
      const byRuleOrg = new Map<number, RuleRow[]>();
      for (const r of rules) byRuleOrg.set(r.orgId, [...(byRuleOrg.get(r.orgId) ?? []), r]);
      const ids = [...byRuleOrg.keys()].flatMap((org) => byOrg.get(org) ?? []);
      const devs = await this.db.select({ id: devices.id, orgId: devices.orgId, family: devices.family, model: devices.model, metrics: devices.metrics })
        .from(devices).where(and(inArray(devices.id, ids), eq(devices.status, 1)));
      const breaching: { rule: number; device: number; value: number }[] = [];
      const recovered: { rule: number; device: number }[] = [];
      for (const d of devs) {
        const metrics = d.metrics as Record<string, unknown>;
        for (const r of byRuleOrg.get(d.orgId) ?? []) {
          if ((r.family && r.family !== d.family) || (r.model && r.model !== d.model)) continue;
          const v = metrics[r.metric];
          if (typeof v !== 'number') continue;
          if (breaches(r.operator as AlarmOperator, v, r.threshold, r.thresholdHigh)) breaching.push({ rule: r.id, device: d.id, value: v });
          else recovered.push({ rule: r.id, device: d.id });
        }
      }
      const now = this.now();
      if (recovered.length) {
        await this.db.execute(sql`
          delete from alarm_conditions c using jsonb_to_recordset(${pairsJson(recovered)}::jsonb) as v(rule int, device int)
          where c.rule_id = v.rule and c.device_id = v.device`);
        const cleared = rowsOf<AlarmChange>(await this.db.execute(sql`
          update device_alarms a set state = 'cleared', active = 0, cleared_at = ${now.toISOString()}::timestamptz, clear_reason = 'auto', updated_at = now()
          from jsonb_to_recordset(${pairsJson(recovered)}::jsonb) as v(rule int, device int)
          where a.rule_id = v.rule and a.device_id = v.device and a.active = 1
          returning a.id, a.org_id, a.device_id, a.severity, a.state`));
        announceAlarms(this.bus, cleared, now);
      }
      if (breaching.length) {
        await this.db.execute(sql`
          insert into alarm_conditions (rule_id, device_id, since, value)
          select v.rule, v.device, ${now.toISOString()}::timestamptz, v.value
          from jsonb_to_recordset(${pairsJson(breaching)}::jsonb) as v(rule int, device int, value float8)
          on conflict (rule_id, device_id) do update set value = excluded.value`);
        await this.raiseMatured(now, breaching);
      }
    });
  }

  /** Devices that came back online: their offline alarms clear. */
  cameOnline(ids: number[]): Promise<void> {
    if (!ids.length) return Promise.resolve();
    return this.serial(async () => {
      const now = this.now();
      const cleared = rowsOf<AlarmChange>(await this.db.execute(sql`
        update device_alarms set state = 'cleared', active = 0, cleared_at = ${now.toISOString()}::timestamptz, clear_reason = 'auto', updated_at = now()
        where device_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and active = 1 and metric = ${OFFLINE_METRIC}
        returning id, org_id, device_id, severity, state`));
      announceAlarms(this.bus, cleared, now);
    });
  }

  /**
   * On the presence sweep: devices offline for a presence rule's duration raise one alarm per offline spell (a
   * spell cleared by hand is not raised again until the device has been back); offline alarms of devices online
   * again clear; threshold conditions that have now held long enough raise.
   */
  sweep(): Promise<void> {
    return this.serial(async () => {
      const now = this.now();
      const iso = now.toISOString();
      const raised = rowsOf<AlarmChange>(await this.db.execute(sql`
        insert into device_alarms (org_id, rule_id, device_id, severity, metric, state, active, raised_at)
        select r.org_id, r.id, d.id, r.severity, r.metric, 'raised', 1, ${iso}::timestamptz
        from alarm_rules r
        join devices d on d.org_id = r.org_id and d.online = 0 and d.status = 1 and d.offline_at is not null
          and (r.family is null or d.family = r.family) and (r.model is null or d.model = r.model)
        where r.metric = ${OFFLINE_METRIC} and r.status = 1
          and d.offline_at <= ${iso}::timestamptz - make_interval(secs => r.duration_s)
          and not exists (select 1 from device_alarms a where a.rule_id = r.id and a.device_id = d.id and (a.active = 1 or a.raised_at >= d.offline_at))
        on conflict (rule_id, device_id) where active = 1 do nothing
        returning id, org_id, device_id, severity, state`));
      const cleared = rowsOf<AlarmChange>(await this.db.execute(sql`
        update device_alarms a set state = 'cleared', active = 0, cleared_at = ${iso}::timestamptz, clear_reason = 'auto', updated_at = now()
        from devices d
        where d.id = a.device_id and a.active = 1 and a.metric = ${OFFLINE_METRIC} and d.online = 1
        returning a.id, a.org_id, a.device_id, a.severity, a.state`));
      announceAlarms(this.bus, cleared, now);
      await this.announceRaised(raised, now);
      await this.raiseMatured(now, null);
    });
  }

  /** Waits for the evaluations queued so far (tests, shutdown). */
  async idle(): Promise<void> {
    await this.queue;
  }

  /** Raises the conditions (of these pairs, or all) that have held for their rule's duration and have no active alarm. */
  private async raiseMatured(now: Date, pairs: { rule: number; device: number }[] | null): Promise<void> {
    const iso = now.toISOString();
    const only = pairs ? sql`join jsonb_to_recordset(${pairsJson(pairs)}::jsonb) as v(rule int, device int) on v.rule = c.rule_id and v.device = c.device_id` : sql``;
    const raised = rowsOf<AlarmChange>(await this.db.execute(sql`
      insert into device_alarms (org_id, rule_id, device_id, severity, metric, state, active, value, raised_at)
      select r.org_id, r.id, c.device_id, r.severity, r.metric, 'raised', 1, c.value, ${iso}::timestamptz
      from alarm_conditions c ${only}
      join alarm_rules r on r.id = c.rule_id and r.status = 1
      join devices d on d.id = c.device_id and d.org_id = r.org_id and d.status = 1
      where c.since <= ${iso}::timestamptz - make_interval(secs => r.duration_s)
        and not exists (select 1 from device_alarms a where a.rule_id = c.rule_id and a.device_id = c.device_id and a.active = 1)
      on conflict (rule_id, device_id) where active = 1 do nothing
      returning id, org_id, device_id, severity, state`));
    await this.announceRaised(raised, now);
  }

  private async announceRaised(raised: AlarmChange[], now: Date): Promise<void> {
    if (!raised.length) return;
    announceAlarms(this.bus, raised, now);
    await notifyRaised(this.db, this.bus, raised, now);
  }
}
