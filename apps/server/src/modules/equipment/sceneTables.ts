import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { SceneAction } from '@gx/contract';
import { organizations } from '../../db/schema';
import { gatewayPlaces } from './gatewayPlace';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** SPEC §7 `/admin/device/gateway_scene`: smart-control scenes, each run by its place's gateway. */
export const gatewayScenes = pgTable('gateway_scenes', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  placeId: integer('place_id').notNull().references(() => gatewayPlaces.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  trigger: text('trigger').notNull().default('manual'),
  cron: text('cron'),
  timeZone: text('time_zone'),
  eventCode: text('event_code'),
  actions: jsonb('actions').$type<SceneAction[]>().notNull().default(sql`'[]'::jsonb`),
  /** The schedule's next run, claimed by one instance (moved on in the transaction that issues the command). */
  nextRunAt: ts('next_run_at'),
  lastRunAt: ts('last_run_at'),
  lastCommandId: integer('last_command_id'),
  /** The last gateway event that ran the scene: every instance hears it, the one that moves this runs it. */
  lastEventId: integer('last_event_id'),
  note: text('note').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('gateway_scenes_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  index('gateway_scenes_org_name_idx').on(t.orgId, t.name),
  index('gateway_scenes_org_place_idx').on(t.orgId, t.placeId),
  index('gateway_scenes_org_trigger_idx').on(t.orgId, t.trigger),
  index('gateway_scenes_org_last_run_idx').on(t.orgId, t.lastRunAt),
  index('gateway_scenes_org_updated_idx').on(t.orgId, t.updatedAt),
  index('gateway_scenes_place_idx').on(t.placeId),
  index('gateway_scenes_due_idx').on(t.nextRunAt),
]);
