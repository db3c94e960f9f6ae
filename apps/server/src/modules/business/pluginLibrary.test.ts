import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, PLUGIN_DOWNLOAD_PATH, topics, type CommandMessage } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { blobOf, postForm } from '../../testing/members';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { deviceApi, playDevice, until, type PlayedDevice } from '../equipment/testing';
import { pluginVersions } from './pluginTables';

const PLUGINS = '/admin/business/plugin';
const VERSIONS = '/admin/business/plugin/version';
const LOG = '/admin/business/plugin_log';

interface Plugin { id: number; name: string; families: string; version_count: number; latest_version: string | null; installed_count: number }
interface Version { id: number; plugin_id: number; version: string; file_size: number; sha256: string; filename: string }
interface LogRow {
  id: number; plugin_id: number; version_id: number; plugin_name: string; version: string; device_id: number; serial: string; action: string; command_id: number;
  state: string; progress: number | null; result_code: string; result_msg: string; created_by: number; device_plugins: string;
}
interface PushAnswer { batch: string; pushed: number; commands: { id: number; device_id: number }[] }

/**
 * A device that runs plugin commands as docs/device-protocol.md says: ack, (install) download the link, check size
 * and SHA-256, report progress, answer with its plugins. `outcome` fails an install on purpose.
 */
function runsPlugins(d: PlayedDevice, outcome: () => 'ok' | 'install_failed' = () => 'ok') {
  const seen = { downloads: [] as { status: number; sha: string; bytes: number }[], commands: [] as CommandMessage[] };
  const installed = new Map<string, string>();
  const running = new Set<number>();
  d.client.on('message', (topic, payload) => {
    if (topic !== topics.cmd(d.serial)) return;
    const cmd = JSON.parse(payload.toString()) as CommandMessage;
    if (cmd.name !== 'plugin_install' && cmd.name !== 'plugin_remove') return;
    // A repeated id is the same command: acknowledged again, never run twice.
    if (running.has(cmd.id)) return void d.publish('ack', { id: cmd.id });
    running.add(cmd.id);
    seen.commands.push(cmd);
    void (async () => {
      await d.publish('ack', { id: cmd.id });
      const list = () => [...installed].map(([name, version]) => ({ name, version }));
      if (cmd.name === 'plugin_remove') {
        installed.delete((cmd.params as { name: string }).name);
        return d.publish('result', { id: cmd.id, ok: true, data: { plugins: list() } });
      }
      const p = cmd.params as { name: string; version: string; url: string; sha256: string; size: number };
      const res = await fetch(p.url);
      const body = Buffer.from(await res.arrayBuffer());
      const sha = createHash('sha256').update(body).digest('hex');
      seen.downloads.push({ status: res.status, sha, bytes: body.length });
      await d.publish('result', { id: cmd.id, ok: true, progress: 60 });
      if (res.status !== 200) return d.publish('result', { id: cmd.id, ok: false, code: 'download', msg: `HTTP ${res.status}` });
      if (sha !== p.sha256 || body.length !== p.size) return d.publish('result', { id: cmd.id, ok: false, code: 'checksum' });
      if (outcome() !== 'ok') return d.publish('result', { id: cmd.id, ok: false, code: 'install_failed', msg: 'not enough flash for the plugin' });
      installed.set(p.name, p.version);
      return d.publish('result', { id: cmd.id, ok: true, progress: 100, data: { plugins: list() } });
    })();
  });
  return seen;
}

describe.each(engines)('plugin library and plugin log (%s)', (engine) => {
  let t: TestApp;
  let dataDir: string;
  let url: string;
  let staff: MadeUser;
  let outsider: MadeUser;
  let api: ReturnType<typeof deviceApi>;
  let theirApi: ReturnType<typeof deviceApi>;
  const open: PlayedDevice[] = [];
  const pkg = randomBytes(150_000);
  const pkgSha = createHash('sha256').update(pkg).digest('hex');
  let pluginId: number;
  let versionId: number;

  const call = <T = unknown>(path: string, body: Record<string, unknown>, who = staff) => t.post<T>(path, body, { token: who.token });
  const upload = (fields: Record<string, string | Blob>, who = staff) => postForm<{ id: number; sha256: string; file_size: number }>(t, VERSIONS, { method: 'upload', ...fields }, who.token);
  const push = (id: number, deviceIds: number[], pushAction = 'install', who = staff) => call<PushAnswer>(VERSIONS, { method: 'push', id, push_action: pushAction, device_ids: deviceIds }, who);
  const logOf = async (commandId: number) => (await call<{ list: LogRow[] }>(LOG, { method: 'list', size: 100 })).data!.list.find((r) => r.command_id === commandId);
  const uid = () => `P${randomBytes(5).toString('hex').toUpperCase()}`;
  /** A gateway of the organisation, connected and said hello, playing plugins. */
  const gateway = async (outcome?: () => 'ok' | 'install_failed') => {
    const serial = uid();
    const made = await api.add(serial, { model: 'GX-1' });
    const d = await playDevice(url, serial, made.secret);
    open.push(d);
    const seen = runsPlugins(d, outcome);
    await d.hello();
    await until('online', async () => (await api.device(made.id)).online === 1);
    return { id: made.id, serial, d, seen };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gx-plugins-'));
    t = await startTestApp({ engine, env: { DATA_DIR: dataDir, MQTT_PORT: 'auto' } });
    url = t.app.deviceChannel.transport.address()!;
    staff = await makeUser(t, await makeOrg(t, 'Plugins A'), 'all');
    outsider = await makeUser(t, await makeOrg(t, 'Plugins B'), 'all');
    api = deviceApi(t, staff.token);
    theirApi = deviceApi(t, outsider.token);
    const p = await call<{ id: number }>(PLUGINS, { method: 'add', name: 'wifi-analyzer', display_name: 'Wi-Fi analyzer', families: 'ap, ig,ig' });
    expect(p.code, `${p.msg} ${String(p.field)}`).toBe(200);
    pluginId = p.data!.id;
    const v = await upload({ plugin_id: String(pluginId), version: '1.0.0', notes: 'First release', file: blobOf(pkg, 'application/octet-stream') });
    expect(v.code, `${v.msg} ${String(v.field)}`).toBe(200);
    versionId = v.data!.id;
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('library and versions', () => {
    it('stores a plugin with its families in order and a version with the size and SHA-256 the server computed', async () => {
      expect((await call<Plugin>(PLUGINS, { method: 'detail', id: pluginId })).data).toMatchObject({
        name: 'wifi-analyzer', families: 'ig,ap', version_count: 1, latest_version: '1.0.0', installed_count: 0,
      });
      const v = (await call<Version & Record<string, unknown>>(VERSIONS, { method: 'detail', id: versionId })).data!;
      expect(v).toMatchObject({ plugin_id: pluginId, version: '1.0.0', file_size: pkg.length, sha256: pkgSha, notes: 'First release' });
      expect(v).not.toHaveProperty('file_key');
      // The package is in the store, yet the public uploads route never serves it.
      const [stored] = await t.database.db.select({ key: pluginVersions.fileKey }).from(pluginVersions).where(eq(pluginVersions.id, versionId));
      expect((await fetch(`${t.url}/uploads/${stored!.key}`)).status).toBe(404);
      const listed = (await call<{ list: Version[] }>(VERSIONS, { method: 'list', plugin_id: pluginId })).data!.list;
      expect(listed.map((r) => r.id)).toEqual([versionId]);
    });

    it('refuses bad plugins and versions naming the field, and stores nothing', async () => {
      const plugins: [Record<string, unknown>, number, string][] = [
        [{ name: 'WiFi Analyzer', display_name: 'x', families: 'ig' }, Code.VALIDATION, 'name'],
        [{ name: 'wifi--analyzer', display_name: 'x', families: 'ig' }, Code.VALIDATION, 'name'],
        [{ name: 'speed-test', display_name: 'x', families: '' }, Code.VALIDATION, 'families'],
        [{ name: 'speed-test', display_name: 'x', families: 'ig,toaster' }, Code.VALIDATION, 'families'],
        [{ name: 'speed-test', display_name: 'x' }, Code.VALIDATION, 'families'],
        [{ name: 'wifi-analyzer', display_name: 'Again', families: 'ig' }, Code.VALIDATION, 'name'],
      ];
      for (const [body, code, field] of plugins) {
        const r = await call(PLUGINS, { method: 'add', ...body });
        expect([r.code, r.field], JSON.stringify(body)).toEqual([code, field]);
      }
      expect((await call(PLUGINS, { method: 'update', id: pluginId, families: 'ig,fridge' })).field).toBe('families');
      expect((await call(PLUGINS, { method: 'update', id: pluginId, name: 'renamed' })).field).toBe('name');

      const file = blobOf(Buffer.from('plugin'), 'application/octet-stream');
      const versions: [Record<string, string | Blob>, number, string][] = [
        [{ plugin_id: String(pluginId), version: '1.1', file }, Code.VALIDATION, 'version'],
        [{ plugin_id: String(pluginId), version: 'v1.1.0', file }, Code.VALIDATION, 'version'],
        [{ plugin_id: String(pluginId), version: '1.0.0', file }, Code.VALIDATION, 'version'],
        [{ plugin_id: String(pluginId), version: '1.1.0' }, Code.VALIDATION, 'file'],
        [{ plugin_id: String(pluginId), version: '1.1.0', file: blobOf(Buffer.alloc(0), 'application/octet-stream') }, Code.VALIDATION, 'file'],
        [{ plugin_id: '999999', version: '1.1.0', file }, Code.NOT_FOUND, 'plugin_id'],
        [{ plugin_id: String(pluginId), version: '1.1.0', file, sha256: 'ab'.repeat(32) }, Code.VALIDATION, 'sha256'],
      ];
      for (const [fields, code, field] of versions) {
        const r = await upload(fields);
        expect([r.code, r.field], JSON.stringify(Object.keys(fields))).toEqual([code, field]);
      }
      expect((await call<{ total: number }>(VERSIONS, { method: 'list', plugin_id: pluginId })).data!.total).toBe(1);
      expect((await call<{ total: number }>(PLUGINS, { method: 'list' })).data!.total).toBe(1);
    });

    it('keeps the library to its organisation: another sees no plugins, uploads to none of ours and pushes nothing of ours', async () => {
      expect((await call<{ total: number }>(PLUGINS, { method: 'list' }, outsider)).data!.total).toBe(0);
      expect((await call<{ total: number }>(VERSIONS, { method: 'list' }, outsider)).data!.total).toBe(0);
      expect((await call(PLUGINS, { method: 'detail', id: pluginId }, outsider)).code).toBe(Code.NOT_FOUND);
      expect((await call(VERSIONS, { method: 'detail', id: versionId }, outsider)).code).toBe(Code.NOT_FOUND);
      const r = await upload({ plugin_id: String(pluginId), version: '9.0.0', file: blobOf(Buffer.from('x'), 'application/octet-stream') }, outsider);
      expect([r.code, r.field]).toEqual([Code.NOT_FOUND, 'plugin_id']);
      const theirs = await theirApi.add(uid());
      expect((await push(versionId, [theirs.id], 'install', outsider)).code).toBe(Code.NOT_FOUND);
      // The same identifier is free in another organisation.
      expect((await call(PLUGINS, { method: 'add', name: 'wifi-analyzer', display_name: 'Theirs', families: 'ig' }, outsider)).code).toBe(200);
    });

    it('removes an unused version with its file; a plugin asks before its versions go', async () => {
      const p = (await call<{ id: number }>(PLUGINS, { method: 'add', name: 'speed-test', display_name: 'Speed test', families: 'ig' })).data!.id;
      const v = (await upload({ plugin_id: String(p), version: '0.1.0-beta.1', file: blobOf(Buffer.from('beta'), 'application/octet-stream') })).data!.id;
      const [stored] = await t.database.db.select({ key: pluginVersions.fileKey }).from(pluginVersions).where(eq(pluginVersions.id, v));
      // Whether the store holds the file; the stream `get` opened is closed at once (left open, its file handle was
      // closed only by the garbage collector, with Node's DEP0137 warning).
      const held = async (key: string) => {
        const file = await t.services.files.get(key);
        file?.stream.destroy();
        return file !== null;
      };
      expect(await held(stored!.key)).toBe(true);
      const asked = await call<{ onRemove: string; count: number }>(PLUGINS, { method: 'remove', id: p });
      expect([asked.code, asked.data?.onRemove, asked.data?.count]).toEqual([Code.IN_USE, 'ask', 1]);
      expect((await call(PLUGINS, { method: 'remove', id: p, confirm: true })).code).toBe(200);
      expect((await call(VERSIONS, { method: 'detail', id: v })).code).toBe(Code.NOT_FOUND);
      await until('package file removed', async () => !(await held(stored!.key)));
    });
  });

  describe('pushes and the plugin log', () => {
    it('installs on a device over MQTT: it downloads the signed link, the SHA-256 matches, and the log shows succeeded', async () => {
      const g = await gateway();
      const r = await push(versionId, [g.id]);
      expect(r.code, `${r.msg} ${String(r.field)}`).toBe(200);
      expect(r.data).toMatchObject({ pushed: 1, commands: [{ device_id: g.id }] });
      const commandId = r.data!.commands[0]!.id;

      const cmd = await until('plugin_install on dev/S/down/cmd', () => g.seen.commands.find((c) => c.id === commandId));
      expect(cmd.name).toBe('plugin_install');
      expect(cmd.params).toMatchObject({ name: 'wifi-analyzer', version: '1.0.0', sha256: pkgSha, size: pkg.length });
      const link = (cmd.params as { url: string }).url;
      expect(link).toMatch(new RegExp(`^${t.url}${PLUGIN_DOWNLOAD_PATH}/[A-Za-z0-9_-]{43}$`));
      await until('downloaded', () => g.seen.downloads.length === 1);
      expect(g.seen.downloads[0]).toEqual({ status: 200, sha: pkgSha, bytes: pkg.length });

      const row = await until('log succeeded', async () => { const l = await logOf(commandId); return l?.state === 'succeeded' ? l : undefined; });
      expect(row).toMatchObject({
        plugin_id: pluginId, version_id: versionId, plugin_name: 'wifi-analyzer', version: '1.0.0', device_id: g.id, serial: g.serial, action: 'install',
        progress: 100, created_by: staff.id, device_plugins: 'wifi-analyzer 1.0.0',
      });
      expect((await call<Plugin>(PLUGINS, { method: 'detail', id: pluginId })).data!.installed_count).toBe(1);
      // The log filters by state, plugin and device, and exports what it lists.
      const filtered = async (f: Record<string, unknown>) => (await call<{ list: LogRow[] }>(LOG, { method: 'list', size: 100, ...f })).data!.list.map((l) => l.id);
      expect(await filtered({ state: 'succeeded', plugin_id: pluginId, device_id: g.id })).toEqual([row.id]);
      expect(await filtered({ state: 'failed', device_id: g.id })).toEqual([]);
      const exp = await call<{ rows: number; content: string }>(LOG, { method: 'export', format: 'csv', device_id: g.id });
      expect(exp.data!.rows).toBe(1);
      expect(Buffer.from(exp.data!.content, 'base64').toString('utf8')).toContain('wifi-analyzer');

      // The link is the signature: a made-up token is a 404, a Range resumes.
      expect((await fetch(`${t.url}${PLUGIN_DOWNLOAD_PATH}/${'A'.repeat(43)}`)).status).toBe(404);
      const part = await fetch(link, { headers: { range: 'bytes=10-19' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(pkg.subarray(10, 20));

      // Removing it: plugin_remove with its name only; what the device has is updated.
      const rm = await push(versionId, [g.id], 'remove');
      expect(rm.code, rm.msg).toBe(200);
      const rmId = rm.data!.commands[0]!.id;
      expect(await until('plugin_remove', () => g.seen.commands.find((c) => c.id === rmId))).toMatchObject({ name: 'plugin_remove', params: { name: 'wifi-analyzer' } });
      const gone = await until('removal logged', async () => { const l = await logOf(rmId); return l?.state === 'succeeded' ? l : undefined; });
      expect(gone).toMatchObject({ action: 'remove', device_plugins: '' });
      expect((await call<Plugin>(PLUGINS, { method: 'detail', id: pluginId })).data!.installed_count).toBe(0);
    });

    it('a failed install shows failed with the device\'s code and message, and installs nothing', async () => {
      const g = await gateway(() => 'install_failed');
      const r = await push(versionId, [g.id]);
      expect(r.code, r.msg).toBe(200);
      const commandId = r.data!.commands[0]!.id;
      const row = await until('log failed', async () => { const l = await logOf(commandId); return l?.state === 'failed' ? l : undefined; });
      expect(row).toMatchObject({ result_code: 'install_failed', result_msg: 'not enough flash for the plugin', device_plugins: '' });
    });

    it('an offline device keeps its command queued, and so does the log', async () => {
      const made = await api.add(uid());
      const r = await push(versionId, [made.id]);
      expect(r.code, r.msg).toBe(200);
      const row = await logOf(r.data!.commands[0]!.id);
      expect(row).toMatchObject({ state: 'queued', progress: null, device_id: made.id });
      expect((await api.command(r.data!.commands[0]!.id)).state).toBe('queued');
    });

    it('refuses pushes to another organisation\'s devices, devices of other families, and none, naming device_ids', async () => {
      const theirs = await theirApi.add(uid());
      const olt = await api.add(uid(), { family: 'olt' });
      const mine = await api.add(uid());
      const before = (await call<{ total: number }>(LOG, { method: 'list' })).data!.total;
      const cases: [Record<string, unknown>, number, string][] = [
        [{ device_ids: [mine.id, theirs.id] }, Code.VALIDATION, 'device_ids'],
        [{ device_ids: [olt.id] }, Code.VALIDATION, 'device_ids'],
        [{ device_ids: [999_999] }, Code.VALIDATION, 'device_ids'],
        [{ device_ids: [] }, Code.VALIDATION, 'device_ids'],
        [{ device_ids: [mine.id], push_action: 'upgrade' }, Code.VALIDATION, 'push_action'],
      ];
      for (const [body, code, field] of cases) {
        const r = await call(VERSIONS, { method: 'push', id: versionId, push_action: 'install', ...body });
        expect([r.code, r.field], JSON.stringify(body)).toEqual([code, field]);
      }
      expect((await call(VERSIONS, { method: 'push', id: 999_999, push_action: 'install', device_ids: [mine.id] })).code).toBe(Code.NOT_FOUND);
      // Nothing half-written: no log rows, no commands.
      expect((await call<{ total: number }>(LOG, { method: 'list' })).data!.total).toBe(before);
      expect((await call<{ total: number }>('/admin/device/command', { method: 'list', device_id: mine.id })).data!.total).toBe(0);
    });

    it('keeps the log to its organisation, and a pushed version or plugin cannot be removed', async () => {
      const ours = (await call<{ list: LogRow[] }>(LOG, { method: 'list', size: 1 })).data!.list[0]!;
      expect((await call<{ total: number }>(LOG, { method: 'list' }, outsider)).data!.total).toBe(0);
      expect((await call(LOG, { method: 'detail', id: ours.id }, outsider)).code).toBe(Code.NOT_FOUND);
      expect((await call<{ rows: number }>(LOG, { method: 'export', format: 'csv' }, outsider)).data!.rows).toBe(0);

      const v = await call<{ onRemove: string }>(VERSIONS, { method: 'remove', id: versionId, confirm: true });
      expect([v.code, v.data?.onRemove]).toEqual([Code.IN_USE, 'refuse']);
      const p = await call<{ onRemove: string }>(PLUGINS, { method: 'remove', id: pluginId, confirm: true });
      expect([p.code, p.data?.onRemove]).toEqual([Code.IN_USE, 'refuse']);
      expect((await call(VERSIONS, { method: 'detail', id: versionId })).code).toBe(200);
    });
  });
});
