import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_TRANSITIONS, Code, type CampaignTargetRow } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { blobOf, postForm } from '../../testing/members';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { deviceApi, playDevice, until, type PlayedDevice } from '../equipment/testing';

const FIRMWARE = '/admin/upgrade/firmware';
const CAMPAIGN = '/admin/upgrade/campaign';

interface Campaign { id: number; state: string; window_start: string; window_end: string; window_tz: string; approved_by: number | null; approved_at: string | null }
interface Command { id: number; expires_at: string }

/** `HH:mm` in UTC, `minutes` from now. */
const utc = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);

/**
 * Issue 12 point 5: a campaign's daily maintenance window (devices get their command only inside it) and approval
 * by a second person when the organisation requires it. States and moves are `CAMPAIGN_TRANSITIONS`.
 */
describe.each(engines)('campaign maintenance window and approval (%s)', (engine) => {
  let t: TestApp;
  let dataDir: string;
  let staff: MadeUser;
  let approver: MadeUser;
  let noApprove: MadeUser;
  let api: ReturnType<typeof deviceApi>;
  let pkgId: number;
  const open: PlayedDevice[] = [];
  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = staff.token) => t.post<T>(path, body, { token });
  const campaign = async (id: number, token = staff.token) => (await call<Campaign>(CAMPAIGN, { method: 'detail', id }, token)).data!;
  const targets = async (id: number) => (await call<{ list: CampaignTargetRow[] }>(CAMPAIGN, { method: 'targets', id, size: 100 })).data!.list;
  const uid = () => `W${randomBytes(5).toString('hex').toUpperCase()}`;
  const add = (body: Record<string, unknown>, token = staff.token) => call<{ id: number }>(CAMPAIGN, { method: 'add', name: `C ${uid()}`, firmware_id: pkgId, ...body }, token);
  const added = async (body: Record<string, unknown>, token = staff.token) => {
    const r = await add(body, token);
    expect(r.code, `${r.msg} ${String(r.field)}`).toBe(Code.OK);
    return r.data!.id;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gx-window-'));
    t = await startTestApp({ engine, env: { DATA_DIR: dataDir, MQTT_PORT: 'auto' } });
    const org = await makeOrg(t, 'Windows');
    staff = await makeUser(t, org, 'all');
    approver = await makeUser(t, org, ['upgrade.campaign.list', 'upgrade.campaign.approve']);
    noApprove = await makeUser(t, org, ['upgrade.campaign.list', 'upgrade.campaign.start']);
    api = deviceApi(t, staff.token);
    const r = await postForm<{ id: number }>(t, FIRMWARE, { method: 'upload', version: '3.0.0', family: 'ig', models: 'GX-1', file: blobOf(randomBytes(1000), 'application/octet-stream') }, staff.token);
    expect(r.code, `${r.msg} ${String(r.field)}`).toBe(Code.OK);
    pkgId = r.data!.id;
    // Online (an offline device would wait for its return instead of getting a command); they never answer.
    const url = t.app.deviceChannel.transport.address()!;
    for (let i = 0; i < 2; i++) {
      const serial = uid();
      const made = await api.add(serial, { model: 'GX-1' });
      const d = await playDevice(url, serial, made.secret);
      open.push(d);
      await d.hello();
      await until('online', async () => (await api.device(made.id)).online === 1);
    }
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a bad window naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ window_start: '25:00', window_end: '04:00' }, 'window_start', 'validation.windowTime'],
      [{ window_start: '01:00' }, 'window_end', 'validation.windowTime'],
      [{ window_start: '01:00', window_end: '01:00' }, 'window_end', 'validation.windowEmpty'],
      [{ window_start: '01:00', window_end: '03:00', window_tz: 'Mars/Olympus' }, 'window_tz', 'validation.timeZone'],
    ];
    for (const [body, field] of cases) {
      const r = await add({ filter_family: 'ig', ...body });
      expect([r.code, r.field], JSON.stringify(body)).toEqual([Code.VALIDATION, field]);
    }
  });

  it('outside its window a started campaign waits: no device gets a command until the window is open', async () => {
    const id = await added({ filter_family: 'ig', window_start: utc(120), window_end: utc(180), window_tz: 'UTC' });
    expect((await call(CAMPAIGN, { method: 'start', id })).code).toBe(Code.OK);
    expect((await campaign(id)).state).toBe('running');
    // Several sweeps later, still nothing released.
    await new Promise((r) => setTimeout(r, 6000));
    expect((await targets(id)).map((x) => x.state)).toEqual(['pending', 'pending']);
    expect((await call(CAMPAIGN, { method: 'retry', id })).code).toBe(Code.CONFLICT);
  });

  it('inside its window (written in Shanghai local time) commands go out and expire when it closes', async () => {
    // A window from an hour ago to an hour from now, written in Asia/Shanghai local time.
    const local = (m: number) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(new Date(Date.now() + m * 60_000));
    const id = await added({ filter_family: 'ig', window_start: local(-60), window_end: local(60), window_tz: 'Asia/Shanghai' });
    expect((await call(CAMPAIGN, { method: 'start', id })).code).toBe(Code.OK);
    const rows = await until('released', async () => {
      const list = await targets(id);
      return list.every((x) => x.command_id !== null) ? list : null;
    });
    for (const r of rows) {
      const cmd = (await call<Command>('/admin/device/command', { method: 'detail', id: r.command_id })).data!;
      const left = new Date(cmd.expires_at).getTime() - Date.now();
      expect(left).toBeGreaterThan(55 * 60_000);
      expect(left).toBeLessThanOrEqual(61 * 60_000);
    }
  });

  it('with approval required a new campaign awaits a second person\'s approval before it can start', async () => {
    const setting = await call<{ campaign_approval: number }>(CAMPAIGN, { method: 'set_approval_setting', campaign_approval: 1 });
    expect(setting.data).toEqual({ campaign_approval: 1 });
    expect((await call(CAMPAIGN, { method: 'set_approval_setting', campaign_approval: 1 }, approver.token)).code).toBe(Code.FORBIDDEN);
    expect((await call(CAMPAIGN, { method: 'set_approval_setting', campaign_approval: 2 })).field).toBe('campaign_approval');
    const id = await added({ filter_family: 'ig' });
    expect((await campaign(id)).state).toBe('awaiting_approval');
    // Not startable yet; its creator cannot approve it; someone without the key cannot either.
    expect((await call(CAMPAIGN, { method: 'start', id })).code).toBe(Code.CONFLICT);
    const own = await call(CAMPAIGN, { method: 'approve', id });
    expect([own.code, own.field]).toEqual([Code.FORBIDDEN, 'approved_by']);
    expect((await call(CAMPAIGN, { method: 'approve', id }, noApprove.token)).code).toBe(Code.FORBIDDEN);
    expect((await campaign(id)).state).toBe('awaiting_approval');
    // A second person holding upgrade.campaign.approve approves it; then it starts.
    expect((await call(CAMPAIGN, { method: 'approve', id }, approver.token)).code).toBe(Code.OK);
    const approved = await campaign(id);
    expect(approved).toMatchObject({ state: 'draft', approved_by: approver.id });
    expect(approved.approved_at).toBeTruthy();
    expect((await call(CAMPAIGN, { method: 'start', id })).code).toBe(Code.OK);
    expect((await campaign(id)).state).toBe('running');
    // Turned off again, campaigns start as drafts.
    expect((await call(CAMPAIGN, { method: 'set_approval_setting', campaign_approval: 0 })).code).toBe(Code.OK);
    expect((await call<{ campaign_approval: number }>(CAMPAIGN, { method: 'approval_setting' }, approver.token)).data).toEqual({ campaign_approval: 0 });
    expect((await campaign(await added({ filter_family: 'ig' }))).state).toBe('draft');
  });

  it('declares approval as data: only awaiting_approval → draft by approve, and awaiting campaigns can be canceled', () => {
    const approve = CAMPAIGN_TRANSITIONS.filter((x) => x.action === 'approve');
    expect(approve).toEqual([expect.objectContaining({ from: ['awaiting_approval'], to: 'draft' })]);
    expect(CAMPAIGN_TRANSITIONS.find((x) => x.action === 'start')!.from).toEqual(['draft']);
    expect(CAMPAIGN_TRANSITIONS.find((x) => x.action === 'cancel')!.from).toContain('awaiting_approval');
  });
});
