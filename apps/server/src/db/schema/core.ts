import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * The database schema. Tenant-owned rows carry `orgId`; every query on them is scoped to the caller's
 * current organisation (DESIGN §4). Timestamps are timestamptz.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () => ts('updated_at').notNull().defaultNow();
/** Serves the lists' case-insensitive starts-with filters (`lower(col) like 'x%'`) in any collation. */
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Invitation code users enter to join (SPEC §2 join organisation). */
  inviteCode: text('invite_code').notNull(),
  /** After this the code no longer admits anyone; the owner is shown a fresh one. */
  inviteExpiresAt: ts('invite_expires_at').notNull().default(sql`(now() + interval '7 days')`),
  ownerId: integer('owner_id'),
  status: integer('status').notNull().default(1),
  /** The organisation's configuration variables (JSON text, name → value), below each device's own. */
  configVariables: text('config_variables').notNull().default('{}'),
  /** 1: a new upgrade campaign waits for approval by a second person holding `upgrade.campaign.approve`. */
  campaignApproval: integer('campaign_approval').notNull().default(0),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  uniqueIndex('organizations_invite_code_uq').on(t.inviteCode),
  index('organizations_name_idx').on(t.name),
  prefixIdx('organizations_name_prefix_idx', t.name),
  index('organizations_status_idx').on(t.status),
  index('organizations_created_idx').on(t.createdAt),
]);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  /** Salted scrypt of the MD5 the console sends; never the MD5 itself. */
  passwordHash: text('password_hash').notNull(),
  nickname: text('nickname').notNull().default(''),
  photo: text('photo').notNull().default(''),
  sex: integer('sex').notNull().default(2),
  cellphone: text('cellphone').notNull().default(''),
  email: text('email').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  theme: text('theme').notNull().default('light'),
  /** 1 enabled, 0 disabled. */
  status: integer('status').notNull().default(1),
  currentOrgId: integer('current_org_id').references(() => organizations.id),
  lastLoginAt: ts('last_login_at'),
  lastLoginIp: text('last_login_ip'),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
  index('users_username_idx').on(t.username),
  prefixIdx('users_username_prefix_idx', t.username),
  prefixIdx('users_nickname_prefix_idx', t.nickname),
  prefixIdx('users_cellphone_prefix_idx', t.cellphone),
  index('users_status_idx').on(t.status),
  index('users_created_idx').on(t.createdAt),
  index('users_last_login_idx').on(t.lastLoginAt),
]);

/**
 * A user's own console preferences (a list's column settings), one row per key: about the person, not an
 * organisation, so they follow the user across organisations and browsers.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  value: jsonb('value').notNull(),
  updatedAt: updated(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] })]);

export const orgMembers = pgTable('org_members', {
  /** Surrogate key so a membership can be addressed as one row (/admin/system/webmaster/belong). */
  id: serial('id').notNull(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: created(),
}, (t) => [
  primaryKey({ columns: [t.orgId, t.userId] }),
  index('org_members_user_idx').on(t.userId),
  uniqueIndex('org_members_id_uq').on(t.id),
  index('org_members_created_idx').on(t.createdAt),
]);

export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** SHA-256 of the bearer token; the token itself is never stored. */
  tokenHash: text('token_hash').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The organisation the session works in (the user's current one): that organisation alone sees and ends it. */
  orgId: integer('org_id').references(() => organizations.id, { onDelete: 'set null' }),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: created(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  /** logout | password_changed | disabled | admin */
  revokedReason: text('revoked_reason'),
}, (t) => [
  uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
  index('sessions_user_idx').on(t.userId),
  index('sessions_created_idx').on(t.createdAt),
  index('sessions_org_created_idx').on(t.orgId, t.createdAt),
  index('sessions_last_seen_idx').on(t.lastSeenAt),
  prefixIdx('sessions_ip_prefix_idx', t.ip),
]);

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: created(),
}, (t) => [index('captchas_expires_idx').on(t.expiresAt)]);

/** Failed-login counters per key (`u:<username>` or `ip:<address>`) within a window; shared by every instance. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
});

/** The route tree (SPEC §3 menu/route entry). */
export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  path: text('path').notNull(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  icon: text('icon').notNull().default(''),
  hidden: boolean('hidden').notNull().default(false),
  redirect: text('redirect').notNull().default(''),
  noCache: boolean('no_cache').notNull().default(false),
  affix: boolean('affix').notNull().default(false),
  component: text('component').notNull().default(''),
  external: boolean('external').notNull().default(false),
  /** Granted to every signed-in user without a role (the dashboard). */
  open: boolean('open').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  uniqueIndex('menus_name_uq').on(t.name),
  index('menus_parent_idx').on(t.parentId),
  prefixIdx('menus_name_prefix_idx', t.name),
  prefixIdx('menus_path_prefix_idx', t.path),
  index('menus_sort_idx').on(t.sort),
]);

/** Operation keys (btnlist). The same key guards the console button and the server method. */
export const buttons = pgTable('buttons', {
  id: serial('id').primaryKey(),
  key: text('key').notNull(),
  title: text('title').notNull(),
  menuId: integer('menu_id').references(() => menus.id, { onDelete: 'set null' }),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  uniqueIndex('buttons_key_uq').on(t.key),
  prefixIdx('buttons_key_prefix_idx', t.key),
  prefixIdx('buttons_title_prefix_idx', t.title),
  index('buttons_menu_idx').on(t.menuId),
]);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  remark: text('remark').notNull().default(''),
  status: integer('status').notNull().default(1),
  createdAt: created(),
  updatedAt: updated(),
}, (t) => [
  index('roles_org_idx').on(t.orgId),
  index('roles_org_name_idx').on(t.orgId, t.name),
  index('roles_org_created_idx').on(t.orgId, t.createdAt),
  prefixIdx('roles_name_prefix_idx', t.name),
  index('roles_status_idx').on(t.status),
]);

export const roleMenus = pgTable('role_menus', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  menuId: integer('menu_id').notNull().references(() => menus.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.menuId] })]);

export const roleButtons = pgTable('role_buttons', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  buttonId: integer('button_id').notNull().references(() => buttons.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.buttonId] })]);

/** A user holds roles within an organisation. */
export const userRoles = pgTable('user_roles', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.orgId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)]);

/** Branding per domain (SPEC §3 page configuration). The row with domain '' is the default brand. */
export const domainConfigs = pgTable('domain_configs', {
  /** Surrogate key so a domain's row can be addressed like every other resource row. */
  id: serial('id').notNull(),
  domain: text('domain').primaryKey(),
  orgId: integer('org_id').references(() => organizations.id, { onDelete: 'set null' }),
  homeTitle: text('home_title').notNull().default(''),
  icon: text('icon').notNull().default(''),
  homeLogo: text('home_logo').notNull().default(''),
  company: text('company').notNull().default(''),
  companyUrl: text('company_url').notNull().default(''),
  telephone: text('telephone').notNull().default(''),
  msgId: text('msg_id').notNull().default(''),
  /** 0 the default brand, 1 a custom-domain (OEM) deployment. */
  domainOem: integer('domain_oem').notNull().default(0),
  updatedAt: updated(),
}, (t) => [
  uniqueIndex('domain_configs_id_uq').on(t.id),
  prefixIdx('domain_configs_domain_prefix_idx', t.domain),
  index('domain_configs_org_idx').on(t.orgId),
  index('domain_configs_updated_idx').on(t.updatedAt),
]);

/** Every change anywhere in the product (DESIGN §4): who, when, from where, what, before → after. */
export const operationLog = pgTable('operation_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: ts('at').notNull().defaultNow(),
  userId: integer('user_id'),
  username: text('username').notNull().default(''),
  orgId: integer('org_id'),
  ip: text('ip').notNull().default(''),
  /** `<endpoint path>#<method>`, e.g. `/admin/system/user#add`, or `login`/`logout`. */
  action: text('action').notNull(),
  target: text('target').notNull().default(''),
  before: jsonb('before'),
  after: jsonb('after'),
  requestId: text('request_id').notNull().default(''),
}, (t) => [
  index('operation_log_at_idx').on(t.at),
  index('operation_log_org_at_idx').on(t.orgId, t.at),
  index('operation_log_user_idx').on(t.userId),
  index('operation_log_action_idx').on(t.action),
  prefixIdx('operation_log_action_prefix_idx', t.action),
  prefixIdx('operation_log_username_prefix_idx', t.username),
  prefixIdx('operation_log_ip_prefix_idx', t.ip),
  index('operation_log_target_idx').on(t.target),
]);
