import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { Api, DEVICE_FAMILY_LABELS, PublicWorkOrderApi, type BigScreenSummary, type UserInfo } from '@gx/contract';
import { ok } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { newContext } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { fillField, pickOption, runConfirmed, submitForm } from '../system/support';

/** A gateway's complete telemetry, with its SD-WAN site and (for site 1) its link to site 2. */
const gatewayMetrics = (site: number) => ({
  wan_rx_bps: 42_000_000, wan_tx_bps: 9_000_000, clients: 12, cpu: 20, mem: 40, wan_up: 1, sdwan_site: site,
  ...(site === 1 ? { sdwan_p2_up: 1, sdwan_p2_latency_ms: 23.5, sdwan_p2_loss_pct: 0.2 } : {}),
});

/** The stage fills the window as `min(w/1920, h/1080)`, nothing scrolls, and no two panels overlap. */
async function expectLaidOut(page: Page, w: number, h: number): Promise<void> {
  await page.setViewportSize({ width: w, height: h });
  const scale = Math.min(w / 1920, h / 1080);
  await expect.poll(() => page.locator('[data-scale]').getAttribute('data-scale')).toBe(scale.toFixed(4));
  const layout = await page.evaluate(() => {
    const doc = document.documentElement;
    const boxes = [...document.querySelectorAll('[data-panel]')].map((e) => {
      const r = e.getBoundingClientRect();
      return { id: e.getAttribute('data-panel'), x: r.x, y: r.y, r: r.right, b: r.bottom };
    });
    const stage = document.querySelector('[data-scale]')!.getBoundingClientRect();
    return {
      scroll: [doc.scrollWidth - doc.clientWidth, doc.scrollHeight - doc.clientHeight],
      boxes, stage: { x: stage.x, y: stage.y, r: stage.right, b: stage.bottom }, win: [window.innerWidth, window.innerHeight],
    };
  });
  expect(layout.scroll).toEqual([0, 0]);
  expect(layout.boxes.length).toBeGreaterThanOrEqual(4);
  const [iw, ih] = layout.win as [number, number];
  expect(layout.stage.x).toBeGreaterThanOrEqual(-0.5);
  expect(layout.stage.y).toBeGreaterThanOrEqual(-0.5);
  expect(layout.stage.r).toBeLessThanOrEqual(iw + 0.5);
  expect(layout.stage.b).toBeLessThanOrEqual(ih + 0.5);
  for (const a of layout.boxes) {
    expect(a.r, `${a.id} inside the stage`).toBeLessThanOrEqual(layout.stage.r + 0.5);
    expect(a.b, `${a.id} inside the stage`).toBeLessThanOrEqual(layout.stage.b + 0.5);
    for (const b of layout.boxes) {
      if (a === b) continue;
      const overlap = Math.min(a.r, b.r) - Math.max(a.x, b.x) > 0.5 && Math.min(a.b, b.b) - Math.max(a.y, b.y) > 0.5;
      expect(overlap, `${a.id} overlaps ${b.id}`).toBe(false);
    }
  }
}

/**
 * Issue 16, big screens in Chromium: each screen opens from the navbar's large-screen dropdown, draws the map of
 * China from the packaged map data with the demo fleet's numbers, fits 1920×1080 and 1280×720 without overlap or
 * scrolling, follows a device coming online over the live stream, and logs no console error. The TV screen has no
 * control; the SD-WAN screen shows the gateways' sites and links from their telemetry.
 */
describe('big screens (Chromium)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto', DEMO_FLEET: '1' } });
  const devices: MqttClient[] = [];
  afterAll(() => {
    for (const d of devices) d.end(true);
  });

  it('renders the big-data, TV and SD-WAN screens from the navbar, live, at both sizes', async () => {
    const lines = readFileSync(join(f.server.dataDir, 'demo-fleet.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    const gateways = lines.filter((c) => c[2] === 'ig').slice(0, 2) as [string, string][];
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1920, height: 1080 });
    const errors: string[] = [];
    const watch = (p: Page) => {
      p.on('pageerror', (e) => errors.push(`${p.url()}: ${e.message}`));
      p.on('console', (m) => { if (m.type() === 'error') errors.push(`${p.url()}: ${m.text()}`); });
    };
    watch(page);

    // The navbar's dropdown lists the three screens; each opens in its own tab.
    await page.getByTestId('large-screen-menu').click();
    await page.getByTestId('large-screen-sdwanScreen').waitFor();
    const [big] = await Promise.all([context.waitForEvent('page'), page.getByTestId('large-screen-bigData').click()]);
    watch(big);
    await big.waitForURL(/\/screenhome$/);
    await big.getByTestId('screen-bigdata').waitFor();
    await expect.poll(() => big.getByTestId('kpi-total').textContent()).toBe(String(lines.length));
    await expect.poll(() => big.getByTestId('chart-map').getAttribute('data-drawn')).toBe('true');
    await big.locator('[data-panel="panel-map"] canvas').first().waitFor();
    expect(await big.getByTestId('kpi-online').textContent()).toBe('0');
    // Signed in, the screen follows the live stream, and says so.
    await expect.poll(() => big.getByTestId('screen-stream').textContent()).toBe('Live');
    await expectLaidOut(big, 1920, 1080);
    await expectLaidOut(big, 1280, 720);

    // Drill-down: Guangdong opens to its cities (the demo fleet has 3 in Guangzhou, 3 in Shenzhen, 2 in Foshan), then back.
    await big.getByTestId('map-scope').selectOption('广东');
    await big.getByTestId('panel-map').getByRole('heading', { name: 'Devices in Guangdong' }).waitFor();
    const cities = big.getByTestId('map-cities');
    await expect.poll(() => cities.textContent()).toContain('广州市 3');
    expect(await cities.textContent()).toContain('深圳市 3');
    expect(await cities.textContent()).toContain('佛山市 2');
    await expect.poll(() => big.getByTestId('chart-map').getAttribute('data-drawn')).toBe('true');
    await expectLaidOut(big, 1280, 720);
    await big.getByTestId('map-scope').selectOption('');
    await big.getByTestId('panel-map').getByRole('heading', { name: 'Devices by province' }).waitFor();
    expect(await cities.count()).toBe(0);

    // Two gateways come online and report their SD-WAN links: the screen follows over the stream.
    for (const [i, [serial, secret]] of gateways.entries()) {
      const d = await mqtt.connectAsync(broker!, {
        clientId: serial, username: serial, password: secret, reconnectPeriod: 0, clean: true,
        will: { topic: `dev/${serial}/state`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
      });
      devices.push(d);
      await d.publishAsync(`dev/${serial}/state`, '{"online":true}', { qos: 1, retain: true });
      await d.publishAsync(`dev/${serial}/up/hello`, JSON.stringify({ type: 'ig', model: 'GX-IG5200', fw: '2.1.0', hw: 'v2', mac: `02:00:00:00:0B:0${i + 1}`, ip: `192.0.2.${40 + i}`, heartbeat_s: 60 }), { qos: 1 });
      await d.publishAsync(`dev/${serial}/up/telemetry`, JSON.stringify({ metrics: gatewayMetrics(i + 1) }), { qos: 1 });
    }
    await expect.poll(() => big.getByTestId('kpi-online').textContent()).toBe('2');

    // TV mode: the same data with no control at all.
    const tv = await context.newPage();
    watch(tv);
    await tv.goto(`${f.url}/tvscreenhome`);
    await tv.getByTestId('screen-tv').waitFor();
    await expect.poll(() => tv.getByTestId('chart-map').getAttribute('data-drawn')).toBe('true');
    await expect.poll(() => tv.getByTestId('kpi-online').textContent()).toBe('2');
    expect(await tv.locator('button, a, input, select, [role="button"]').count()).toBe(0);
    await expectLaidOut(tv, 1920, 1080);
    await expectLaidOut(tv, 1280, 720);

    // SD-WAN: the two sites and their link from the gateways' telemetry.
    const sd = await context.newPage();
    watch(sd);
    await sd.setViewportSize({ width: 1920, height: 1080 });
    await sd.goto(`${f.url}/SD_WAN_Largescreen`);
    await sd.getByTestId('screen-sdwan').waitFor();
    await expect.poll(() => sd.getByTestId('kpi-sites').textContent()).toBe('2');
    await expect.poll(() => sd.getByTestId('chart-map').getAttribute('data-drawn')).toBe('true');
    await sd.getByTestId('screen-links').locator('tr[data-state="up"]').waitFor();
    await expectLaidOut(sd, 1920, 1080);
    await expectLaidOut(sd, 1280, 720);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws its charts\' Chinese labels with a loaded Chinese face, on a machine without Chinese fonts too', async () => {
    // A canvas takes no part in the page's font loading: a label drawn before its face arrived stays in boxes. Every
    // canvas text drawn is noted with its font and whether that font's faces for it were loaded when it was drawn
    // (components/charts/chartFonts.ts asks for them and draws again when they arrive).
    const summary = await ok<BigScreenSummary>(f.url, '/admin/monitor/screen', { method: 'bigdata' }, f.admin);
    const labels = summary.families.map((x) => DEVICE_FAMILY_LABELS[x.family].zh_CN).filter((l) => /[\u4e00-\u9fff]/.test(l));
    expect(labels.length).toBeGreaterThan(0);
    const { context, page } = await signedInPage(f, { width: 1920, height: 1080, at: null });
    await context.addInitScript(() => {
      const drawn: { text: string; font: string; ready: boolean }[] = [];
      (window as unknown as { __canvasText: typeof drawn }).__canvasText = drawn;
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, max?: number) {
        drawn.push({ text: String(text), font: this.font, ready: document.fonts.check(this.font, String(text)) });
        return max === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, max);
      };
    });
    await page.goto(`${f.url}/screenhome`);
    await expect.poll(() => page.getByTestId('chart-families').getAttribute('data-drawn')).toBe('true');
    // Each label the chart shows (it skips some when they would overlap) was last drawn with a loaded face.
    const lastDraws = () => page.evaluate((want) => {
      const drawn = (window as unknown as { __canvasText: { text: string; font: string; ready: boolean }[] }).__canvasText;
      const last = new Map(drawn.filter((d) => want.includes(d.text)).map((d) => [d.text, d.font.includes('Noto Sans SC') && d.ready]));
      return { shown: last.size, boxes: [...last].filter(([, ok]) => !ok).map(([text]) => text) };
    }, labels);
    await expect.poll(lastDraws).toEqual({ shown: expect.any(Number), boxes: [] });
    expect((await lastDraws()).shown).toBeGreaterThan(0);
    await context.close();
  });

  it('shows a screen on a display nobody signs in on through a display link, until the link is revoked', async () => {
    const total = readFileSync(join(f.server.dataDir, 'demo-fleet.csv'), 'utf8').trim().split('\n').length - 1;
    // Signed out and without a link, the screen (a public route, SPEC §2) says what it needs and offers to sign in.
    const kiosk = await newContext(f.browser, { locale: 'en-US', width: 1280, height: 720 });
    const display = await kiosk.newPage();
    const errors: string[] = [];
    display.on('pageerror', (e) => errors.push(e.message));
    await display.goto(`${f.url}/tvscreenhome`);
    await display.getByTestId('screen-sign-in').getByRole('heading', { name: 'Device operations monitor' }).waitFor();
    expect(new URL(display.url()).pathname).toBe('/tvscreenhome');
    expect(await seriousViolations(display)).toEqual([]);
    // A phone that opened the address can read it and reach the button: not scaled down with the 1920×1080 stage
    // (a line of text at least 16 px high as drawn, the button a 32 px touch target), nothing wider than the window.
    await display.setViewportSize({ width: 375, height: 812 });
    expect(await display.evaluate(() => {
      const panel = document.querySelector('[data-testid="screen-sign-in"]')!;
      const line = panel.querySelector('h1')!.getBoundingClientRect().height;
      const button = panel.querySelector('a')!.getBoundingClientRect().height;
      return { line: line >= 16, button: button >= 32, fits: document.documentElement.scrollWidth <= window.innerWidth };
    })).toEqual({ line: true, button: true, fits: true });

    // The administrator makes a link to the TV screen: shown once, with its QR code.
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/monitor/screen-links' });
    await page.getByTestId('toolbar-add').click();
    await fillField(page, 'name', 'Lobby TV, ground floor');
    await pickOption(page, 'screen', 'TV screen');
    await submitForm(page);
    const dialog = page.getByTestId('display-link');
    await dialog.locator('canvas').waitFor();
    const url = (await dialog.getByTestId('display-link-url').innerText()).trim();
    expect(url).toMatch(new RegExp(`^${f.url}/tvscreenhome\\?key=[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('button', { name: 'OK' }).click();
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: 'Lobby TV, ground floor' });
    await row.getByText('Active').waitFor();

    // The display opens it with no session: the organisation's numbers, no control, and the link noted as used.
    await display.goto(url);
    await display.getByTestId('screen-tv').waitFor();
    await expect.poll(() => display.getByTestId('kpi-total').textContent()).toBe(String(total));
    expect(await display.locator('button, a, input, select, [role="button"]').count()).toBe(0);
    expect(await kiosk.cookies()).toEqual([]);
    // Through a link the screen asks every 30 s rather than following the stream: it does not claim to be live.
    await expect.poll(() => display.getByTestId('screen-stream').textContent()).toBe('Refreshed every 30 s');
    const links = await ok<{ list: { name: string; last_used_at: string | null }[] }>(f.url, '/admin/monitor/screen_link', { method: 'list' }, f.admin);
    expect(links.list.find((l) => l.name === 'Lobby TV, ground floor')?.last_used_at).toBeTruthy();

    // Revoked: the display's next call is refused, and the screen says so instead of its numbers.
    await runConfirmed(page, row, 'revoke');
    await row.getByText('Revoked').waitFor();
    await display.reload();
    await display.getByTestId('screen-refusal').getByText(/revoked or has expired/).waitFor();
    expect(await display.getByTestId('kpi-total').textContent()).not.toBe(String(total));
    expect(errors).toEqual([]);
    await kiosk.close();
    await context.close();
  });

  it('shows complaints and work orders on /largechat as they arrive, in Chinese, at both sizes', async () => {
    const { context, page } = await signedInPage(f, { width: 1920, height: 1080 });
    const errors: string[] = [];
    await page.getByTestId('large-screen-menu').click();
    const [chat] = await Promise.all([context.waitForEvent('page'), page.getByTestId('large-screen-largeChat').click()]);
    chat.on('pageerror', (e) => errors.push(e.message));
    chat.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await chat.waitForURL(/\/largechat$/);
    await chat.getByTestId('screen-largechat').waitFor();
    await expect.poll(() => chat.title()).toContain('投诉建议与工单大屏');
    await expect.poll(() => chat.getByTestId('kpi-open-orders').textContent()).toMatch(/^\d+$/);
    const open = Number(await chat.getByTestId('kpi-open-orders').textContent());
    await expectLaidOut(chat, 1920, 1080);

    // A customer reports a problem on the public page's call, a member sends a suggestion: both land at once, marked new.
    const org = (await ok<UserInfo>(f.url, Api.index.info, {}, f.admin)).org!.id;
    const { order_no } = await ok<{ order_no: string }>(f.url, PublicWorkOrderApi.submit, {
      method: 'submit', org, title: '大堂无线网络中断', contact_name: '韩梅', contact_phone: '13912345678',
    });
    const card = chat.locator(`[data-order-no="${order_no}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-fresh')).toBe('true');
    await expect.poll(() => card.textContent()).toContain('待分派');
    await expect.poll(() => chat.getByTestId('kpi-open-orders').textContent()).toBe(String(open + 1));
    const sent = await ok<{ id: number }>(f.url, Api.shell.suggestion, { method: 'form', content: '前台空调太冷了' }, f.admin);
    const note = chat.locator(`[data-suggestion-id="${sent.id}"]`);
    await note.waitFor();
    await expect.poll(() => note.getAttribute('data-handled')).toBe('false');
    await ok(f.url, Api.shell.suggestion, { method: 'handle', id: sent.id, reply: '已调高温度' }, f.admin);
    await expect.poll(() => note.getAttribute('data-handled')).toBe('true');
    await expect.poll(() => note.textContent()).toContain('已调高温度');
    await expectLaidOut(chat, 1280, 720);
    expect(errors).toEqual([]);
    await context.close();
  });
});
