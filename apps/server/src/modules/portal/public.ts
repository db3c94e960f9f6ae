import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import {
  agentQueryBody, Code, WIFIDOG_PATH, inquiryBody, PortalApi, AD_PAGE_LOGIN, AD_PAGE_SUCCESS, wifiAdClickBody, wifiConfigBody, wifiLoginBody, wifiSendCodeBody, wifiWechatUrlBody,
  type AgentAnswer, type InquiryAnswer, type WifiAdClickAnswer, type WifiConfig, type WifiLoginAnswer, type WifiSendCodeAnswer,
} from '@gx/contract';
import {
  deviceModels, devices, deviceStock, notifications, notificationTargets, organizations, portalAgents, portalChallenges,
  portalGuestSessions, portalSettings, smsTemplates,
} from '../../db/schema';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import { method, type EndpointSpec } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import { countFailure } from '../../auth/throttle';
import { accessListOf } from '../business/accessList';
import { attemptOf, recordAuthAttempt, recordingRefusals } from '../business/authRecord';
import { admitQuery, assertUnder, hits, WIFI_LIMITS } from './limits';
import { assertMaySendCode, checkCode, sendCode, spendCode } from '../../auth/smsCode';
import { gatewayOf, tokenHash } from './wifidog';
import { redeemVoucher } from './redeem';
import { monthStart, settingsFor, smsUsedSince } from './settings';
import { allowOnChannel } from './channelGrant';
import { deviceLimitReached, minutesLeft, quotaFor, quotaReached, usageToday } from './quota';
import { verifyAccount } from './accountLogin';
import { countAdEvents, liveAd, liveAds, wifiAd } from './adStats';

/**
 * `/inquiry` (SPEC §1, §8): a serial → officially certified, out of warranty, or not officially certified. A unit
 * made by us is in the warehouse (`device_stock`); its warranty is its registry row's service term once bound. The
 * answer names the model, the production (warehouse) date and the warranty end only — never owner or organisation.
 */
export const inquiryEndpoint: EndpointSpec = {
  path: PortalApi.inquiry,
  methods: {
    default: method({
      access: 'public',
      body: inquiryBody,
      readOnly: true,
      async handler(ctx, input): Promise<InquiryAnswer> {
        await admitQuery(ctx, 'inq', input.serial, input.code);
        const [unit] = await ctx.db.select({ createdAt: deviceStock.createdAt, model: deviceModels.name, code: deviceModels.code, serviceEnd: devices.serviceEnd })
          .from(deviceStock)
          .innerJoin(deviceModels, eq(deviceModels.id, deviceStock.modelId))
          .leftJoin(devices, eq(devices.id, deviceStock.deviceId))
          .where(eq(sql`lower(${deviceStock.serial})`, input.serial.toLowerCase())).limit(1);
        if (!unit) return { result: 'not_certified', model: null, production_date: null, warranty_end: null };
        const end = unit.serviceEnd;
        const expired = end !== null && end.getTime() <= ctx.services.now().getTime();
        return {
          result: expired ? 'out_of_warranty' : 'certified',
          model: unit.model === unit.code ? unit.model : `${unit.model} (${unit.code})`,
          production_date: unit.createdAt.toISOString().slice(0, 10),
          warranty_end: end ? end.toISOString().slice(0, 10) : null,
        };
      },
    }),
  },
};

/**
 * `/agents`: a name, phone or certificate number → authorised (enabled and within its validity) with name, region
 * and end of validity, or not authorised. The phone and certificate are never answered back.
 */
export const agentsEndpoint: EndpointSpec = {
  path: PortalApi.agents,
  methods: {
    default: method({
      access: 'public',
      body: agentQueryBody,
      readOnly: true,
      async handler(ctx, input): Promise<AgentAnswer> {
        await admitQuery(ctx, 'agt', input.query, input.code);
        const now = ctx.services.now();
        const q = input.query;
        const [agent] = await ctx.db.select().from(portalAgents).where(and(
          or(eq(sql`lower(${portalAgents.name})`, q.toLowerCase()), eq(portalAgents.phone, q), eq(portalAgents.certificateNo, q.toUpperCase())),
          eq(portalAgents.status, 1), lte(portalAgents.validFrom, now), gt(portalAgents.validTo, now),
        )).orderBy(desc(portalAgents.validTo)).limit(1);
        if (!agent) return { result: 'not_authorised', name: null, region: null, valid_to: null };
        return { result: 'authorised', name: agent.name, region: agent.region, valid_to: agent.validTo.toISOString().slice(0, 10) };
      },
    }),
  },
};

// ─── /wifilogin ─────────────────────────────────────────────────────────────────────────────────────────────────

const stateHash = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * The portal in force for a guest: an enabled organisation that has set up its portal. Anything else is "not
 * found", so the page says nothing about organisations that have no portal.
 */
async function portalOf(ctx: RequestContext, orgId: number, place: string) {
  const [org] = await ctx.db.select({ id: organizations.id, name: organizations.name, status: organizations.status })
    .from(organizations).where(eq(organizations.id, orgId));
  const settings = org?.status === 1 ? await settingsFor(ctx.db, orgId, place) : null;
  if (!org || !settings) throw fail.notFound();
  return { org, settings };
}

type Settings = Awaited<ReturnType<typeof portalOf>>['settings'];

function authTypes(s: Settings): WifiConfig['auth'] {
  if (s.mode === 'open') return ['one_click'];
  if (s.mode !== 'auth') return [];
  return [
    ...(s.authSms ? ['sms' as const] : []), ...(s.authWechat ? ['wechat' as const] : []), ...(s.authOneClick ? ['one_click' as const] : []),
    ...(s.authVoucher ? ['voucher' as const] : []), ...(s.authAccount ? ['account' as const] : []),
  ];
}

function assertOffered(s: Settings, kind: WifiConfig['auth'][number]): void {
  if (s.mode === 'off') throw new AppError(Code.VALIDATION, 'validation.portalOff', 'kind');
  if (!authTypes(s).includes(kind)) throw new AppError(Code.VALIDATION, 'validation.authTypeOff', 'kind');
}

/** Tells the organisation once a month when its remaining SMS fall under its alert level. */
async function alertLowSms(ctx: RequestContext, orgId: number, s: Settings, used: number): Promise<void> {
  if (s.smsQuota <= 0) return;
  const remaining = s.smsQuota - used;
  const now = ctx.services.now();
  const month = now.toISOString().slice(0, 7);
  if (remaining >= s.smsAlert || s.smsAlertedMonth === month) return;
  await ctx.db.transaction(async (tx) => {
    const claimed = await tx.update(portalSettings).set({ smsAlertedMonth: month })
      .where(and(eq(portalSettings.orgId, orgId), sql`${portalSettings.smsAlertedMonth} <> ${month}`)).returning({ id: portalSettings.id });
    if (!claimed.length) return;
    const [n] = await tx.insert(notifications).values({
      orgId, kind: 'inform', audience: 'orgs', status: 1, publishedAt: now, createdAt: now, updatedAt: now,
      title: `短信数量预警 / SMS quantity alert: ${Math.max(0, remaining)}`,
      content: `<p>本月短信剩余 ${Math.max(0, remaining)} 条（共 ${s.smsQuota} 条）。</p><p>${Math.max(0, remaining)} of this month's ${s.smsQuota} SMS are left.</p>`,
    }).returning({ id: notifications.id });
    await tx.insert(notificationTargets).values({ notificationId: n!.id, targetType: 'org', targetId: orgId });
  });
}

type Visit = { mac?: string; url?: string; gw_id?: string; gw_address?: string; gw_port?: number; phone?: string };

/** The gateway a guest signed in behind: a WiFiDog one (token round trip) or one of ours on the device channel. */
export interface VisitGateway { id: number; online: number; channel: boolean }

/**
 * The gateway that sent the guest (`gw_id`, from its `login/` call) must be an enabled one of this organisation.
 * With `gw_address` and `gw_port` it is a WiFiDog gateway; with neither it is one of our own gateways, granted over
 * the device channel, which needs the guest's MAC.
 */
async function gatewayOfVisit(ctx: RequestContext, orgId: number, visit: Visit): Promise<VisitGateway | null> {
  if (visit.gw_id === undefined) return null;
  const gw = await gatewayOf(ctx.db, visit.gw_id);
  if (!gw || gw.orgId !== orgId) throw fail.validation('gw_id', 'validation.gateway');
  if (!visit.gw_address && !visit.gw_port) {
    if (!visit.mac) throw fail.validation('mac', 'validation.mac');
    return { id: gw.id, online: gw.online, channel: true };
  }
  if (!visit.gw_address) throw fail.validation('gw_address', 'validation.ip');
  if (!visit.gw_port) throw fail.validation('gw_port', 'validation.port');
  return { id: gw.id, online: gw.online, channel: false };
}

/**
 * Lets the guest through (unless the organisation's black list names the terminal or the phone): a session with the place's limits, as long as the session length and what is left of
 * the user's daily time quota allow (a user whose daily quota is used up is refused). A WiFiDog gateway gets its
 * auth URL with a one-session token in the answer (only its hash is kept); one of our own gateways gets
 * `portal_allow` over the device channel once the sign-in commits.
 */
export async function grant(
  ctx: RequestContext, orgId: number, place: string, s: Settings, kind: string, identity: string, visit: Visit, gw: VisitGateway | null, exec: Executor = ctx.db,
): Promise<WifiLoginAnswer> {
  const now = ctx.services.now();
  const mac = visit.mac?.toUpperCase() ?? '';
  // The organisation's black and white list (business area): black refuses, white skips the quota and device limit.
  const listed = await accessListOf(exec, orgId, { mac, phone: kind === 'sms' ? identity : '' }, now);
  if (listed === 'black') throw new AppError(Code.FORBIDDEN, 'validation.portalBlocked', 'kind');
  const user = { orgId, kind, identity, mac };
  const used = listed === 'white' ? { bytes: 0, minutes: 0 } : await usageToday(exec, user, now);
  const quota = await quotaFor(exec, user, s, now);
  const minutes = minutesLeft(quota, s.sessionMinutes, used);
  if (quotaReached(quota, used) || minutes < 1) throw new AppError(Code.FAILED, 'validation.portalQuotaUsed', 'kind');
  if (listed !== 'white' && await deviceLimitReached(exec, { orgId, kind, identity, mac }, s.maxDevices, now)) {
    throw new AppError(Code.FAILED, 'validation.portalDeviceLimit', 'kind');
  }
  const token = gw && !gw.channel ? randomBytes(32).toString('base64url') : '';
  const url = visit.url && /^https?:\/\/\S+$/i.test(visit.url) ? visit.url : '';
  await exec.insert(portalGuestSessions).values({
    orgId, place, kind, identity, mac, ip: ctx.ip, upKbps: s.upKbps, downKbps: s.downKbps,
    startedAt: now, expiresAt: new Date(now.getTime() + minutes * 60_000),
    deviceId: gw?.id ?? null, tokenHash: token ? tokenHash(token) : '', url,
  });
  if (gw?.channel) await allowOnChannel(ctx, exec, orgId, gw, { mac, minutes, up_kbps: s.upKbps, down_kbps: s.downKbps });
  // The online page's ads, unless the browser goes straight on to a WiFiDog gateway and never shows that page.
  const ads = token ? [] : await liveAds(exec, orgId, place, AD_PAGE_SUCCESS, now);
  await countAdEvents(exec, orgId, ads, 'view', now);
  // Business → auth data: the success is recorded with the session it opened (a refusal by `login`'s wrapper).
  const attempt = attemptOf(ctx.ip, orgId, place, { ...visit, kind, phone: kind === 'sms' ? identity : visit.phone }, now);
  await recordAuthAttempt(exec, { ...attempt, identity, deviceId: gw?.id ?? null }, null);
  return {
    granted: true, up_kbps: s.upKbps, down_kbps: s.downKbps, session_minutes: minutes, redirect: url,
    gateway_url: token ? `http://${visit.gw_address}:${visit.gw_port}${WIFIDOG_PATH}/auth?token=${token}` : '',
    ads: ads.map(wifiAd),
  };
}

export const wifiloginEndpoint: EndpointSpec = {
  path: PortalApi.wifilogin,
  methods: {
    /** What the page shows: the organisation's name, how to sign in, the terms and the ads of the place. */
    config: method({
      access: 'public',
      body: wifiConfigBody,
      readOnly: true,
      async handler(ctx, input): Promise<WifiConfig> {
        const place = input.place ?? '';
        const { org, settings } = await portalOf(ctx, input.org, place);
        const now = ctx.services.now();
        // Served is seen: the page draws every ad it is given, so each counts one view here.
        const ads = await liveAds(ctx.db, org.id, place, AD_PAGE_LOGIN, now);
        await countAdEvents(ctx.db, org.id, ads, 'view', now);
        return {
          org_name: org.name, mode: settings.mode as WifiConfig['mode'], auth: authTypes(settings),
          account_kind: authTypes(settings).includes('account') ? (settings.accountKind === 'member' ? 'member' : 'hotel') : null,
          code_validity_min: settings.codeValidityMin, send_interval_s: settings.sendIntervalS, terms: settings.terms, terms_en: settings.termsEn,
          brand_name: settings.brandName, logo: settings.logo, background: settings.background, ads: ads.map(wifiAd),
        };
      },
    }),
    /**
     * The guest opened an ad's link: counted and earned at its slot's price per click, once per ad and address an
     * hour (repeated clicks earn nothing more). Only an ad the guest could be shown now (live, in an enabled slot, at
     * the place) counts; any other id is not found.
     */
    ad_click: method({
      access: 'public',
      body: wifiAdClickBody,
      readOnly: true,
      transactional: false,
      async handler(ctx, input): Promise<WifiAdClickAnswer> {
        const place = input.place ?? '';
        const { org } = await portalOf(ctx, input.org, place);
        const now = ctx.services.now();
        const ad = await liveAd(ctx.db, org.id, place, input.ad, now);
        if (!ad) throw fail.notFound();
        const once = { key: `wifi:adc:${ad.id}:${ctx.ip}`, max: 1 };
        const counted = (await hits(ctx.db, once.key, now, 3600)).count === 0;
        await countFailure(ctx.db, [once], now, 3600);
        if (counted) await countAdEvents(ctx.db, org.id, [ad], 'click', now);
        return { counted };
      },
    }),
    /** A 6-digit code by SMS, within the sending interval, the daily caps and the organisation's monthly quota. */
    send_code: method({
      access: 'public',
      body: wifiSendCodeBody,
      readOnly: true,
      async handler(ctx, input): Promise<WifiSendCodeAnswer> {
        const { org, settings } = await portalOf(ctx, input.org, input.place ?? '');
        assertOffered(settings, 'sms');
        const now = ctx.services.now();
        const scope = { orgId: org.id, kind: 'sms', phone: input.phone };
        const caps = [
          { key: `wifi:p:${org.id}:${input.phone}`, max: WIFI_LIMITS.sendsPerPhoneDay }, { key: `wifi:ip:${ctx.ip}`, max: WIFI_LIMITS.sendsPerIpDay },
        ];
        await assertMaySendCode(ctx.db, scope, caps, settings.sendIntervalS, now);
        const used = await smsUsedSince(ctx.db, org.id, monthStart(now));
        if (settings.smsQuota > 0 && used >= settings.smsQuota) throw new AppError(Code.FAILED, 'validation.smsQuotaUsed', 'phone');
        // The organisation's first SMS template carries its code; without one the provider's default template is used.
        const [tpl] = await ctx.db.select().from(smsTemplates).where(eq(smsTemplates.orgId, org.id)).orderBy(asc(smsTemplates.id)).limit(1);
        await sendCode(ctx, scope, {
          caps, validityMin: settings.codeValidityMin, signName: tpl?.sign || ctx.config.sms.signName, templateCode: tpl?.templateCode ?? 'portal_login',
        });
        await alertLowSms(ctx, org.id, settings, used + 1);
        return { resend_after: settings.sendIntervalS, valid_min: settings.codeValidityMin };
      },
    }),
    /** Where to send the guest for WeChat sign-in; the callback comes back to /wifilogin with `code` and `state`. */
    wechat_url: method({
      access: 'public',
      body: wifiWechatUrlBody,
      readOnly: true,
      async handler(ctx, input): Promise<{ url: string }> {
        const { org, settings } = await portalOf(ctx, input.org, input.place ?? '');
        assertOffered(settings, 'wechat');
        const now = ctx.services.now();
        await assertUnder(ctx.db, [{ key: `wifi:login:${ctx.ip}`, max: WIFI_LIMITS.loginsPerIpHour }], now, 3600);
        const state = randomBytes(16).toString('base64url');
        await ctx.db.insert(portalChallenges).values({ orgId: org.id, kind: 'wechat', key: stateHash(state), expiresAt: new Date(now.getTime() + 10 * 60_000), createdAt: now });
        const host = ctx.req.headers.host ?? 'localhost';
        return { url: ctx.services.wechat.authorizeUrl(`${ctx.req.protocol}://${host}/wifilogin`, state) };
      },
    }),
    /** Signs a guest in by SMS code, WeChat, one click, voucher or account (hotel stay, member), and answers the grant with the place's limits. */
    login: method({
      access: 'public',
      body: wifiLoginBody,
      readOnly: true,
      async handler(ctx, input): Promise<WifiLoginAnswer> {
        const place = input.place ?? '';
        const { org, settings } = await portalOf(ctx, input.org, place);
        assertOffered(settings, input.kind);
        const now = ctx.services.now();
        const perIp = { key: `wifi:login:${ctx.ip}`, max: WIFI_LIMITS.loginsPerIpHour };
        await assertUnder(ctx.db, [perIp], now, 3600);
        await countFailure(ctx.db, [perIp], now, 3600);
        // Business → auth data: every attempt within the address's limit is recorded, a refusal here (outside any transaction).
        return recordingRefusals(ctx.db, ctx.req.log, attemptOf(ctx.ip, org.id, place, input, now), async () => {
          // The gateway is checked before any code or state is spent on the sign-in.
          const gateway = await gatewayOfVisit(ctx, org.id, input);
          if (input.kind === 'one_click') {
            if ((settings.terms || settings.termsEn) && !input.accept_terms) throw new AppError(Code.VALIDATION, 'validation.termsRequired', 'accept_terms');
            return grant(ctx, org.id, place, settings, 'one_click', '', input, gateway);
          }
          if (input.kind === 'wechat') {
            if (!input.wx_code || !input.wx_state) throw fail.validation('wx_code', 'validation.required');
            const [used] = await ctx.db.update(portalChallenges).set({ usedAt: now }).where(and(
              eq(portalChallenges.orgId, org.id), eq(portalChallenges.kind, 'wechat'), eq(portalChallenges.key, stateHash(input.wx_state)),
              isNull(portalChallenges.usedAt), gt(portalChallenges.expiresAt, now),
            )).returning({ id: portalChallenges.id });
            if (!used) throw fail.validation('wx_state', 'validation.invalid');
            const exchanged = await ctx.services.wechat.exchange(input.wx_code);
            if (!exchanged.ok) throw fail.validation('wx_code', 'validation.invalid');
            return grant(ctx, org.id, place, settings, 'wechat', exchanged.identity.openid, input, gateway);
          }
          if (input.kind === 'account') {
            const identity = await verifyAccount(ctx, org.id, place, settings, input);
            return grant(ctx, org.id, place, settings, 'account', identity, input, gateway);
          }
          if (input.kind === 'voucher') {
            if (!input.voucher) throw fail.validation('voucher', 'validation.voucher');
            const typed = input.voucher;
            // The use and the session commit together: a failed grant gives the use back.
            return ctx.db.transaction(async (tx) => {
              const who = { mac: input.mac?.toUpperCase() ?? '', phone: input.phone ?? '', ip: ctx.ip };
              const v = await redeemVoucher(tx, org.id, place, typed, who, now);
              const s = v.sessionMinutes > 0 ? { ...settings, sessionMinutes: v.sessionMinutes } : settings;
              return grant(ctx, org.id, place, s, 'voucher', v.code, input, gateway, tx);
            });
          }
          if (!input.phone) throw fail.validation('phone', 'validation.phone');
          if (!input.code) throw fail.validation('code', 'validation.smsCode');
          const scope = { orgId: org.id, kind: 'sms', phone: input.phone };
          await spendCode(ctx.db, await checkCode(ctx.db, scope, input.code, now, 'code'), now, 'code');
          return grant(ctx, org.id, place, settings, 'sms', input.phone, input, gateway);
        });
      },
    }),
  },
};
