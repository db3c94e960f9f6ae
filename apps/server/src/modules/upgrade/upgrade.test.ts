import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TRANSITIONS, Code, campaignResource, topics, type CampaignBatch, type CampaignMinute, type CampaignTargetRow, type CampaignTotals, type CommandMessage,
} from '@gx/contract';
import { and, eq } from 'drizzle-orm';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { blobOf, postForm } from '../../testing/members';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { deviceApi, playDevice, until, type PlayedDevice } from '../equipment/testing';
import { upgradeTargets } from './campaignTables';
import { firmwarePackages } from './firmware';

const FIRMWARE = '/admin/upgrade/firmware';
const CAMPAIGN = '/admin/upgrade/campaign';
const DEVICES = '/admin/device/binding';

interface Campaign { id: number; state: string; total: number; succeeded: number; failed: number; active: number; offline: number; released: number; paused_reason: string | null; filter_group: number | null }
interface Targets { list: CampaignTargetRow[]; total: number; totals: CampaignTotals; batches: CampaignBatch[]; minutes: CampaignMinute[] }

/**
 * A device that runs upgrades as docs/device-protocol.md says: ack, download the link, check size and SHA-256,
 * report progress, answer. `outcome` decides a failure on purpose (a device whose flash fails).
 */
function runsUpgrades(d: PlayedDevice, outcome: () => 'ok' | 'flash_failed' = () => 'ok'): { downloads: { status: number; sha: string }[] } {
  const seen = { downloads: [] as { status: number; sha: string }[] };
  // The protocol delivers a command again after a hello if it was not acknowledged yet: a repeated id is the same
  // command (acknowledged again, never run twice).
  const running = new Set<number>();
  d.client.on('message', (topic, payload) => {
    if (topic !== topics.cmd(d.serial)) return;
    const cmd = JSON.parse(payload.toString()) as CommandMessage;
    if (cmd.name !== 'upgrade') return;
    if (running.has(cmd.id)) {
      void d.publish('ack', { id: cmd.id });
      return;
    }
    running.add(cmd.id);
    void (async () => {
      await d.publish('ack', { id: cmd.id });
      const p = cmd.params as { url: string; sha256: string; size: number; version: string };
      const res = await fetch(p.url);
      const body = Buffer.from(await res.arrayBuffer());
      const sha = createHash('sha256').update(body).digest('hex');
      seen.downloads.push({ status: res.status, sha });
      await d.publish('result', { id: cmd.id, ok: true, progress: 50 });
      if (res.status !== 200) return d.publish('result', { id: cmd.id, ok: false, code: 'download', msg: `HTTP ${res.status}` });
      if (sha !== p.sha256 || body.length !== p.size) return d.publish('result', { id: cmd.id, ok: false, code: 'checksum' });
      if (outcome() !== 'ok') return d.publish('result', { id: cmd.id, ok: false, code: 'flash_failed', msg: 'flash write error' });
      return d.publish('result', { id: cmd.id, ok: true, progress: 100 });
    })();
  });
  return seen;
}

describe.each(engines)('upgrades: firmware packages and campaigns (%s)', (engine) => {
  let t: TestApp;
  let dataDir: string;
  let url: string;
  let orgA: number;
  let staff: MadeUser;
  let viewer: MadeUser;
  let outsider: MadeUser;
  let api: ReturnType<typeof deviceApi>;
  const open: PlayedDevice[] = [];
  const image = randomBytes(200_000);
  const imageSha = createHash('sha256').update(image).digest('hex');
  let pkgId: number;

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = staff.token) => t.post<T>(path, body, { token });
  const upload = (fields: Record<string, string | Blob>, token = staff.token) => postForm<{ id: number; sha256: string; size: number }>(t, FIRMWARE, { method: 'upload', ...fields }, token);
  const campaign = async (id: number) => (await call<Campaign>(CAMPAIGN, { method: 'detail', id })).data!;
  const targets = async (id: number) => (await call<Targets>(CAMPAIGN, { method: 'targets', id, size: 100 })).data!;
  const uid = () => `U${randomBytes(5).toString('hex').toUpperCase()}`;
  /** A device of the organisation, connected and said hello (family ig, model GX-1, firmware 1.0.0). */
  const device = async (connect = true) => {
    const serial = uid();
    const made = await api.add(serial, { model: 'GX-1' });
    if (!connect) return { id: made.id, serial, secret: made.secret, d: null };
    const d = await playDevice(url, serial, made.secret);
    open.push(d);
    await d.hello();
    await until('online', async () => (await api.device(made.id)).online === 1);
    return { id: made.id, serial, secret: made.secret, d };
  };
  const newCampaign = async (body: Record<string, unknown>) => {
    const r = await call<{ id: number }>(CAMPAIGN, { method: 'add', name: `C ${uid()}`, firmware_id: pkgId, ...body });
    if (r.code !== 200) throw new Error(`campaign add: ${r.code} ${r.msg} ${String(r.field)}`);
    return r.data!.id;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gx-upgrade-'));
    t = await startTestApp({ engine, env: { DATA_DIR: dataDir, MQTT_PORT: 'auto' } });
    url = t.app.deviceChannel.transport.address()!;
    orgA = await makeOrg(t, 'Upgrade A');
    staff = await makeUser(t, orgA, 'all');
    viewer = await makeUser(t, orgA, ['upgrade.campaign.list', 'upgrade.firmware.list']);
    outsider = await makeUser(t, await makeOrg(t, 'Upgrade B'), 'all');
    api = deviceApi(t, staff.token);
    const r = await upload({ version: '2.0.0', family: 'ig', models: 'GX-1, GX-2 ,GX-1', notes: 'Faster Wi-Fi', file: blobOf(image, 'application/octet-stream') });
    expect(r.code, `${r.msg} ${String(r.field)}`).toBe(200);
    pkgId = r.data!.id;
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('firmware packages', () => {
    it('stores an upload with the size and SHA-256 the server computed', async () => {
      const row = (await call<Record<string, unknown>>(FIRMWARE, { method: 'detail', id: pkgId })).data!;
      expect(row).toMatchObject({ version: '2.0.0', family: 'ig', models: 'GX-1,GX-2', size: image.length, sha256: imageSha, notes: 'Faster Wi-Fi', status: 1 });
      expect(row).not.toHaveProperty('file_key');
      // The file is in the store, yet the public uploads route never serves a package.
      const [stored] = await t.database.db.select({ key: firmwarePackages.fileKey }).from(firmwarePackages).where(eq(firmwarePackages.id, pkgId));
      expect(stored!.key).toMatch(new RegExp(`^${orgA}/[A-Za-z0-9_-]{16,64}\\.bin$`));
      expect((await fetch(`${t.url}/uploads/${stored!.key}`)).status).toBe(404);
    });

    it('refuses bad uploads naming the field, and stores nothing', async () => {
      const before = (await call<{ total: number }>(FIRMWARE, { method: 'list' })).data!.total;
      const file = blobOf(Buffer.from('x'), 'application/octet-stream');
      const cases: [Record<string, string | Blob>, number, string][] = [
        [{ version: '2.0.1', family: 'ig' }, Code.VALIDATION, 'file'],
        [{ version: '2.0.1', family: 'ig', file: blobOf(Buffer.alloc(0), 'application/octet-stream') }, Code.VALIDATION, 'file'],
        [{ version: 'bad version!', family: 'ig', file }, Code.VALIDATION, 'version'],
        [{ version: '2.0.1', family: 'toaster', file }, Code.VALIDATION, 'family'],
        [{ version: '2.0.1', family: 'ig', models: 'GX 1;rm', file }, Code.VALIDATION, 'models'],
        [{ version: '2.0.0', family: 'ig', file }, Code.VALIDATION, 'version'],
        [{ version: '2.0.1', family: 'ig', file, sha256: 'ab'.repeat(32) }, Code.VALIDATION, 'sha256'],
      ];
      for (const [fields, code, field] of cases) {
        const r = await upload(fields);
        expect([r.code, r.field], JSON.stringify(Object.keys(fields))).toEqual([code, field]);
      }
      expect((await call<{ total: number }>(FIRMWARE, { method: 'list' })).data!.total).toBe(before);
    });

    it('keeps kinds, both languages of notes and a minimum version; streamed uploads leave no temporary file', async () => {
      const app = await upload({ version: '5.0.0', family: 'ig', kind: 'app', min_version: '1.0.0', notes: '更快', notes_en: 'Faster', file: blobOf(randomBytes(3000), 'application/octet-stream') });
      expect(app.code, `${app.msg} ${String(app.field)}`).toBe(200);
      const row = (await call<Record<string, unknown>>(FIRMWARE, { method: 'detail', id: app.data!.id })).data!;
      expect(row).toMatchObject({ kind: 'app', min_version: '1.0.0', notes: '更快', notes_en: 'Faster', size: 3000 });
      const bad = await upload({ version: '5.0.1', family: 'ig', kind: 'toaster', file: blobOf(Buffer.from('x'), 'application/octet-stream') });
      expect([bad.code, bad.field]).toEqual([Code.VALIDATION, 'kind']);
      const badMin = await call(FIRMWARE, { method: 'update', id: app.data!.id, min_version: 'not a version!' });
      expect([badMin.code, badMin.field]).toEqual([Code.VALIDATION, 'min_version']);
      const tmp = join(dataDir, 'tmp');
      await until('temporary files removed', () => !existsSync(tmp) || readdirSync(tmp).length === 0);
    });

    it('an interrupted upload leaves nothing behind', async () => {
      const before = (await call<{ total: number }>(FIRMWARE, { method: 'list' })).data!.total;
      const boundary = 'gxboundary';
      const head = [
        ...Object.entries({ method: 'upload', version: '6.0.0', family: 'ig' }).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ].join('');
      const u = new URL(t.url);
      const req = request({
        host: u.hostname, port: u.port, method: 'POST', path: `/v3${FIRMWARE}`,
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 10_000_000) },
      });
      req.on('error', () => undefined);
      req.write(head);
      req.write(randomBytes(1_000_000));
      // Part of the file has reached the temporary directory; then the client goes away.
      const tmp = join(dataDir, 'tmp');
      await until('upload under way', () => existsSync(tmp) && readdirSync(tmp).length > 0);
      req.destroy();
      await until('temporary file removed', () => readdirSync(tmp).length === 0);
      expect((await call<{ total: number }>(FIRMWARE, { method: 'list' })).data!.total).toBe(before);
    });

    it('lets only holders of the upload key upload, and keeps packages to their organisation', async () => {
      const file = blobOf(Buffer.from('abc'), 'application/octet-stream');
      expect((await upload({ version: '3.0.0', family: 'ig', file }, viewer.token)).code).toBe(Code.FORBIDDEN);
      expect((await call(FIRMWARE, { method: 'detail', id: pkgId }, outsider.token)).code).toBe(Code.NOT_FOUND);
      expect((await call<{ list: unknown[] }>(FIRMWARE, { method: 'list' }, outsider.token)).data!.list).toEqual([]);
      expect((await call(FIRMWARE, { method: 'disable', id: pkgId }, outsider.token)).code).toBe(Code.NOT_FOUND);
    });

    it('edits models and notes, refusing a malformed model list', async () => {
      const bad = await call(FIRMWARE, { method: 'update', id: pkgId, models: 'a b c' });
      expect([bad.code, bad.field]).toEqual([Code.VALIDATION, 'models']);
      const ok = await call<{ models: string }>(FIRMWARE, { method: 'update', id: pkgId, models: 'GX-1,GX-2, GX-3', notes: 'Faster Wi-Fi.' });
      expect(ok.data?.models).toBe('GX-1,GX-2,GX-3');
    });
  });

  describe('campaigns', () => {
    it('declares every campaign move as data, and the actions are exactly its person-made moves', () => {
      const actions = (campaignResource.actions ?? []).map((a) => [a.name, a.transition?.from, a.transition?.to]);
      expect(actions).toEqual(CAMPAIGN_TRANSITIONS.filter((m) => m.action).map((m) => [m.action, m.from, m.to]));
    });

    it('rolls out in batches: each device downloads over its signed link, verifies, reports progress, and the campaign completes', async () => {
      const ds = await Promise.all([1, 2, 3].map(() => device()));
      const runs = ds.map((x) => runsUpgrades(x.d!));
      const id = await newCampaign({ device_ids: ds.map((x) => x.id), batch_size: 2, failure_threshold: 50 });
      const draft = await campaign(id);
      expect(draft).toMatchObject({ state: 'draft', total: 3, released: 0 });
      expect((await targets(id)).totals).toEqual({ total: 3, pending: 3 });
      const started = await call<Campaign>(CAMPAIGN, { method: 'start', id });
      expect(started.data).toMatchObject({ state: 'running', released: 2 });
      const done = await until('campaign completed', async () => {
        const c = await campaign(id);
        return c.state === 'completed' && c;
      });
      expect(done).toMatchObject({ total: 3, succeeded: 3, failed: 0, active: 0, released: 3 });
      for (const r of runs) expect(r.downloads).toEqual([{ status: 200, sha: imageSha }]);
      const list = await targets(id);
      expect(list.totals).toEqual({ total: 3, succeeded: 3 });
      expect(list.list.map((x) => [x.batch, x.state, x.progress])).toEqual([[1, 'succeeded', 100], [1, 'succeeded', 100], [2, 'succeeded', 100]]);
      // Each group's outcome, and the finished targets per minute for the summary chart.
      expect(list.batches).toEqual([
        { batch: 1, total: 2, succeeded: 2, failed: 0, active: 0, waiting: 0, offline: 0 },
        { batch: 2, total: 1, succeeded: 1, failed: 0, active: 0, waiting: 0, offline: 0 },
      ]);
      expect(list.minutes.reduce((n, m) => n + m.succeeded, 0)).toBe(3);
      expect(list.minutes.every((m) => m.failed === 0 && !Number.isNaN(Date.parse(m.at)))).toBe(true);
      // Finished: no action moves it any more.
      for (const m of ['start', 'pause', 'resume', 'cancel', 'retry']) {
        const r = await call(CAMPAIGN, { method: m, id });
        expect([m, r.code]).toEqual([m, Code.CONFLICT]);
      }
    });

    it('sends the campaign\'s action type as the command\'s mode, and holds the first batch until a scheduled start', async () => {
      const x = await device();
      const past = await call(CAMPAIGN, { method: 'add', name: 'Late', firmware_id: pkgId, device_ids: [x.id], start_at: new Date(Date.now() - 60_000).toISOString() });
      expect([past.code, past.field]).toEqual([Code.VALIDATION, 'start_at']);
      const badMode = await call(CAMPAIGN, { method: 'add', name: 'Odd', firmware_id: pkgId, device_ids: [x.id], action_type: 'sometimes' });
      expect([badMode.code, badMode.field]).toEqual([Code.VALIDATION, 'action_type']);
      const startAt = new Date(Date.now() + 4000);
      const id = await newCampaign({ device_ids: [x.id], action_type: 'download_only', start_at: startAt.toISOString() });
      expect((await call<Campaign>(CAMPAIGN, { method: 'start', id })).data).toMatchObject({ state: 'running', released: 0 });
      const commands = async () => (await call<{ list: { params: { mode?: string } }[] }>('/admin/device/command', { method: 'list', device_id: x.id })).data!.list;
      expect(await commands()).toEqual([]);
      // The sweep (every 5 s) releases it once the time has come, never before.
      const released = await until('first batch released', async () => ((await campaign(id)).released === 1 ? Date.now() : null), 30_000);
      expect(released).toBeGreaterThanOrEqual(startAt.getTime());
      expect((await commands())[0]?.params.mode).toBe('download_only');
      expect((await call<Campaign>(CAMPAIGN, { method: 'cancel', id })).data?.state).toBe('canceled');
    });

    it('serves the package with Range and ETag, and refuses unknown links', async () => {
      const x = await device();
      const id = await newCampaign({ device_ids: [x.id] });
      await call(CAMPAIGN, { method: 'start', id });
      const cmd = (await call<{ list: { params: { url: string } }[] }>('/admin/device/command', { method: 'list', device_id: x.id })).data!.list[0]!;
      const link = cmd.params.url;
      expect(link).toMatch(new RegExp(`^${t.url}/firmware/[A-Za-z0-9_-]{43}$`));
      const head = await fetch(link, { method: 'HEAD' });
      expect([head.status, head.headers.get('etag'), head.headers.get('accept-ranges')]).toEqual([200, `"${imageSha}"`, 'bytes']);
      const part = await fetch(link, { headers: { range: 'bytes=100-199' } });
      expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 100-199/${image.length}`]);
      expect(Buffer.from(await part.arrayBuffer()).equals(image.subarray(100, 200))).toBe(true);
      expect((await fetch(link, { headers: { 'if-none-match': `"${imageSha}"` } })).status).toBe(304);
      expect((await fetch(link, { headers: { range: `bytes=${image.length + 5}-` } })).status).toBe(416);
      for (const bad of [`${t.url}/firmware/${'A'.repeat(43)}`, `${t.url}/firmware/short`, `${link}x`]) expect((await fetch(bad)).status).toBe(404);
      await call(CAMPAIGN, { method: 'cancel', id });
    });

    it('starts the next batch once the success threshold of the current one is reached, the rest going on beside it', async () => {
      const ds = await Promise.all([1, 2, 3, 4].map(() => device()));
      // Released in id order, two per batch: the second device of batch 1 is slow (it answers when told).
      const [fast, slow, ...rest] = [...ds].sort((a, b) => a.id - b.id);
      for (const x of [fast!, ...rest]) runsUpgrades(x.d!);
      const id = await newCampaign({ device_ids: ds.map((x) => x.id), batch_size: 2, success_threshold: 50 });
      expect((await campaign(id) as Campaign & { success_threshold: number }).success_threshold).toBe(50);
      await call(CAMPAIGN, { method: 'start', id });
      // Half of batch 1 succeeded: batch 2 goes out while the slow device still upgrades, and finishes before it.
      const overlapping = await until('batch 2 done beside the slow one', async () => {
        const c = await campaign(id);
        return c.succeeded === 3 && c;
      });
      expect(overlapping).toMatchObject({ state: 'running', released: 4, active: 1 });
      const cmd = await until('the slow device has its command', async () => slow!.d!.commands.find((m) => m.name === 'upgrade') ?? null);
      await slow!.d!.publish('result', { id: cmd.id, ok: true, progress: 100 });
      const done = await until('completed', async () => {
        const c = await campaign(id);
        return c.state === 'completed' && c;
      });
      expect(done).toMatchObject({ succeeded: 4, failed: 0 });
    });

    it('pauses by itself when the failure rate passes the threshold, and a resume counts afresh', async () => {
      const ds = await Promise.all([1, 2, 3, 4].map(() => device()));
      let failing = true;
      // Targets are released in id order: the lowest id is in the first batch.
      const first = Math.min(...ds.map((x) => x.id));
      for (const x of ds) runsUpgrades(x.d!, () => (x.id === first && failing ? 'flash_failed' : 'ok'));
      const id = await newCampaign({ device_ids: ds.map((x) => x.id), batch_size: 2, failure_threshold: 20 });
      await call(CAMPAIGN, { method: 'start', id });
      const paused = await until('paused on failures', async () => {
        const c = await campaign(id);
        return c.state === 'paused' && c.active === 0 && c;
      });
      expect(paused).toMatchObject({ paused_reason: 'failure_threshold', failed: 1, succeeded: 1, released: 2 });
      const list = await targets(id);
      expect(list.totals).toEqual({ total: 4, failed: 1, succeeded: 1, pending: 2 });
      expect(list.list.find((x) => x.state === 'failed')).toMatchObject({ code: 'flash_failed', msg: 'flash write error' });
      failing = false;
      const resumed = await call<Campaign>(CAMPAIGN, { method: 'resume', id });
      expect(resumed.data).toMatchObject({ state: 'running', paused_reason: null, released: 4 });
      const done = await until('completed after resume', async () => {
        const c = await campaign(id);
        return c.state === 'completed' && c;
      });
      expect(done).toMatchObject({ succeeded: 3, failed: 1 });
      // Retry sends the upgrade again to the failed device only; the campaign runs until it has finished again.
      const sentBefore = ds.map((x) => x.d!.commands.length);
      const retried = await call<Campaign>(CAMPAIGN, { method: 'retry', id });
      expect(retried.data).toMatchObject({ state: 'running', failed: 0, active: 1 });
      const again = await until('completed after retry', async () => {
        const c = await campaign(id);
        return c.state === 'completed' && c;
      });
      expect(again).toMatchObject({ succeeded: 4, failed: 0 });
      expect(ds.map((x, i) => x.d!.commands.length - sentBefore[i]!)).toEqual(ds.map((x) => (x.id === first ? 1 : 0)));
      const noneFailed = await call(CAMPAIGN, { method: 'retry', id });
      expect([noneFailed.code, noneFailed.field]).toEqual([Code.CONFLICT, 'failed']);
    });

    it('pauses and resumes by hand; cancel ends the waits of offline devices and skips unreleased ones', async () => {
      // Released in id order, two per batch: a device that never answers holds batch 2 back; the one beside it is away.
      const holder = await device();
      const away = await device(false);
      const later = await device(false);
      const id = await newCampaign({ device_ids: [holder.id, away.id, later.id], batch_size: 2 });
      expect((await call<Campaign>(CAMPAIGN, { method: 'start', id })).data).toMatchObject({ state: 'running', released: 2, offline: 1 });
      await until('the holder has its command', async () => (await targets(id)).totals.sent === 1);
      expect((await call<Campaign>(CAMPAIGN, { method: 'pause', id })).data).toMatchObject({ state: 'paused', paused_reason: 'manual' });
      expect((await call<Campaign>(CAMPAIGN, { method: 'resume', id })).data).toMatchObject({ state: 'running', released: 2 });
      expect((await call(CAMPAIGN, { method: 'remove', id })).code).toBe(Code.CONFLICT);
      expect((await call<Campaign>(CAMPAIGN, { method: 'cancel', id })).data).toMatchObject({ state: 'canceled', offline: 0 });
      // A command the device already has cannot be taken back; the waiting and the unreleased are skipped.
      expect((await targets(id)).totals).toEqual({ total: 3, sent: 1, skipped: 2 });
      // A device coming online afterwards gets nothing.
      const d = await playDevice(url, away.serial, away.secret);
      open.push(d);
      await d.hello();
      await until('online', async () => (await api.device(away.id)).online === 1);
      expect(d.commands).toEqual([]);
      expect((await call(CAMPAIGN, { method: 'remove', id })).code).toBe(200);
    });

    it('lets offline devices wait with a growing back-off instead of failing, and upgrades one the moment it says hello', async () => {
      const [a, b] = [await device(false), await device(false)];
      // A threshold of 0 %: a single failure would pause it; waiting is not failing.
      const id = await newCampaign({ device_ids: [a.id, b.id], batch_size: 2, failure_threshold: 0 });
      const startedAt = Date.now();
      expect((await call<Campaign>(CAMPAIGN, { method: 'start', id })).data).toMatchObject({ state: 'running', released: 2, offline: 2, active: 0, failed: 0 });
      const first = await targets(id);
      expect(first.totals).toEqual({ total: 2, offline: 2 });
      expect(first.batches).toEqual([{ batch: 1, total: 2, succeeded: 0, failed: 0, active: 0, waiting: 2, offline: 2 }]);
      // The first wait: 10 min ±25 %, and no command sits queued for a device that is away.
      for (const x of first.list) {
        expect(x).toMatchObject({ state: 'offline', attempts: 1, command_id: null });
        const wait = Date.parse(x.retry_at!) - startedAt;
        expect(wait).toBeGreaterThanOrEqual(0.75 * 600_000 - 5_000);
        expect(wait).toBeLessThanOrEqual(1.25 * 600_000 + 5_000);
      }
      expect((await call<{ total: number }>('/admin/device/command', { method: 'list', device_id: a.id })).data!.total).toBe(0);
      // B's look comes due while it is still away: the sweep finds it offline and doubles the wait (20 min ±25 %).
      await t.database.db.update(upgradeTargets).set({ retryAt: new Date(Date.now() - 1000) })
        .where(and(eq(upgradeTargets.campaignId, id), eq(upgradeTargets.deviceId, b.id)));
      const again = await until('B looked at again', async () => {
        const row = (await targets(id)).list.find((x) => x.device_id === b.id)!;
        return row.attempts === 2 && row;
      }, 30_000);
      const lookedAt = Date.now();
      expect(again.state).toBe('offline');
      expect(Date.parse(again.retry_at!) - lookedAt).toBeGreaterThanOrEqual(0.75 * 1_200_000 - 10_000);
      expect(Date.parse(again.retry_at!) - lookedAt).toBeLessThanOrEqual(1.25 * 1_200_000);
      // A comes back long before its look: its hello ends the wait, it downloads, verifies and succeeds.
      const d = await playDevice(url, a.serial, a.secret);
      open.push(d);
      const run = runsUpgrades(d);
      await d.hello();
      await until('A upgraded', async () => (await campaign(id)).succeeded === 1);
      expect(run.downloads).toEqual([{ status: 200, sha: imageSha }]);
      // B still waits: the campaign neither fails it nor completes without it.
      expect(await campaign(id)).toMatchObject({ state: 'running', succeeded: 1, failed: 0, offline: 1 });
      expect((await targets(id)).totals).toEqual({ total: 2, succeeded: 1, offline: 1 });
      expect((await call<Campaign>(CAMPAIGN, { method: 'cancel', id })).data).toMatchObject({ state: 'canceled', offline: 0 });
    });

    it('refuses bad campaigns before they start, naming the field', async () => {
      const ig = await device(false);
      const other = (await api.add(uid(), { family: 'ap' })).id;
      const otherModel = (await api.add(uid(), { model: 'GX-9' })).id;
      const cases: [Record<string, unknown>, number, string][] = [
        [{ device_ids: [ig.id], filter_family: 'ig' }, Code.VALIDATION, 'device_ids'],
        [{ device_ids: [ig.id, other] }, Code.VALIDATION, 'device_ids'],
        [{ device_ids: [otherModel] }, Code.VALIDATION, 'device_ids'],
        [{ filter_family: 'ap' }, Code.VALIDATION, 'filter_family'],
        [{ filter_fw: '0.0.0-none' }, Code.VALIDATION, 'firmware_id'],
        [{ device_ids: [ig.id], batch_size: 0 }, Code.VALIDATION, 'batch_size'],
        [{ device_ids: [ig.id], failure_threshold: 101 }, Code.VALIDATION, 'failure_threshold'],
        [{ device_ids: [ig.id], success_threshold: 0 }, Code.VALIDATION, 'success_threshold'],
        [{ device_ids: [ig.id], state: 'running' }, Code.VALIDATION, 'state'],
        [{ device_ids: [999_999] }, Code.NOT_FOUND, 'device_ids'],
        [{ device_ids: [ig.id], firmware_id: 999_999 }, Code.NOT_FOUND, 'firmware_id'],
      ];
      for (const [body, code, field] of cases) {
        const r = await call(CAMPAIGN, { method: 'add', name: 'Bad', firmware_id: pkgId, ...body });
        expect([r.code, r.field], JSON.stringify(body)).toEqual([code, field]);
      }
      await call(FIRMWARE, { method: 'disable', id: pkgId });
      const disabled = await call(CAMPAIGN, { method: 'add', name: 'Bad', firmware_id: pkgId, device_ids: [ig.id] });
      expect([disabled.code, disabled.field]).toEqual([Code.VALIDATION, 'firmware_id']);
      await call(FIRMWARE, { method: 'enable', id: pkgId });
      // A filter reaches only devices the package fits: the GX-9 and the AP are left out.
      const byFilter = await newCampaign({ filter_family: 'ig', filter_fw: '' });
      const reached = (await targets(byFilter)).list.map((x) => x.device_id);
      expect(reached).toContain(ig.id);
      expect(reached).not.toContain(otherModel);
      expect(reached).not.toContain(other);
      // A package in use by a campaign cannot be removed.
      expect((await call(FIRMWARE, { method: 'remove', id: pkgId })).code).toBe(Code.IN_USE);
    });

    it('leaves out devices below the package\'s minimum version, and refuses one picked by id', async () => {
      const r = await upload({ version: '2.5.0', family: 'ig', min_version: '1.0.0', file: blobOf(randomBytes(500), 'application/octet-stream') });
      expect(r.code, `${r.msg} ${String(r.field)}`).toBe(200);
      const current = await device();
      const silent = await device(false);
      const picked = await call(CAMPAIGN, { method: 'add', name: 'Too old', firmware_id: r.data!.id, device_ids: [silent.id] });
      expect([picked.code, picked.field]).toEqual([Code.VALIDATION, 'device_ids']);
      const byFilter = await call<{ id: number }>(CAMPAIGN, { method: 'add', name: 'Min version', firmware_id: r.data!.id, filter_family: 'ig' });
      expect(byFilter.code).toBe(200);
      const reached = (await targets(byFilter.data!.id)).list.map((x) => x.device_id);
      expect(reached).toContain(current.id);
      expect(reached).not.toContain(silent.id);
    });

    it('takes newcomers into a dynamic campaign while it runs, as a new batch, and never completes it by itself', async () => {
      const group = (await call<{ id: number }>('/admin/device/group', { method: 'add', name: `D ${uid()}` })).data!.id;
      const join = async () => {
        const serial = uid();
        const made = await api.add(serial, { model: 'GX-1', group_id: group });
        const d = await playDevice(url, serial, made.secret);
        open.push(d);
        runsUpgrades(d);
        await d.hello();
        await until('online', async () => (await api.device(made.id)).online === 1);
        return made.id;
      };
      const first = await join();
      const byIds = await call(CAMPAIGN, { method: 'add', name: 'Not dynamic', firmware_id: pkgId, device_ids: [first], dynamic: 1 });
      expect([byIds.code, byIds.field]).toEqual([Code.VALIDATION, 'dynamic']);
      const id = await newCampaign({ filter_group: group, dynamic: 1 });
      expect((await call<Campaign>(CAMPAIGN, { method: 'start', id })).data).toMatchObject({ state: 'running', total: 1 });
      await until('first device upgraded', async () => (await campaign(id)).succeeded === 1);
      // Everyone has finished, yet it keeps running for newcomers.
      expect((await campaign(id)).state).toBe('running');
      const newcomer = await join();
      const done = await until('newcomer upgraded', async () => {
        const c = await campaign(id);
        return c.succeeded === 2 && c;
      });
      expect(done).toMatchObject({ state: 'running', total: 2 });
      const list = await targets(id);
      expect(list.list.map((x) => [x.device_id, x.batch, x.state])).toEqual([[first, 1, 'succeeded'], [newcomer, 2, 'succeeded']]);
      expect((await call<Campaign>(CAMPAIGN, { method: 'cancel', id })).data?.state).toBe('canceled');
    });

    it('targets a device group: its devices the package fits, nobody else; an empty or foreign group is refused', async () => {
      const group = (await call<{ id: number }>('/admin/device/group', { method: 'add', name: `G ${uid()}` })).data!.id;
      const inGroup = (await api.add(uid(), { model: 'GX-1', group_id: group })).id;
      // In the group but a model the package does not fit; and a fitting device outside the group.
      await api.add(uid(), { model: 'GX-9', group_id: group });
      await device(false);
      const id = await newCampaign({ filter_group: group });
      expect((await targets(id)).list.map((x) => x.device_id)).toEqual([inGroup]);
      expect(await campaign(id)).toMatchObject({ filter_group: group, total: 1 });
      const empty = (await call<{ id: number }>('/admin/device/group', { method: 'add', name: `E ${uid()}` })).data!.id;
      const none = await call(CAMPAIGN, { method: 'add', name: 'Empty group', firmware_id: pkgId, filter_group: empty });
      expect([none.code, none.field]).toEqual([Code.VALIDATION, 'filter_group']);
      const theirGroup = (await call<{ id: number }>('/admin/device/group', { method: 'add', name: `T ${uid()}` }, outsider.token)).data!.id;
      const foreign = await call(CAMPAIGN, { method: 'add', name: 'Foreign group', firmware_id: pkgId, filter_group: theirGroup });
      expect([foreign.code, foreign.field]).toEqual([Code.NOT_FOUND, 'filter_group']);
    });

    it('targets a device tag in any case, and keeps it for newcomers; a tag nobody carries is refused naming it', async () => {
      const tagged = (await api.add(uid(), { model: 'GX-1', tags: 'edge,Canary' })).id;
      await api.add(uid(), { model: 'GX-9', tags: 'canary' });
      await api.add(uid(), { model: 'GX-1', tags: 'canary-2' });
      const id = await newCampaign({ filter_tag: 'CANARY', dynamic: 1 });
      expect((await targets(id)).list.map((x) => x.device_id)).toEqual([tagged]);
      expect(await campaign(id)).toMatchObject({ total: 1 });
      expect((await call<{ filter_tag: string }>(CAMPAIGN, { method: 'detail', id })).data!.filter_tag).toBe('CANARY');
      const none = await call(CAMPAIGN, { method: 'add', name: 'Nobody', firmware_id: pkgId, filter_tag: 'nobody-has-it' });
      expect([none.code, none.field]).toEqual([Code.VALIDATION, 'filter_tag']);
      const mixed = await call(CAMPAIGN, { method: 'add', name: 'Mixed', firmware_id: pkgId, filter_tag: 'canary', device_ids: [tagged] });
      expect([mixed.code, mixed.field]).toEqual([Code.VALIDATION, 'device_ids']);
      // Started, a device tagged later joins (dynamic).
      await call(CAMPAIGN, { method: 'start', id });
      const later = (await api.add(uid(), { model: 'GX-1' })).id;
      expect((await call(DEVICES, { method: 'update', id: later, tags: 'canary' })).code).toBe(Code.OK);
      await until('the newly tagged device joined', async () => (await campaign(id)).total === 2);
      expect((await targets(id)).list.map((x) => x.device_id)).toEqual([tagged, later]);
      await call(CAMPAIGN, { method: 'cancel', id });
    });

    it('keeps campaigns, their devices and packages to their organisation', async () => {
      const x = await device(false);
      const id = await newCampaign({ device_ids: [x.id] });
      expect((await call(CAMPAIGN, { method: 'detail', id }, outsider.token)).code).toBe(Code.NOT_FOUND);
      expect((await call(CAMPAIGN, { method: 'targets', id }, outsider.token)).code).toBe(Code.NOT_FOUND);
      expect((await call(CAMPAIGN, { method: 'start', id }, outsider.token)).code).toBe(Code.NOT_FOUND);
      // Another organisation's package and devices are not found, like ids that do not exist.
      const theirs = await call(CAMPAIGN, { method: 'add', name: 'Theirs', firmware_id: pkgId, filter_family: 'ig' }, outsider.token);
      expect([theirs.code, theirs.field]).toEqual([Code.NOT_FOUND, 'firmware_id']);
      // A viewer sees campaigns but cannot start one.
      expect((await call(CAMPAIGN, { method: 'targets', id }, viewer.token)).code).toBe(200);
      expect((await call(CAMPAIGN, { method: 'start', id }, viewer.token)).code).toBe(Code.FORBIDDEN);
      expect((await campaign(id)).state).toBe('draft');
    });
  });
});
