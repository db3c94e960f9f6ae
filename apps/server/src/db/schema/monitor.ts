import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './core';
import { devices } from './device';

/**
 * Screen templates (each save a version row), programmes (playlists of templates with a daily window) and which
 * programme each screen was sent, with its bound fields and the token its browser renders it by (issue 16 point 5).
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const screenTemplates = pgTable('screen_templates', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  preset: text('preset').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('screen_templates_org_idx').on(t.orgId, t.updatedAt)]);

export const screenTemplateVersions = pgTable('screen_template_versions', {
  id: serial('id').primaryKey(),
  templateId: integer('template_id').notNull().references(() => screenTemplates.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  layout: jsonb('layout').notNull(),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('screen_template_versions_uq').on(t.templateId, t.version)]);

export const screenProgrammes = pgTable('screen_programmes', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** `[{template_id, version, seconds}]`: the version is pinned when the programme is saved. */
  items: jsonb('items').notNull().default(sql`'[]'::jsonb`),
  startAt: text('start_at').notNull().default('00:00'),
  endAt: text('end_at').notNull().default('00:00'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('screen_programmes_org_idx').on(t.orgId)]);

export const screenAssignments = pgTable('screen_assignments', {
  deviceId: integer('device_id').primaryKey().references(() => devices.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  programmeId: integer('programme_id').notNull().references(() => screenProgrammes.id, { onDelete: 'cascade' }),
  fields: jsonb('fields').notNull().default(sql`'{}'::jsonb`),
  /** 256 random bits: the capability `/screen-render/<token>` shows this screen's programme with. */
  token: text('token').notNull(),
  publishedAt: ts('published_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('screen_assignments_token_uq').on(t.token), index('screen_assignments_programme_idx').on(t.programmeId)]);
