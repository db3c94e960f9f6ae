import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CLOCK_TIME_RE, STATUS_ENABLED, WEEKDAYS, isCalendarDate, isTimeZone, nextStreamChange, programmeStreamResource,
  type StreamSchedule,
} from '@gx/contract';
import { devices, screenProgrammes } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { closedBody, method } from '../../http/endpoint';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';
import type { ColumnValues, Input, WireRow } from '../../resources/types';
import { downloadBase } from '../upgrade/rollout';
import { programmeStreamEntries as e, programmeStreamScreens } from './programmeStreamTables';

const SCREEN_FAMILY = 'screen';

/** An entry's schedule as read from a wire row (dates and times as text, `days` as numbers). */
export function scheduleOf(row: Record<string, unknown>): StreamSchedule {
  return {
    start_date: String(row.start_date ?? ''),
    end_date: typeof row.end_date === 'string' && row.end_date ? row.end_date : null,
    start_time: String(row.start_time ?? ''),
    end_time: String(row.end_time ?? ''),
    days: Array.isArray(row.days) ? (row.days as number[]) : [],
    time_zone: String(row.time_zone ?? ''),
  };
}

/**
 * The entry as it will be (an update merged onto its row), checked whole; the first fault names its field. The
 * end date may equal the start date (one day); the daily window may end before it starts (past midnight).
 */
async function checkEntry(ctx: RequestContext, exec: Executor, row: Record<string, unknown>): Promise<void> {
  const s = scheduleOf(row);
  if (!isCalendarDate(s.start_date)) throw fail.validation('start_date', 'validation.calendarDate');
  if (s.end_date !== null && !isCalendarDate(s.end_date)) throw fail.validation('end_date', 'validation.calendarDate');
  if (s.end_date !== null && s.end_date < s.start_date) throw fail.validation('end_date', 'validation.endDateBeforeStart');
  if (!CLOCK_TIME_RE.test(s.start_time)) throw fail.validation('start_time', 'validation.time');
  if (!CLOCK_TIME_RE.test(s.end_time)) throw fail.validation('end_time', 'validation.time');
  if (!s.days.length || s.days.some((d) => !(WEEKDAYS as readonly number[]).includes(d))) throw fail.validation('days', 'validation.weekdays');
  if (!isTimeZone(s.time_zone)) throw fail.validation('time_zone', 'validation.timeZone');
  const orgId = ctx.orgId();
  const programmeId = Number(row.programme_id);
  const [p] = Number.isInteger(programmeId) && programmeId > 0
    ? await exec.select({ id: screenProgrammes.id }).from(screenProgrammes).where(and(eq(screenProgrammes.id, programmeId), eq(screenProgrammes.orgId, orgId)))
    : [];
  if (!p) throw fail.validation('programme_id', 'validation.id');
  const ids = Array.isArray(row.device_ids) ? (row.device_ids as number[]) : [];
  if (!ids.length) throw fail.validation('device_ids', 'validation.required');
  // The engine has checked they are the organisation's devices; they must be its screens too.
  const screens = await exec.select({ id: devices.id }).from(devices)
    .where(and(eq(devices.orgId, orgId), eq(devices.family, SCREEN_FAMILY), inArray(devices.id, ids)));
  if (screens.length !== new Set(ids).size) throw fail.validation('device_ids', 'validation.screenDevice');
}

/** Stored values: days in order, an empty end date as none, the address screens reach this server at. */
function normalise(ctx: RequestContext, input: Input, values: ColumnValues): void {
  if (Array.isArray(input.days)) values.days = [...new Set(input.days as number[])].sort((a, b) => a - b);
  if (input.end_date === '') values.endDate = null;
  values.renderBase = downloadBase(ctx.config.publicUrl, ctx.req);
  values.updatedAt = ctx.services.now();
}

const defaults = Object.fromEntries(Object.entries(programmeStreamResource.fields).map(([k, f]) => [k, 'default' in f ? f.default : undefined]));

/** What a screen and programme picker offers: the organisation's screens and programmes (the form's widgets). */
const optionsBody = closedBody(z.object({}), 'options');

export const programmeStreamBinding = defineResource({
  decl: programmeStreamResource,
  table: e,
  tenant: { kind: 'column', column: e.orgId },
  columns: {
    programme_name: sql<string>`(select p.name from ${screenProgrammes} p where p.id = ${qualified(e.programmeId)})`,
    on_screens: sql<number>`(select count(*)::int from ${programmeStreamScreens} s where s.entry_id = ${qualified(e.id)})`,
  },
  virtual: {
    // Computed from the schedule at the server's clock; none for a disabled entry.
    next_change: {
      async load(exec, ids, ctx) {
        const rows = ids.length ? await exec.select().from(e).where(inArray(e.id, ids)) : [];
        const now = ctx.services.now();
        return new Map(rows.map((r) => {
          if (r.status !== STATUS_ENABLED) return [r.id, null];
          const next = nextStreamChange({
            start_date: r.startDate, end_date: r.endDate, start_time: r.startTime, end_time: r.endTime, days: r.days, time_zone: r.timeZone,
          }, now);
          return [r.id, next ? next.toISOString() : null];
        }));
      },
    },
  },
  hooks: {
    async beforeAdd(ctx, exec, input: Input, values: ColumnValues) {
      await checkEntry(ctx, exec, { ...defaults, ...input });
      normalise(ctx, input, values);
      Object.assign(values, { createdBy: ctx.user().userId, createdAt: ctx.services.now() });
    },
    async beforeUpdate(ctx, exec, _id, input: Input, values: ColumnValues, before: WireRow) {
      await checkEntry(ctx, exec, { ...before, ...input });
      normalise(ctx, input, values);
    },
  },
  methods: {
    /** The choices of the form's programme and screen pickers: the organisation's programmes and enabled screens. */
    options: method({
      access: 'business.programme_stream.list', body: optionsBody, readOnly: true,
      async handler(ctx) {
        const orgId = ctx.orgId();
        const programmes = await ctx.db.select({ id: screenProgrammes.id, name: screenProgrammes.name }).from(screenProgrammes)
          .where(eq(screenProgrammes.orgId, orgId)).orderBy(asc(screenProgrammes.name)).limit(500);
        const screens = await ctx.db.select({ id: devices.id, name: devices.name, serial: devices.serial }).from(devices)
          .where(and(eq(devices.orgId, orgId), eq(devices.family, SCREEN_FAMILY), eq(devices.status, 1))).orderBy(asc(devices.serial)).limit(2000);
        return { programmes, screens };
      },
    }),
  },
});

