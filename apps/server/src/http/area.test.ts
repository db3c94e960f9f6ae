import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code, defineArea } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { defineServerArea } from './area';
import { method } from './endpoint';

/**
 * An area is a Fastify plugin: beside its POST endpoints it registers GET routes and start/stop work, and its
 * manifest's page and buttons reach the menu tree and the grant tree — what a new area (devices, portal, downloads)
 * relies on, proved with one made up here.
 */
describe.each(engines)('an area plugin (%s)', (engine) => {
  const events: string[] = [];
  const manifest = defineArea({
    key: 'probe', order: 999, title: { zh_CN: '探针', en: 'Probe' }, icon: 'ApiOutlined',
    pages: [{
      key: 'ping', path: 'ping', title: { zh_CN: '探测', en: 'Ping' }, custom: true,
      permissions: [{ key: 'probe.ping.run', label: { zh_CN: '探测 · 运行', en: 'Ping · Run' } }],
    }],
  });
  const area = defineServerArea({
    key: 'probe',
    manifest,
    endpoints: [{
      path: '/admin/probe/ping',
      methods: { run: method({ access: 'probe.ping.run', body: z.object({ method: z.string() }).strict(), handler: async () => ({ pong: true }) }) },
    }],
    plugin(app) {
      app.get('/probe/download', async (_req, reply) => reply.header('content-type', 'text/plain').send('file'));
      app.addHook('onReady', async () => { events.push('ready'); });
      app.addHook('onClose', async () => { events.push('close'); });
    },
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine, extraAreas: [area] });
  });
  afterAll(async () => {
    if (!events.includes('close')) await t.close();
  });

  it('starts with the server and serves its GET route and POST endpoint', async () => {
    expect(events).toEqual(['ready']);
    const res = await fetch(`${t.url}/probe/download`);
    expect(await res.text()).toBe('file');
    const token = await t.login();
    expect(await t.post('/admin/probe/ping', { method: 'run' }, { token })).toMatchObject({ code: 200, data: { pong: true } });
  });

  it('files its page and button in the menu and grant trees', async () => {
    const token = await t.login();
    const tree = await t.post<{ menus: { name: string; children: { name: string; buttons: { key: string }[] }[] }[]; other: unknown[] }>(
      '/admin/system/function_menu', { method: 'tree' }, { token },
    );
    const section = tree.data?.menus.find((m) => m.name === 'probe');
    expect(section?.children.map((c) => [c.name, c.buttons.map((b) => b.key)])).toEqual([['probe-ping', ['probe.ping.run']]]);
    expect(tree.data?.other).toEqual([]);
    expect((await t.post('/admin/probe/ping', { method: 'run' })).code).toBe(Code.NOT_LOGGED_IN);
  });

  it('runs its stop work when the server closes', async () => {
    await t.close();
    expect(events).toEqual(['ready', 'close']);
  });
});
