import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, getTableColumns, inArray, is, SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  Code, FAMILY_PAGES, isPlatformKey, methodPath, permissionKey, PLATFORM_ORG_ID, PortalApi, prizeSettingsResource, suggestionResource, userResource,
  defaultLayoutFor, PROGRAMME_PATH, programmeStreamResource, TEMPLATE_PATH, type GrantKind, type ResourceDecl,
} from '@gx/contract';
import { authorityGroups, buttons, devices, menus, organizations, roleButtons, roleMenus, roles, userRoles, users } from '../db/schema';
import { platformMenuNames } from '../modules/system/grants';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { mergeEndpoints, type GrantLikeSpec } from '../http/endpoint';
import { allEndpoints, productResources } from '../modules/areas';
import { timedTasks } from '../modules/business/timedTaskTables';
import { runDueTasks } from '../modules/business/timedTaskRunner';
import { runProgrammeStream } from '../modules/business/programmeStreamRunner';
import { makeOrg, makeUser, type MadeUser } from './testing/fixtures';
import { blobOf, PNG_1PX, postForm } from '../testing/members';
import { screenChats } from '../modules/oa/screenChat';
import { dcWebhookDeliveries } from '../modules/dc/webhooks';
import { DeviceWriter } from '../modules/equipment/writer';
import { licenceGrants } from '../modules/business/authorizedReceive';
import { deviceAuths } from '../modules/equipment/productManage';

/**
 * The authorization matrix, generated from the endpoint list and the resource declarations: a new endpoint or
 * resource is covered here without writing a test. For every endpoint and method: anonymous → 1002, a signed-in
 * user without the key → 1003, the platform administrator → past both checks. For every organisation-scoped
 * resource: a user of another organisation holding every key can neither see nor change the first
 * organisation's rows, not even by naming their ids. For every platform-wide resource: no organisation but the
 * platform's reaches it, whatever keys its roles hold. For every grant-like operation, a caller holding a strict
 * subset of keys (only those to call it) cannot produce a principal with more: through a grant-like field (declared
 * `grants`: buttons, menus, roles or permission groups handed to a principal), by adding a row or by updating one;
 * through a state transition of a resource having such a field (enabling a role or an account); through a
 * hand-written method declared `grantLike` (a handover). Each refusal is 1003 naming the field, and nobody's
 * holdings change. Likewise every takeover-like method (one letting the caller sign in as another account: a resource
 * action declared `takeover`, a hand-written method marked `takeover`) is refused on an account holding more than
 * the caller and on the organisation's owner, leaving the account as it was.
 */

/** The resources whose ids, handed out, are permissions: a field naming them must be declared grant-like. */
const GRANTED_BY: Record<string, GrantKind> = {
  'system.button': 'buttons', 'system.permission': 'menus', 'system.role': 'roles', 'system.authority_group': 'groups',
};
/** References that place a row in the menu tree rather than hand anything to a principal. */
const PLACES_NOT_GRANTS = new Set(['system.permission.parent_id', 'system.button.menu_id']);

interface Call { path: string; method: string; access: string; grantLike?: GrantLikeSpec; takeover?: string }

const calls: Call[] = mergeEndpoints(allEndpoints).flatMap((e) =>
  Object.entries(e.methods).map(([method, m]) => ({ path: e.path, method, access: m.access, grantLike: m.grantLike, takeover: m.takeover })));
const keyed = calls.filter((c) => c.access !== 'public' && c.access !== 'user');
const bodyFor = (c: Call, extra: Record<string, unknown> = {}) => (c.method === 'default' ? extra : { method: c.method, ...extra });
const label = (c: Call) => `${c.path}#${c.method}`;

/**
 * A test here walks every endpoint one call at a time, so it grows with the product: 50–55 s on PostgreSQL at a load
 * of 13 on two cores, near the suite's 60 s. It ends when its last call answers; the limit only bounds a hang.
 */
const WALK_MS = 300_000;

describe.each(engines)('authorization matrix (%s)', { timeout: WALK_MS }, (engine) => {
  let t: TestApp;
  let admin: string;
  let insider: MadeUser;
  let keyless: MadeUser;
  let outsider: MadeUser;
  let owner: MadeUser;
  let orgA: number;
  const made = new Map<string, number>();

  /** A resource's example body, its references resolved to example rows of theirs. */
  async function exampleBody(key: string): Promise<Record<string, unknown>> {
    const b = productResources.bindingOf(key);
    if (!b?.decl.example) throw new Error(`${key} has no example to create`);
    const body: Record<string, unknown> = { ...b.decl.example };
    for (const [name, f] of Object.entries(b.decl.fields)) {
      if (body[name] === undefined || !f.ref) continue;
      const id = await example(f.ref.resource);
      body[name] = f.type === 'refMany' ? [id] : id;
    }
    return body;
  }

  /** Creates a resource's example row (references first, by their own examples), once per resource. */
  async function example(key: string): Promise<number> {
    const seen = made.get(key);
    if (seen) return seen;
    const b = productResources.bindingOf(key)!;
    const body = await exampleBody(key);
    const token = b.tenant.kind === 'platform' ? admin : insider.token;
    const r = await t.post<{ id: number }>(b.decl.path, { method: 'add', ...body }, { token });
    if (r.code !== 200 || !r.data) throw new Error(`creating the ${key} example failed: ${r.code} ${r.msg} ${r.field ?? ''}`);
    made.set(key, r.data.id);
    return r.data.id;
  }

  /** Rows of resources without `add`, made through the calls that create them. */
  const makers: Record<string, () => Promise<unknown>> = {
    'device.command': async () => t.post('/admin/device/command', { method: 'send', ids: [await example('device.binding')], name: 'restart', params: {} }, { token: insider.token }),
    // Resetting a secret writes the device's event log.
    'device.event': async () => t.post('/admin/device/binding', { method: 'reset_secret', id: await example('device.binding') }, { token: insider.token }),
    // Alarms come from evaluation: a rule the device's reported metric breaches at once.
    'device.alarm': async () => {
      const id = await example('device.binding');
      const [d] = await t.database.db.update(devices).set({ metrics: { cpu: 99 } }).where(eq(devices.id, id)).returning({ orgId: devices.orgId, family: devices.family });
      await t.post('/admin/device/alarm_rule', { method: 'add', name: 'Probe', family: d!.family, metric: 'cpu', operator: 'gt', threshold: 90, duration_s: 0, severity: 'info' }, { token: insider.token });
      await t.app.deviceChannel.alarms.telemetryStored(new Map([[d!.orgId, [id]]]));
    },
    // Winners come from a draw: a complete prize set, enabled, drawn once.
    'marketing.prize_win': async () => {
      const id = await example('marketing.prize_settings');
      const path = prizeSettingsResource.path;
      await t.post(path, { method: 'save_prizes', id, prizes: [{ name: 'Probe prize', kind: 1, stock: 5, weight: 100, per_user_limit: 0 }] }, { token: insider.token });
      await t.post(path, { method: 'enable', id }, { token: insider.token });
      return t.post(path, { method: 'draw', id, participant: 'matrix' }, { token: insider.token });
    },
    // Laundry orders come from starting a machine (the local platform: every machine is idle at first).
    'business.laundry_order': async () => t.post('/admin/business/laundry', { method: 'start', id: await example('business.laundry_machine'), program: 'standard' }, { token: insider.token }),
    // Runs come from the runner: the example task, made due, claimed once.
    'business.timed_task_run': async () => {
      const id = await example('business.timed_task');
      await t.database.db.update(timedTasks).set({ nextRunAt: new Date(0) }).where(eq(timedTasks.id, id));
      return runDueTasks({ db: t.database.db, now: () => new Date(), delivery: () => null, onError: () => undefined });
    },
    // A stream entry names a programme and a screen of the organisation; always on, so a tick switches (and logs) the screen.
    'business.programme_stream': () => (streamEntry ??= (async () => {
      const screen = await t.post<{ id: number }>('/admin/device/binding', { method: 'add', serial: 'MATRIX-STREAM', family: 'screen' }, { token: insider.token });
      const tpl = await t.post<{ id: number }>(TEMPLATE_PATH, { method: 'save', name: 'Probe', preset: 'hotel', layout: defaultLayoutFor('hotel') }, { token: insider.token });
      const prog = await t.post<{ id: number }>(PROGRAMME_PATH, { method: 'save', name: 'Probe', start: '00:00', end: '00:00', items: [{ template_id: tpl.data!.id, seconds: 10 }] }, { token: insider.token });
      return t.post(programmeStreamResource.path, {
        method: 'add', name: 'A row to probe', programme_id: prog.data!.id, device_ids: [screen.data!.id], start_date: '2000-01-01',
        start_time: '00:00', end_time: '00:00', days: [1, 2, 3, 4, 5, 6, 7], priority: 0, time_zone: 'Asia/Shanghai',
      }, { token: insider.token });
    })()),
    'business.programme_stream_log': async () => {
      await makers['business.programme_stream']!();
      return runProgrammeStream({ db: t.database.db, now: () => new Date(), publicUrl: undefined, delivery: () => null, onError: () => undefined });
    },
    // An organisation's author addresses its own organisation (the example names the platform's).
    'notification.content': () => t.post('/admin/notification/content', { method: 'add', kind: 'notice', title: 'A row to probe', audience: 'orgs', targets: [orgA] }, { token: insider.token }),
    // A claim: the platform stocks a unit, the organisation claims it with its authorization number.
    'device.audit': async () => {
      const unit = await t.post<{ serial: string; authorization_number: string }>('/admin/device/warehouse', { method: 'detail', id: await example('device.warehouse') }, { token: admin });
      return t.post('/admin/device/binding', { method: 'claim', serial: unit.data!.serial, authorization_number: unit.data!.authorization_number }, { token: insider.token });
    },
    // Screen messages come from guests through a screen's link.
    'oa.screen_chat': () => t.database.db.insert(screenChats).values({ orgId: orgA, content: 'A message to probe' }),
    // Library files come from an upload.
    'oa.media': () => postForm(t, '/admin/boos/uccn/upload', { method: 'upload', file: blobOf(PNG_1PX) }, insider.token),
    // Offered and shared to a third organisation, so the outsider is neither side.
    'device.transfer': async () => t.post('/admin/device/binding', { method: 'transfer', id: await example('device.binding'), to_org_id: await makeOrg(t, 'Third') }, { token: insider.token }),
    'device.share': async () => t.post('/admin/device/binding', { method: 'share', id: await example('device.binding'), to_org_id: await makeOrg(t, 'Fourth') }, { token: insider.token }),
    // A family page lists the registry's devices of its family: one is added on All devices.
    ...Object.fromEntries(Object.values(FAMILY_PAGES).map((p) => [`device.${p.segment}`, () => t.post(
      '/admin/device/binding', { method: 'add', serial: `MATRIX-${p.family.toUpperCase()}`, family: p.family }, { token: insider.token },
    )])),
    // A project's portal platform names a place the organisation has portal settings for.
    'business.portal_platform': async () => { await example('portal.settings'); return example('business.portal_platform'); },
    // Online periods come from the device channel: the example device heard once.
    'business.online_record': async () => {
      const writer = new DeviceWriter(t.database.db, () => undefined);
      writer.touch(await example('device.binding'), new Date());
      return writer.flush();
    },
    // Licence grants: the platform sends to the organisation; the organisation's own sends (a distributor's, drawn
    // from a licence it holds) are written directly, to a third organisation.
    'business.authorized_receive': () => t.post('/admin/business/authorized_send', {
      method: 'add', to_org_id: orgA, feature: 'portal', serial: 'MATRIX-GRANT', quantity: 1, valid_from: '2026-01-01T00:00:00Z',
    }, { token: admin }),
    // Licences are issued by the platform: the organisation's one arrives as an accepted grant writes it.
    'device.device_auth': async () => t.database.db.insert(deviceAuths).values({
      orgId: orgA, code: 'LIC000000000000000042', serial: 'MATRIX-LICENCE', feature: 'portal', quantity: 1, validFrom: new Date('2026-01-01T00:00:00Z'),
    }),
    'business.authorized_send': async () => t.database.db.insert(licenceGrants).values({
      fromOrgId: orgA, toOrgId: await makeOrg(t, 'Grantee'), feature: 'portal', serial: 'MATRIX-GRANT', quantity: 1, validFrom: new Date('2026-01-01T00:00:00Z'),
    }),
    // Guests' online periods are the portal's sessions.
    'business.guest_online_record': () => makers['portal.guest']!(),
    // A guest comes through the organisation's portal (one click on an open portal).
    'portal.guest': async () => {
      await t.post('/admin/device/portal', { method: 'add', place: 'matrix', mode: 'open' }, { token: insider.token });
      return t.post(PortalApi.wifilogin, { method: 'login', org: orgA, place: 'matrix', kind: 'one_click' });
    },
    // Sign-in records and their terminals come from the portal's sign-ins (a terminal needs the guest's MAC).
    'business.auth_data': () => makers['business.auth_terminal']!(),
    'business.auth_terminal': async () => {
      await t.post('/admin/device/portal', { method: 'add', place: 'matrix', mode: 'open' }, { token: insider.token });
      return t.post(PortalApi.wifilogin, { method: 'login', org: orgA, place: 'matrix', kind: 'one_click', mac: 'A8:00:00:00:00:01' });
    },
    // The SMS log is what the SMS configuration's test sends.
    'business.portal_sms_log': async () => t.post('/admin/other_business/message_config', { method: 'test', id: await example('portal.sms'), phone: '13800000000' }, { token: insider.token }),
    // A delivery comes from an event heard for an approved service with a secret (its receiver need not answer).
    'dc.webhook': async () => {
      const svc = await t.post<{ id: number }>('/admin/dc/service', { method: 'add', name: 'Probe hooks', callback_url: 'http://127.0.0.1:9/hook', scopes: 'device.binding.list' }, { token: insider.token });
      await t.post('/admin/dc/audit', { method: 'agree', id: svc.data!.id }, { token: admin });
      await t.post('/admin/dc/service', { method: 'reset_secret', id: svc.data!.id }, { token: insider.token });
      await t.app.webhooks.heard({ type: 'device', org_id: orgA, id: await example('device.binding'), serial: 'MATRIX', online: 1, at: new Date().toISOString() });
      // Its first attempt fails at once (nothing listens there); the row then rests until its retry, 30 s later, so the
      // probe compares it at rest rather than halfway through an attempt.
      await vi.waitFor(async () => {
        const [d] = await t.database.db.select().from(dcWebhookDeliveries).where(eq(dcWebhookDeliveries.orgId, orgA));
        expect(d?.lastError).toBeTruthy();
      }, { timeout: 20_000, interval: 50 });
    },
    // A package arrives as a multipart upload; a campaign needs a package and a device it fits.
    'upgrade.firmware': () => uploadProbePackage(),
    'upgrade.campaign': async () => {
      await example('device.binding');
      return t.post('/admin/upgrade/campaign', { method: 'add', name: 'A row to probe', firmware_id: await uploadProbePackage(), filter_family: 'ig' }, { token: insider.token });
    },
    // A plugin version arrives as a multipart upload; a plugin log row comes from pushing it to a gateway of its own
    // that never comes online (the example gateway is touched online above: its command would move, and the log row
    // with it, while the row is being probed).
    'business.plugin_version': () => uploadProbePlugin(),
    'business.plugin_log': async () => {
      const device = await t.post<{ id: number }>('/admin/device/binding', { method: 'add', ...await exampleBody('device.binding'), serial: 'MATRIX-PLUGIN-0001' }, { token: insider.token });
      if (device.code !== 200 || !device.data) throw new Error(`adding the plugin log's gateway failed: ${device.code} ${device.msg}`);
      return t.post('/admin/business/plugin/version', {
        method: 'push', id: await uploadProbePlugin(), push_action: 'install', device_ids: [device.data.id],
      }, { token: insider.token });
    },
  };
  let probePlugin: number | undefined;
  async function uploadProbePlugin(): Promise<number> {
    if (probePlugin !== undefined) return probePlugin;
    const r = await postForm<{ id: number }>(t, '/admin/business/plugin/version', {
      method: 'upload', plugin_id: String(await example('business.plugin')), version: '1.0.0', file: blobOf(Buffer.from([1, 2, 3]), 'application/octet-stream'),
    }, insider.token);
    if (r.code !== 200 || !r.data) throw new Error(`uploading the probe plugin failed: ${r.code}`);
    probePlugin = r.data.id;
    return probePlugin;
  }
  let streamEntry: Promise<unknown> | undefined;
  let probePackage: number | undefined;
  async function uploadProbePackage(): Promise<number> {
    if (probePackage !== undefined) return probePackage;
    const form = new FormData();
    for (const [k, v] of Object.entries({ method: 'upload', version: '1.0.0', family: 'ig' })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'probe.bin');
    const res = await fetch(`${t.url}/v3/admin/upgrade/firmware`, { method: 'POST', body: form, headers: { authorization: `Bearer ${insider.token}` } });
    const r = (await res.json()) as { code: number; data?: { id: number } };
    if (r.code !== 200 || !r.data) throw new Error(`uploading the probe package failed: ${r.code}`);
    probePackage = r.data.id;
    return probePackage;
  }

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    orgA = await makeOrg(t, 'First');
    insider = await makeUser(t, orgA, 'all');
    keyless = await makeUser(t, orgA, []);
    outsider = await makeUser(t, await makeOrg(t, 'Second'), 'all');
    // The first organisation's owner holds everything of it: it sets rows up beyond what the probes' callers hold.
    owner = await makeUser(t, orgA, 'all');
    await t.database.db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, orgA));
    // Suggestions have no `add`: their rows come from the navbar's `form`, which any signed-in user may call.
    expect((await t.post(suggestionResource.path, { method: 'form', content: 'A row to probe' }, { token: insider.token })).code).toBe(200);
  });
  afterAll(async () => t.close());

  it('covers every system endpoint of SPEC §7, each answering list as {list, total, page, size}', async () => {
    const paths = new Set(calls.map((c) => c.path));
    for (const p of ['belong', 'function_menu', 'webmaster', 'visit_log', 'authority_group', 'organization_cluster', 'unit', 'order',
      'cloud_app', 'organization', 'organization_manager', 'cluster', 'user', 'role', 'permission', 'button', 'operation_log', 'website_config', 'nic']) {
      const path = p === 'belong' ? '/admin/system/webmaster/belong' : `/admin/system/${p}`;
      expect(paths.has(path), path).toBe(true);
      const r = await t.post<Record<string, unknown>>(path, { method: 'list', page: 1, size: 5 }, { token: admin });
      expect(Object.keys(r.data ?? {}).sort(), path).toEqual(['list', 'page', 'size', 'total']);
      expect(r.data, path).toMatchObject({ page: 1, size: 5 });
    }
    for (const op of ['list', 'add', 'update', 'remove']) for (const r of ['user', 'role', 'permission', 'button']) {
      expect(paths.has(`/admin/system/${r}/${op}`)).toBe(true);
    }
    for (const d of productResources.servedDeclarations()) expect(paths.has(d.path), d.key).toBe(true);
  });

  it('refuses anonymous callers with 1002 on every non-public method', async () => {
    const wrong: string[] = [];
    for (const c of calls.filter((x) => x.access !== 'public')) {
      const r = await t.post(c.path, bodyFor(c));
      if (r.code !== Code.NOT_LOGGED_IN) wrong.push(`${label(c)} → ${r.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a signed-in user without the key with 1003 on every keyed method', async () => {
    const wrong: string[] = [];
    for (const c of keyed) {
      const r = await t.post(c.path, bodyFor(c), { token: keyless.token });
      if (r.code !== Code.FORBIDDEN) wrong.push(`${label(c)} → ${r.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets the platform administrator past the session and permission checks everywhere', async () => {
    const wrong: string[] = [];
    for (const c of keyed) {
      const r = await t.post(c.path, bodyFor(c), { token: admin });
      if (r.code === Code.NOT_LOGGED_IN || r.code === Code.FORBIDDEN || r.code === Code.INTERNAL) wrong.push(`${label(c)} → ${r.code} ${r.msg}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses platform-wide resources, platform actions and platform operations to another organisation holding every key', async () => {
    const wrong: string[] = [];
    // Every key of a platform-wide resource is a platform key too (isPlatformKey).
    const probed = keyed.filter((x) => isPlatformKey(x.access));
    // Issuing a device licence is the platform's alone (an organisation must not unlock its own features).
    expect(probed.map(label)).toEqual(expect.arrayContaining(['/admin/productManage/device_auth#add', '/admin/productManage/device_auth#enable', '/admin/system/order#pay']));
    for (const c of probed) {
      const decl = pathDecl(c.path);
      const takesId = ['detail', 'update', 'remove', ...(decl?.actions ?? []).map((x) => x.name)].includes(c.method);
      const extra = c.method === 'add' ? { ...decl?.example } : takesId ? { id: 1, ...actionFields(decl!, decl?.actions?.find((x) => x.name === c.method)?.fields) } : {};
      const r = await t.post(c.path, bodyFor(c, extra), { token: outsider.token });
      if (r.code !== Code.FORBIDDEN) wrong.push(`${label(c)} → ${r.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps each organisation\'s rows from every other organisation, even when their ids are named', async () => {
    const wrong: string[] = [];
    for (const b of productResources.allBindings().filter((x) => x.tenant.kind !== 'platform')) {
      const { decl } = b;
      const ops = new Set(decl.operations);
      const mine = await t.post<{ list: { id: number }[] }>(decl.path, { method: 'list', size: 1 }, { token: insider.token });
      let id = mine.data?.list[0]?.id;
      if (id === undefined && makers[decl.key]) {
        await makers[decl.key]!();
        id = (await t.post<{ list: { id: number }[] }>(decl.path, { method: 'list', size: 1 }, { token: insider.token })).data?.list[0]?.id;
      }
      if (id === undefined && ops.has('add') && decl.example) id = await example(decl.key);
      if (id === undefined) { wrong.push(`${decl.key}: no row to probe`); continue; }
      // The row is its stored fields: those read from other tables or the clock (SQL columns, virtual fields) move on
      // their own — a stream entry starts playing on a screen when the schedule's tick comes, whoever probes.
      const live = new Set([...Object.entries(b.columns).filter(([, c]) => is(c, SQL)).map(([k]) => k), ...Object.keys(b.virtual)]);
      const stored = (data: unknown) => JSON.stringify(Object.entries((data ?? {}) as Record<string, unknown>).filter(([k]) => !live.has(k)));
      const before = await t.post(decl.path, { method: 'detail', id }, { token: insider.token });

      const theirs = await t.post<{ list: { id: number }[]; total: number }>(decl.path, { method: 'list', size: 100 }, { token: outsider.token });
      if (theirs.code !== 200 || theirs.data!.list.some((r) => r.id === id)) wrong.push(`${decl.key}#list shows the row`);
      if (ops.has('export')) {
        const exp = await t.post<{ rows: number }>(decl.path, { method: 'export', format: 'csv' }, { token: outsider.token });
        if (exp.data?.rows !== theirs.data?.total) wrong.push(`${decl.key}#export exports ${exp.data?.rows} rows, list shows ${theirs.data?.total}`);
      }
      if (decl.picker) {
        const sel = await t.post<{ list: unknown[] }>(decl.path, { method: 'select', ids: [id] }, { token: outsider.token });
        if (sel.code !== 200 || sel.data!.list.length) wrong.push(`${decl.key}#select labels the row`);
      }
      const probes: Record<string, unknown>[] = [];
      if (ops.has('detail')) probes.push({ method: 'detail', id });
      if (ops.has('update')) probes.push({ method: 'update', id });
      if (ops.has('remove')) probes.push({ method: 'remove', id }, { method: 'remove', ids: [id] });
      for (const a of decl.actions ?? []) probes.push({ method: a.name, id, ...actionFields(decl, a.fields) });
      for (const body of probes) {
        const r = await t.post(methodPath(decl, String(body.method)), body, { token: outsider.token });
        // A platform key is refused before the row is looked for (the outsider is no platform staff).
        const expected = isPlatformKey(permissionKey(decl, String(body.method))) ? Code.FORBIDDEN : Code.NOT_FOUND;
        if (r.code !== expected) wrong.push(`${decl.key}#${String(body.method)} on another organisation's row → ${r.code}`);
      }
      const after = await t.post(decl.path, { method: 'detail', id }, { token: insider.token });
      if (stored(after.data) !== stored(before.data)) wrong.push(`${decl.key}: the row changed from ${JSON.stringify(before.data)} to ${JSON.stringify(after.data)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares every field that hands out buttons, menus or roles as grant-like', () => {
    const wrong: string[] = [];
    for (const d of productResources.servedDeclarations()) {
      for (const [name, f] of Object.entries(d.fields)) {
        if (PLACES_NOT_GRANTS.has(`${d.key}.${name}`)) continue;
        const kind = f.ref && f.editable !== 'never' ? GRANTED_BY[f.ref.resource] : undefined;
        if (kind && f.grants !== kind) wrong.push(`${d.key}.${name} should declare grants: '${kind}'`);
      }
    }
    expect(wrong).toEqual([]);
  });

  /**
   * Ids of each grant kind beyond what a caller holding `keys` holds, and within it: a button, a menu, a role granting
   * that button, a permission group holding it. Removed again by `drop`.
   */
  async function grantSamples(orgId: number, keys: string[]) {
    const db = t.database.db;
    const platformMenus = platformMenuNames();
    const grantable = (await db.select().from(buttons)).filter((x) => orgId === PLATFORM_ORG_ID || !isPlatformKey(x.key));
    const beyondButton = grantable.find((x) => !keys.includes(x.key))!.id;
    const ownButton = grantable.find((x) => x.key === keys[0])!.id;
    const allMenus = await db.select().from(menus);
    const beyondMenu = allMenus.find((m) => !m.open && (orgId === PLATFORM_ORG_ID || !platformMenus.has(m.name)))!.id;
    const openMenu = allMenus.find((m) => m.open)!.id;
    const roleWith = async (buttonId: number) => {
      const [r] = await db.insert(roles).values({ orgId, name: `grant probe ${buttonId}` }).returning({ id: roles.id });
      await db.insert(roleButtons).values({ roleId: r!.id, buttonId });
      return r!.id;
    };
    const groupWith = async (buttonId: number) => {
      const [g] = await db.insert(authorityGroups).values({ name: `grant probe ${buttonId}`, buttonIds: [buttonId] }).returning({ id: authorityGroups.id });
      return g!.id;
    };
    const beyond: Record<GrantKind, number> = { buttons: beyondButton, menus: beyondMenu, roles: await roleWith(beyondButton), groups: await groupWith(beyondButton) };
    const within: Record<GrantKind, number> = { buttons: ownButton, menus: openMenu, roles: await roleWith(ownButton), groups: await groupWith(ownButton) };
    const drop = async () => {
      await db.delete(userRoles).where(inArray(userRoles.roleId, [beyond.roles, within.roles]));
      await db.delete(roles).where(inArray(roles.id, [beyond.roles, within.roles]));
      await db.delete(authorityGroups).where(inArray(authorityGroups.id, [beyond.groups, within.groups]));
    };
    return { beyond, within, drop };
  }

  /**
   * What every member of the organisation holds: the buttons and (not open) menus of its enabled roles while its
   * account is enabled, and everything when it owns the organisation.
   */
  async function holdings(orgId: number): Promise<Map<number, Set<string>>> {
    const db = t.database.db;
    const held = and(eq(userRoles.orgId, orgId), eq(users.status, 1), eq(roles.status, 1));
    const btn = await db.selectDistinct({ userId: userRoles.userId, key: buttons.key }).from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId)).innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(roleButtons, eq(roleButtons.roleId, roles.id)).innerJoin(buttons, eq(buttons.id, roleButtons.buttonId))
      .where(held);
    const mnu = await db.selectDistinct({ userId: userRoles.userId, name: menus.name }).from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId)).innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id)).innerJoin(menus, and(eq(menus.id, roleMenus.menuId), eq(menus.open, false)))
      .where(held);
    const [org] = await db.select({ ownerId: organizations.ownerId }).from(organizations).where(eq(organizations.id, orgId));
    const out = new Map<number, Set<string>>();
    const add = (userId: number, what: string) => out.set(userId, (out.get(userId) ?? new Set()).add(what));
    for (const r of btn) add(r.userId, r.key);
    for (const r of mnu) add(r.userId, `menu:${r.name}`);
    if (org?.ownerId) add(org.ownerId, 'owner');
    return out;
  }

  /** Who came to hold something the caller does not: `user → what`, empty when nobody. */
  function grownBeyond(before: Map<number, Set<string>>, after: Map<number, Set<string>>, callerId: number): string[] {
    const callerHolds = before.get(callerId) ?? new Set<string>();
    const out: string[] = [];
    for (const [userId, now] of after) {
      for (const what of now) if (!before.get(userId)?.has(what) && !callerHolds.has(what)) out.push(`user ${userId} → ${what}`);
    }
    return out;
  }
  const same = (a: Map<number, Set<string>>, b: Map<number, Set<string>>) =>
    JSON.stringify([...a].map(([k, v]) => [k, [...v].sort()]).sort()) === JSON.stringify([...b].map(([k, v]) => [k, [...v].sort()]).sort());
  const wire = (f: { type: string }, id: number) => (f.type === 'refMany' ? [id] : id);

  it('lets nobody grant, through any grant-like field, more than they hold themselves', async () => {
    const wrong: string[] = [];
    const btnlist = async (token: string) => ((await t.post<{ btnlist: string[] }>('/admin/index/info', {}, { token })).data?.btnlist ?? []).sort();
    const bindings = productResources.allBindings().filter((b) => Object.values(b.decl.fields).some((f) => f.grants));
    expect(bindings.length).toBeGreaterThan(0);
    for (const b of bindings) {
      const { decl } = b;
      const ops = new Set<string>(decl.operations);
      const orgId = b.tenant.kind === 'platform' ? PLATFORM_ORG_ID : orgA;
      // Just the keys to call the methods: a strict subset of what the organisation may grant.
      const keys = ['list', 'add', 'update'].filter((op) => ops.has(op)).map((op) => permissionKey(decl, op));
      const caller = await makeUser(t, orgId, keys);
      const held = await btnlist(caller.token);
      const { beyond, within, drop } = await grantSamples(orgId, keys);
      const rowId = ops.has('update') ? await example(decl.key) : undefined;
      for (const [name, f] of Object.entries(decl.fields)) {
        if (!f.grants) continue;
        const where = `${decl.key}.${name}`;
        if (ops.has('add')) {
          const r = await t.post(decl.path, { method: 'add', ...(await exampleBody(decl.key)), [name]: wire(f, beyond[f.grants]) }, { token: caller.token });
          if (r.code !== Code.FORBIDDEN || r.field !== name) wrong.push(`${where}#add beyond own → ${r.code} ${r.field ?? ''}`);
        }
        if (rowId === undefined) continue;
        const before = await t.post(decl.path, { method: 'detail', id: rowId }, { token: caller.token });
        const r = await t.post(decl.path, { method: 'update', id: rowId, [name]: wire(f, beyond[f.grants]) }, { token: caller.token });
        if (r.code !== Code.FORBIDDEN || r.field !== name) wrong.push(`${where}#update beyond own → ${r.code} ${r.field ?? ''}`);
        const after = await t.post(decl.path, { method: 'detail', id: rowId }, { token: caller.token });
        if (JSON.stringify(after.data) !== JSON.stringify(before.data)) wrong.push(`${where}: a refused update changed the row`);
        // What the caller holds it may hand on: the rule refuses only what is beyond.
        const ok = await t.post(decl.path, { method: 'update', id: rowId, [name]: wire(f, within[f.grants]) }, { token: caller.token });
        if (ok.code !== 200) wrong.push(`${where}#update within own → ${ok.code} ${ok.msg}`);
      }
      if (JSON.stringify(await btnlist(caller.token)) !== JSON.stringify(held)) wrong.push(`${decl.key}: the caller's keys changed`);
      await drop();
    }
    expect(wrong).toEqual([]);
  });

  it('lets no state transition of a resource with grant-like fields make anyone hold more than the caller', async () => {
    const db = t.database.db;
    const wrong: string[] = [];
    const bindings = productResources.allBindings()
      .filter((b) => Object.values(b.decl.fields).some((f) => f.grants) && b.decl.actions?.some((a) => a.transition));
    expect(bindings.map((b) => b.decl.key)).toEqual(expect.arrayContaining(['system.role', 'system.user']));
    for (const b of bindings) {
      const { decl } = b;
      const ops = new Set<string>(decl.operations);
      const orgId = b.tenant.kind === 'platform' ? PLATFORM_ORG_ID : orgA;
      const setter = orgId === PLATFORM_ORG_ID ? admin : owner.token;
      const rowId = await example(decl.key);
      // A row that is itself handed to principals (a role) gets a holder, so what it grants lands on someone.
      const holdingField = Object.entries(userResource.fields).find(([, f]) => f.grants && f.ref?.resource === decl.key)?.[0];
      if (holdingField) {
        const holder = await makeUser(t, orgId, []);
        const r = await t.post(userResource.path, { method: 'update', id: holder.id, [holdingField]: [rowId] }, { token: setter });
        if (r.code !== 200) throw new Error(`giving the ${decl.key} row a holder failed: ${r.code} ${r.msg}`);
      }
      const column = b.columns;
      const props = new Map(Object.entries(getTableColumns(b.table)).map(([k, c]) => [c as PgColumn, k]));
      for (const a of decl.actions!.filter((x) => x.transition)) {
        const tr = a.transition!;
        const keys = [...['list', 'add', 'update'].filter((op) => ops.has(op)), a.name].map((op) => permissionKey(decl, op));
        const caller = await makeUser(t, orgId, keys);
        const samples = await grantSamples(orgId, keys);
        for (const side of ['beyond', 'within'] as const) {
          // Set by the owner, who holds everything; then put where the transition starts from.
          const grants = Object.fromEntries(Object.entries(decl.fields)
            .filter(([, f]) => f.grants && f.grants !== 'groups').map(([n, f]) => [n, wire(f, samples[side][f.grants!])]));
          const set = await t.post(decl.path, { method: 'update', id: rowId, ...grants }, { token: setter });
          if (set.code !== 200) throw new Error(`setting up the ${decl.key} row failed: ${set.code} ${set.msg} ${set.field ?? ''}`);
          await db.update(b.table).set({ [props.get(column[tr.field] as PgColumn)!]: tr.from[0] } as never).where(eq(b.id, rowId));
          const where = `${decl.key}#${a.name} on a row granting ${side} the caller`;
          const before = await holdings(orgId);
          const r = await t.post(methodPath(decl, a.name), { method: a.name, id: rowId }, { token: caller.token });
          const after = await holdings(orgId);
          const grown = grownBeyond(before, after, caller.id);
          if (grown.length) wrong.push(`${where} → ${r.code}, grew ${grown.join(', ')}`);
          if (r.code !== 200 && (r.code !== Code.FORBIDDEN || r.field !== 'id')) wrong.push(`${where} refused with ${r.code} ${r.field ?? ''} ${r.msg}`);
          if (r.code !== 200 && !same(before, after)) wrong.push(`${where}: refused, yet holdings changed`);
          if (side === 'within' && r.code !== 200) wrong.push(`${where} → ${r.code} ${r.msg}`);
        }
        await samples.drop();
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets no hand-written grant-like method make anyone hold more than the caller', async () => {
    const wrong: string[] = [];
    const marked = calls.filter((c) => c.grantLike);
    expect(marked.map(label)).toContain('/admin/system/personal_data#resignation_succession');
    const grantable = (await t.database.db.select().from(buttons)).filter((x) => !isPlatformKey(x.key));
    for (const c of marked) {
      const { from, to } = c.grantLike!;
      // Only the key to call the method: a strict subset of what the organisation may grant.
      const caller = await makeUser(t, orgA, [c.access]);
      const beyondKey = grantable.find((x) => x.key !== c.access)!.key;
      const strong = await makeUser(t, orgA, [c.access, beyondKey]);
      const recipient = await makeUser(t, orgA, []);
      const probes: [string, Record<string, number>, string[]][] = [
        ['a principal holding a key the caller lacks', { [from]: strong.id, [to]: recipient.id }, [from]],
        ['the organisation\'s owner', { [from]: owner.id, [to]: recipient.id }, [from]],
        ['holdings beyond the caller\'s to the caller itself', { [from]: strong.id, [to]: caller.id }, [from, to]],
      ];
      for (const [what, names, fields] of probes) {
        const before = await holdings(orgA);
        const r = await t.post(c.path, bodyFor(c, names), { token: caller.token });
        if (r.code !== Code.FORBIDDEN || !fields.includes(r.field ?? '')) wrong.push(`${label(c)} moving ${what} → ${r.code} ${r.field ?? ''}`);
        if (!same(before, await holdings(orgA))) wrong.push(`${label(c)} moving ${what}: holdings changed`);
      }
      // What the caller holds may move: the rule refuses only what is beyond.
      const weak = await makeUser(t, orgA, [c.access]);
      const before = await holdings(orgA);
      const ok = await t.post(c.path, bodyFor(c, { [from]: weak.id, [to]: recipient.id }), { token: caller.token });
      if (ok.code !== 200) wrong.push(`${label(c)} moving what the caller holds → ${ok.code} ${ok.field ?? ''} ${ok.msg}`);
      const grown = grownBeyond(before, await holdings(orgA), caller.id);
      if (grown.length) wrong.push(`${label(c)}: grew ${grown.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets no takeover-like method act on an account holding more than the caller', async () => {
    const db = t.database.db;
    const wrong: string[] = [];
    const probed = [
      ...productResources.allBindings().flatMap((b) => (b.decl.actions ?? []).filter((a) => a.takeover).map((a) => ({
        where: `${b.decl.key}#${a.name}`, path: methodPath(b.decl, a.name), access: permissionKey(b.decl, a.name), field: 'id',
        body: (id: number) => ({ method: a.name, ...actionFields(b.decl, a.fields), id }),
      }))),
      ...calls.filter((c) => c.takeover).map((c) => ({
        where: label(c), path: c.path, access: c.access, field: c.takeover!, body: (id: number) => bodyFor(c, { [c.takeover!]: id }),
      })),
    ];
    expect(probed.map((p) => p.where)).toContain('system.user#reset_password');
    const grantable = (await db.select().from(buttons)).filter((x) => !isPlatformKey(x.key));
    const account = async (id: number) => JSON.stringify(await db.select().from(users).where(eq(users.id, id)));
    for (const p of probed) {
      // Only the key to call the method: a strict subset of what the organisation may grant.
      const caller = await makeUser(t, orgA, [p.access]);
      const strong = await makeUser(t, orgA, [p.access, grantable.find((x) => x.key !== p.access)!.key]);
      const targets: [string, number][] = [['an account holding a key the caller lacks', strong.id], ['the organisation\'s owner', owner.id]];
      for (const [what, id] of targets) {
        const before = await account(id);
        const r = await t.post(p.path, p.body(id), { token: caller.token });
        if (r.code !== Code.FORBIDDEN || r.field !== p.field) wrong.push(`${p.where} on ${what} → ${r.code} ${r.field ?? ''}`);
        if ((await account(id)) !== before) wrong.push(`${p.where} on ${what}: the account changed`);
      }
      // An account holding nothing beyond the caller: the rule refuses only what is beyond.
      const weak = await makeUser(t, orgA, [p.access]);
      const ok = await t.post(p.path, p.body(weak.id), { token: caller.token });
      if (ok.code !== 200) wrong.push(`${p.where} on an account within the caller → ${ok.code} ${ok.field ?? ''} ${ok.msg}`);
    }
    expect(wrong).toEqual([]);
  });

  it('guards every generated method with its declared permission key', () => {
    const wrong: string[] = [];
    for (const b of productResources.allBindings()) {
      const generated = ['list', 'detail', 'add', 'update', 'remove', 'export', 'import', 'tree', ...(b.decl.actions ?? []).map((a) => a.name)];
      for (const c of calls.filter((x) => (x.path === b.decl.path || x.path === b.decl.actionsAt?.path) && generated.includes(x.method))) {
        if (c.access !== permissionKey(b.decl, c.method)) wrong.push(`${label(c)} guarded by ${c.access}`);
      }
      const select = calls.find((x) => x.path === b.decl.path && x.method === 'select');
      if (select && select.access !== (b.decl.picker?.open ? 'user' : permissionKey(b.decl, 'list'))) wrong.push(`${label(select)} guarded by ${select.access}`);
    }
    expect(wrong).toEqual([]);
  });
});

function pathDecl(path: string): ResourceDecl | undefined {
  return productResources.servedDeclarations().find((d) => d.path === path);
}

/** Values an action's small form needs, taken from the resource's example (e.g. a new password). */
function actionFields(decl: ResourceDecl, fields: readonly string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields ?? []) {
    const field = decl.fields[f];
    // A field only an action's form sets (a transfer's receiving organisation) takes its default or its minimum.
    out[f] = (decl.example as Record<string, unknown> | undefined)?.[f] ?? field?.default ?? (field?.type === 'integer' ? field.min ?? 1 : undefined);
  }
  return out;
}
