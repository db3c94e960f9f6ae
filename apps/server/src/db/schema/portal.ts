import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { organizations } from './core';
import { devices } from './device';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** An organisation's SMS templates (SPEC §7 SMS config; the page configuration's msg_id picks one). */
export const smsTemplates = pgTable('sms_templates', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  content: text('content').notNull(),
  sign: text('sign').notNull().default(''),
  /** The provider's template code, e.g. SMS_71390007. */
  templateCode: text('template_code').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('sms_templates_org_idx').on(t.orgId)]);

/**
 * Every SMS the server sends, whichever provider. Template parameters (the codes) are kept only for the local
 * provider, so development and tests can read the code while production never stores one in clear.
 */
export const smsMessages = pgTable('sms_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').references(() => organizations.id, { onDelete: 'set null' }),
  phone: text('phone').notNull(),
  signName: text('sign_name').notNull().default(''),
  templateCode: text('template_code').notNull(),
  params: jsonb('params'),
  provider: text('provider').notNull(),
  /** sent | failed */
  status: text('status').notNull(),
  providerId: text('provider_id').notNull().default(''),
  error: text('error').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('sms_messages_org_idx').on(t.orgId, t.createdAt), index('sms_messages_phone_idx').on(t.phone, t.createdAt),
  // The SMS log's state filter (business → Portal IT & SMS, 0062_portal_records).
  index('sms_messages_org_status_idx').on(t.orgId, t.status, t.createdAt),
]);

/** Captive-portal settings of an organisation (place '') and of its places (SPEC §3 portal vocabulary). */
export const portalSettings = pgTable('portal_settings', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  place: text('place').notNull().default(''),
  mode: text('mode').notNull().default('auth'),
  authSms: boolean('auth_sms').notNull().default(true),
  authWechat: boolean('auth_wechat').notNull().default(false),
  authOneClick: boolean('auth_one_click').notNull().default(false),
  authVoucher: boolean('auth_voucher').notNull().default(false),
  /** Account sign-in: hotel guests or members, asked of the local directory or the connected PMS (at its hotel code). */
  authAccount: boolean('auth_account').notNull().default(false),
  accountKind: text('account_kind').notNull().default('hotel'),
  accountSource: text('account_source').notNull().default('local'),
  accountProperty: text('account_property').notNull().default(''),
  codeValidityMin: integer('code_validity_min').notNull().default(5),
  sendIntervalS: integer('send_interval_s').notNull().default(60),
  smsQuota: integer('sms_quota').notNull().default(0),
  smsAlert: integer('sms_alert').notNull().default(100),
  /** The month (YYYY-MM) whose low-SMS alert was sent, so it goes once a month. */
  smsAlertedMonth: text('sms_alerted_month').notNull().default(''),
  upKbps: integer('up_kbps').notNull().default(0),
  downKbps: integer('down_kbps').notNull().default(0),
  sessionMinutes: integer('session_minutes').notNull().default(480),
  /** Per user and UTC day: megabytes (up + down) and minutes; 0 = no limit. */
  dailyMb: integer('daily_mb').notNull().default(0),
  dailyMinutes: integer('daily_minutes').notNull().default(0),
  /** Days a MAC that signed in passes again without signing in, on any of the organisation's gateways; 0 = never. */
  rememberDays: integer('remember_days').notNull().default(0),
  /** Minutes without traffic growth after which a session ends (`idle`); 0 = never. */
  idleMinutes: integer('idle_minutes').notNull().default(0),
  /** Devices (MACs) one sign-in identity may have online at once; 0 = no limit. */
  maxDevices: integer('max_devices').notNull().default(0),
  whitelist: text('whitelist').notNull().default(''),
  /** MACs (upper case, one per line) let through without signing in. */
  macWhitelist: text('mac_whitelist').notNull().default(''),
  terms: text('terms').notNull().default(''),
  /** The terms for guests reading English ('' : the Chinese ones). */
  termsEn: text('terms_en').notNull().default(''),
  /** Branding of the sign-in page: its headline ('' : the organisation's name), logo and background (upload paths). */
  brandName: text('brand_name').notNull().default(''),
  logo: text('logo').notNull().default(''),
  background: text('background').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('portal_settings_org_place_uq').on(t.orgId, t.place),
  prefixIdx('portal_settings_place_prefix_idx', t.place),
  index('portal_settings_org_mode_idx').on(t.orgId, t.mode),
  index('portal_settings_org_updated_idx').on(t.orgId, t.updatedAt),
]);

/** Places for ads on the guest pages, with what a view and a click earn (cents per thousand views, per click). */
export const portalAdSlots = pgTable('portal_ad_slots', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  placement: text('placement').notNull().default('login'),
  maxAds: integer('max_ads').notNull().default(3),
  cpmCents: integer('cpm_cents').notNull().default(0),
  cpcCents: integer('cpc_cents').notNull().default(0),
  status: integer('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('portal_ad_slots_name_prefix_idx', t.name),
  index('portal_ad_slots_org_name_idx').on(t.orgId, t.name),
  index('portal_ad_slots_org_placement_idx').on(t.orgId, t.placement),
  index('portal_ad_slots_org_status_idx').on(t.orgId, t.status),
  index('portal_ad_slots_org_cpm_idx').on(t.orgId, t.cpmCents),
  index('portal_ad_slots_org_cpc_idx').on(t.orgId, t.cpcCents),
  index('portal_ad_slots_org_created_idx').on(t.orgId, t.createdAt),
  index('portal_ad_slots_org_id_idx').on(t.orgId, t.id),
]);

/** Ads in the slots of the guest pages, with their all-time view and click counts. */
export const portalAdverts = pgTable('portal_adverts', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  /** Removing a slot that still holds ads is refused (the resource's usedBy), so the key never dangles. */
  slotId: integer('slot_id').notNull().references(() => portalAdSlots.id),
  title: text('title').notNull(),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  place: text('place').notNull().default(''),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  prefixIdx('portal_adverts_title_prefix_idx', t.title),
  index('portal_adverts_slot_idx').on(t.slotId),
  index('portal_adverts_org_slot_idx').on(t.orgId, t.slotId),
  index('portal_adverts_org_views_idx').on(t.orgId, t.views),
  index('portal_adverts_org_clicks_idx').on(t.orgId, t.clicks),
  index('portal_adverts_org_sort_idx').on(t.orgId, t.sort),
  index('portal_adverts_org_status_idx').on(t.orgId, t.status),
  index('portal_adverts_org_place_idx').on(t.orgId, t.place),
  index('portal_adverts_org_starts_idx').on(t.orgId, t.startsAt),
  index('portal_adverts_org_ends_idx').on(t.orgId, t.endsAt),
  index('portal_adverts_org_created_idx').on(t.orgId, t.createdAt),
  index('portal_adverts_org_id_idx').on(t.orgId, t.id),
]);

/**
 * Views, clicks and earnings per ad and hour (UTC hours, so a report groups them into the days of any whole-hour
 * zone). Earnings are milli-cents: a view earns the slot's price per thousand views in milli-cents exactly. The ad
 * and slot are let go (null) when removed, so the organisation's earnings stay in its reports.
 */
export const portalAdStats = pgTable('portal_ad_stats', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  advertId: integer('advert_id').references(() => portalAdverts.id, { onDelete: 'set null' }),
  slotId: integer('slot_id').references(() => portalAdSlots.id, { onDelete: 'set null' }),
  hour: ts('hour').notNull(),
  views: integer('views').notNull().default(0),
  clicks: integer('clicks').notNull().default(0),
  earnedMilli: bigint('earned_milli', { mode: 'number' }).notNull().default(0),
}, (t) => [
  uniqueIndex('portal_ad_stats_advert_hour_idx').on(t.advertId, t.hour),
  index('portal_ad_stats_org_hour_idx').on(t.orgId, t.hour),
]);

/** The platform's register of authorised agents (the public /agents query). */
export const portalAgents = pgTable('portal_agents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  certificateNo: text('certificate_no').notNull(),
  region: text('region').notNull(),
  validFrom: ts('valid_from').notNull(),
  validTo: ts('valid_to').notNull(),
  status: integer('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('portal_agents_certificate_uq').on(t.certificateNo),
  prefixIdx('portal_agents_certificate_prefix_idx', t.certificateNo),
  prefixIdx('portal_agents_name_prefix_idx', t.name),
  index('portal_agents_phone_idx').on(t.phone),
  index('portal_agents_status_idx').on(t.status),
  index('portal_agents_created_idx').on(t.createdAt),
  index('portal_agents_valid_from_idx').on(t.validFrom),
  index('portal_agents_valid_to_idx').on(t.validTo),
]);

/** An organisation's WeChat official-account menu: the saved tree and the one last published. */
export const wechatMenus = pgTable('wechat_menus', {
  orgId: integer('org_id').primaryKey().references(() => organizations.id, { onDelete: 'cascade' }),
  menu: jsonb('menu').notNull(),
  published: jsonb('published'),
  publishedAt: ts('published_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Guest sign-in challenges of /wifilogin: an SMS code (key = phone) or a WeChat state (key = state hash). Only the
 * code's SHA-256 is kept; wrong tries are counted per code.
 */
export const portalChallenges = pgTable('portal_challenges', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Null for codes that belong to no organisation: account registration (auth/smsCode.ts). */
  orgId: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  key: text('key').notNull(),
  codeHash: text('code_hash').notNull().default(''),
  tries: integer('tries').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('portal_challenges_lookup_idx').on(t.orgId, t.kind, t.key, t.createdAt), index('portal_challenges_expires_idx').on(t.expiresAt)]);

/** Guests let through by the portal (the grant a gateway enforces), per organisation and place. */
export const portalGuestSessions = pgTable('portal_guest_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  place: text('place').notNull().default(''),
  kind: text('kind').notNull(),
  /** Phone (sms), openid (wechat) or '' (one-click). */
  identity: text('identity').notNull().default(''),
  mac: text('mac').notNull().default(''),
  ip: text('ip').notNull().default(''),
  upKbps: integer('up_kbps').notNull(),
  downKbps: integer('down_kbps').notNull(),
  startedAt: ts('started_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  /** The gateway (a registry device, the WiFiDog `gw_id`) the guest signed in behind; null for a page-only sign-in. */
  deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
  /** SHA-256 of the WiFiDog token handed to the gateway; '' when none was issued. */
  tokenHash: text('token_hash').notNull().default(''),
  /** active | ended (logout) | kicked (operator) | expired (session length) | quota (daily quota) | idle — PORTAL_GUEST_STATES. */
  state: text('state').notNull().default('active'),
  /** Bytes the gateway counted to and from the guest (WiFiDog `incoming` / `outgoing`, cumulative). */
  incoming: bigint('incoming', { mode: 'number' }).notNull().default(0),
  outgoing: bigint('outgoing', { mode: 'number' }).notNull().default(0),
  /** Where the guest was going when the gateway caught them. */
  url: text('url').notNull().default(''),
  lastSeenAt: ts('last_seen_at'),
  /** When the gateway last reported more traffic than before (the idle timeout counts from it, else from the start). */
  activeAt: ts('active_at'),
  endedAt: ts('ended_at'),
}, (t) => [
  index('portal_guest_sessions_org_started_idx').on(t.orgId, t.startedAt),
  index('portal_guest_sessions_token_idx').on(t.tokenHash),
  index('portal_guest_sessions_org_device_state_idx').on(t.orgId, t.deviceId, t.state),
  index('portal_guest_sessions_org_state_idx').on(t.orgId, t.state, t.startedAt),
  index('portal_guest_sessions_state_expires_idx').on(t.state, t.expiresAt),
  // The guests-online list filters by MAC and sorts by traffic within the organisation.
  index('portal_guest_sessions_org_mac_idx').on(t.orgId, t.mac),
  index('portal_guest_sessions_org_incoming_idx').on(t.orgId, t.incoming),
  index('portal_guest_sessions_org_outgoing_idx').on(t.orgId, t.outgoing),
  // Daily quotas add up a user's sessions of the day.
  index('portal_guest_sessions_org_identity_started_idx').on(t.orgId, t.kind, t.identity, t.startedAt),
]);
