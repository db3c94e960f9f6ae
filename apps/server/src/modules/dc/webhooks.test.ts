import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  Code, subscribesTo, WEBHOOK_HEADERS, WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs, webhookSignatureBase, type ServiceSecretAnswer, type WebhookPayload,
} from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { deviceApi, playDevice, until, type PlayedDevice } from '../equipment/testing';
import { dcServices } from './service';
import { dcWebhookDeliveries } from './webhooks';

interface Received { headers: Record<string, string | string[] | undefined>; body: string }
interface Delivery { id: number; service_id: number; event: string; state: string; attempts: number; last_status: number | null; last_error: string; payload: unknown }

describe('webhook back-off and subscriptions', () => {
  it('waits from the first delay, doubling, at most an hour, ±20 %', () => {
    expect([1, 2, 3, 4].map((n) => webhookRetryDelayMs(n, 30, () => 0.5))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(webhookRetryDelayMs(30, 30, () => 0.5)).toBe(3_600_000);
    expect(webhookRetryDelayMs(1, 30, () => 0)).toBe(24_000);
    expect(webhookRetryDelayMs(1, 30, () => 1)).toBe(36_000);
  });

  it('sends each service the events it chose', () => {
    expect(subscribesTo('all', 'command.result')).toBe(true);
    expect(subscribesTo('device', 'device.offline')).toBe(true);
    expect(subscribesTo('device', 'command.result')).toBe(false);
    expect(subscribesTo('command', 'device.online')).toBe(false);
    expect(subscribesTo('none', 'device.online')).toBe(false);
  });
});

/**
 * Issue 15 point 4, webhooks: an approved service with a secret gets device presence and command results of its
 * organisation POSTed to its callback URL, signed; a receiver that fails is tried again with back-off; every
 * delivery is logged, and can be sent again.
 */
describe.each(engines)('developer service webhooks (%s)', (engine) => {
  let t: TestApp;
  let owner: MadeUser;
  let outsider: MadeUser;
  let receiver: Server;
  let hookUrl: string;
  const received: Received[] = [];
  /** The receiver's next answers (then 200). */
  const answers: number[] = [];
  const open: PlayedDevice[] = [];
  let secret: ServiceSecretAnswer;
  let serviceId: number;

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = owner.token) => t.post<T>(path, body, { token });
  const deliveries = async (token = owner.token) => (await call<{ list: Delivery[] }>('/admin/dc/webhook', { method: 'list', size: 100 }, token)).data!.list;
  const bodies = () => received.map((r) => JSON.parse(r.body) as WebhookPayload);

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = answers.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/gx`;
    t = await startTestApp({ engine, env: { MQTT_PORT: 'auto', WEBHOOK_RETRY_S: '1' } });
    const org = await makeOrg(t, 'Hooked');
    owner = await makeUser(t, org, 'all');
    outsider = await makeUser(t, await makeOrg(t, 'Not hooked'), 'all');
    const added = await call<{ id: number }>('/admin/dc/service', { method: 'add', name: 'Ticketing', callback_url: hookUrl, scopes: 'device.binding.list', webhook_events: 'all' });
    expect(added.code, added.msg).toBe(Code.OK);
    serviceId = added.data!.id;
    // Nothing is posted before the platform approves it and its secret is issued.
    expect((await call('/admin/dc/audit', { method: 'agree', id: serviceId }, await t.login())).code).toBe(Code.OK);
    secret = (await call<ServiceSecretAnswer>('/admin/dc/service', { method: 'reset_secret', id: serviceId })).data!;
    expect(secret.app_secret).toBeTruthy();
  });
  afterAll(async () => {
    await Promise.allSettled(open.map((d) => d.end()));
    await t?.close();
    await new Promise((r) => receiver.close(r));
  });

  it('posts a device coming online, signed with the app secret, and tries again after a failed answer', async () => {
    answers.push(500);
    const api = deviceApi(t, owner.token);
    const serial = `WH${Date.now().toString(36).toUpperCase()}`;
    const made = await api.add(serial);
    const d = await playDevice(t.app.deviceChannel.transport.address()!, serial, made.secret);
    open.push(d);
    await d.hello();
    const online = await until('delivered after a retry', async () => {
      const row = (await deliveries()).find((x) => x.event === 'device.online' && (x.payload as WebhookPayload).data.id === made.id);
      return row?.state === 'delivered' && row;
    });
    expect(online).toMatchObject({ service_id: serviceId, attempts: 2, last_status: 200, last_error: '' });
    const posts = received.filter((r) => r.headers[WEBHOOK_HEADERS.delivery] === String(online.id));
    expect(posts).toHaveLength(2);
    for (const p of posts) {
      // The receiver checks it as docs/developer-api.md says: HMAC-SHA256 keyed with the secret's SHA-256 hex.
      const key = createHash('sha256').update(secret.app_secret).digest('hex');
      const ts = String(p.headers[WEBHOOK_HEADERS.timestamp]);
      expect(p.headers[WEBHOOK_HEADERS.signature]).toBe(createHmac('sha256', key).update(webhookSignatureBase(ts, p.body)).digest('hex'));
      expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(300);
      expect(p.headers[WEBHOOK_HEADERS.event]).toBe('device.online');
      expect(p.headers['content-type']).toBe('application/json');
      expect(JSON.parse(p.body)).toEqual({ id: online.id, event: 'device.online', at: expect.any(String), org_id: expect.any(Number), data: { id: made.id, serial, online: 1 } });
    }
  });

  it('posts a command\'s result once it is final', async () => {
    const api = deviceApi(t, owner.token);
    const d = open[0]!;
    const sent = (await api.send([(await api.post<{ list: { id: number }[] }>('/admin/device/binding', { method: 'list', serial: d.serial })).data!.list[0]!.id], 'restart')).data!.list[0]!;
    const cmd = await until('the device has it', async () => d.commands.find((c) => c.id === sent.id) ?? null);
    await d.publish('result', { id: cmd.id, ok: true });
    const body = await until('command result posted', async () => bodies().find((b) => b.event === 'command.result' && b.data.id === sent.id) ?? null);
    expect(body.data).toMatchObject({ id: sent.id, serial: d.serial, name: 'restart', state: 'succeeded' });
    // One delivery for the event, whatever else was heard.
    expect((await deliveries()).filter((x) => x.event === 'command.result' && (x.payload as WebhookPayload).data.id === sent.id)).toHaveLength(1);
  });

  it('gives a delivery up after its last attempt, and sends it again on redeliver', async () => {
    const [row] = await deliveries();
    // The last attempt fails: the receiver answers 503.
    await t.database.db.update(dcWebhookDeliveries).set({ state: 'pending', attempts: WEBHOOK_MAX_ATTEMPTS - 1, nextAt: new Date() }).where(eq(dcWebhookDeliveries.id, row!.id));
    answers.push(503);
    const failed = await until('given up', async () => {
      const r = (await call<Delivery>('/admin/dc/webhook', { method: 'detail', id: row!.id })).data!;
      return r.state === 'failed' && r;
    });
    expect(failed).toMatchObject({ attempts: WEBHOOK_MAX_ATTEMPTS, last_status: 503, last_error: 'HTTP 503' });
    const before = received.length;
    expect((await call('/admin/dc/webhook', { method: 'redeliver', id: row!.id })).code).toBe(Code.OK);
    const again = await until('redelivered', async () => {
      const r = (await call<Delivery>('/admin/dc/webhook', { method: 'detail', id: row!.id })).data!;
      return r.state === 'delivered' && r;
    });
    expect(again).toMatchObject({ attempts: 1, last_status: 200 });
    expect(received.length).toBe(before + 1);
  });

  it('keeps the log to its organisation', async () => {
    const [row] = await deliveries();
    expect(await deliveries(outsider.token)).toEqual([]);
    expect((await call('/admin/dc/webhook', { method: 'detail', id: row!.id }, outsider.token)).code).toBe(Code.NOT_FOUND);
    expect((await call('/admin/dc/webhook', { method: 'redeliver', id: row!.id }, outsider.token)).code).toBe(Code.NOT_FOUND);
  });

  it('sends nothing once the service unsubscribes: a pending delivery ends failed without a post', async () => {
    const [row] = await deliveries();
    await t.database.db.update(dcServices).set({ webhookEvents: 'none' }).where(eq(dcServices.id, serviceId));
    const before = received.length;
    expect((await call('/admin/dc/webhook', { method: 'redeliver', id: row!.id })).code).toBe(Code.OK);
    const ended = await until('ended', async () => {
      const r = (await call<Delivery>('/admin/dc/webhook', { method: 'detail', id: row!.id })).data!;
      return r.state === 'failed' && r;
    });
    expect(ended).toMatchObject({ last_status: 0, last_error: 'the service no longer receives this event' });
    expect(received.length).toBe(before);
  });
});
