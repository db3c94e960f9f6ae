import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { devices, organizations, screenProgrammes } from '../../db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Programme stream entries: a programme on screens, on dates, days and a daily window in a time zone. */
export const programmeStreamEntries = pgTable('programme_stream_entries', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  status: integer('status').notNull().default(1),
  // Removing a programme the stream names is refused (studio's remove); the cascade only follows an organisation's removal.
  programmeId: integer('programme_id').notNull().references(() => screenProgrammes.id, { onDelete: 'cascade' }),
  deviceIds: integer('device_ids').array().notNull().default([]),
  startDate: text('start_date').notNull(),
  endDate: text('end_date'),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  days: integer('days').array().notNull().default([]),
  priority: integer('priority').notNull().default(0),
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  /** The address screens reach the server at, taken from the last save (PUBLIC_URL wins when set), for render links. */
  renderBase: text('render_base').notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('programme_stream_entries_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  index('programme_stream_entries_org_name_idx').on(t.orgId, t.name),
  index('programme_stream_entries_org_status_idx').on(t.orgId, t.status),
  index('programme_stream_entries_org_programme_idx').on(t.orgId, t.programmeId),
  index('programme_stream_entries_org_priority_idx').on(t.orgId, t.priority),
  index('programme_stream_entries_org_start_idx').on(t.orgId, t.startDate),
  // What the scheduler reads every tick: the enabled entries.
  index('programme_stream_entries_enabled_idx').on(t.id).where(sql`status = 1`),
]);

/**
 * The stream's hold on each screen it has switched: the entry it plays (null: not in the stream's hands), the
 * programme it last gave, and the programme to go back to when no entry is on. The row is the claim: a switch
 * locks it, so of several instances one switches and the others find it done.
 */
export const programmeStreamScreens = pgTable('programme_stream_screens', {
  deviceId: integer('device_id').primaryKey().references(() => devices.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  // No foreign key: a removed entry keeps the screen held until the next tick moves it on.
  entryId: integer('entry_id'),
  programmeId: integer('programme_id'),
  defaultProgrammeId: integer('default_programme_id').references(() => screenProgrammes.id, { onDelete: 'set null' }),
  renderBase: text('render_base').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('programme_stream_screens_entry_idx').on(t.entryId).where(sql`entry_id is not null`)]);

/** One row per switch of a screen by the stream, with the `play` command it sent (none when it let the screen go). */
export const programmeStreamSwitches = pgTable('programme_stream_switches', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  at: ts('at').notNull(),
  deviceId: integer('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  entryId: integer('entry_id').references(() => programmeStreamEntries.id, { onDelete: 'set null' }),
  // Ids kept as they were: the names are read at listing, a removed programme reads as its id.
  fromProgrammeId: integer('from_programme_id'),
  toProgrammeId: integer('to_programme_id'),
  commandId: integer('command_id'),
}, (t) => [
  index('programme_stream_switches_org_at_idx').on(t.orgId, t.at),
  index('programme_stream_switches_org_device_idx').on(t.orgId, t.deviceId),
  index('programme_stream_switches_org_entry_idx').on(t.orgId, t.entryId),
  index('programme_stream_switches_org_kind_idx').on(t.orgId, t.kind),
  index('programme_stream_switches_org_id_idx').on(t.orgId, t.id),
]);
