import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { newContext } from '../support/browser';
import { useBrowserFixture } from '../support/fixture';

/**
 * /mqttDemo in Chromium: a device registered in the console is played from the browser page over MQTT/WebSocket
 * (the embedded broker's `/mqtt`): it comes online, receives a command sent from the API, and its answer from the
 * page's button finishes the command — without a session.
 */
describe('MQTT device demo page (Chromium)', () => {
  const f = useBrowserFixture();

  it('connects as a device, says hello, and answers a command from the console, en-US', async () => {
    const serial = `WEB-DEMO-${Date.now().toString(36).toUpperCase()}`;
    const made = await callApi<{ id: number; secret: string }>(f.url, '/admin/device/binding', { method: 'add', serial, family: 'ig' }, f.admin);
    expect(made.code, made.msg).toBe(200);
    const context = await newContext(f.browser, { locale: 'en-US', width: 390, height: 844 });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${f.url}/mqttDemo`);
    await page.getByRole('heading', { name: 'Play a device over MQTT' }).waitFor();
    expect(await page.locator('#mqtt-broker').inputValue()).toBe(`${f.url.replace(/^http/, 'ws')}/mqtt`);
    await page.locator('#mqtt-serial').fill(serial);
    await page.locator('#mqtt-secret').fill(made.data!.secret);
    await page.getByTestId('mqtt-connect').click();
    await page.getByTestId('mqtt-online').waitFor();
    const device = async () => (await callApi<{ online: number; model: string }>(f.url, '/admin/device/binding', { method: 'detail', id: made.data!.id }, f.admin)).data!;
    // Online (the connection is heard) and its hello stored (the model it reported).
    await expect.poll(async () => (await device()).online).toBe(1);
    await expect.poll(async () => (await device()).model).toBe('WEB-IG');

    const sent = await callApi<{ list: { id: number }[] }>(f.url, '/admin/device/command', { method: 'send', ids: [made.data!.id], name: 'restart', params: {} }, f.admin);
    expect(sent.code, sent.msg).toBe(200);
    const id = sent.data!.list[0]!.id;
    const command = page.getByTestId('mqtt-command').filter({ hasText: `#${id}` });
    await command.waitFor();
    await command.getByTestId('mqtt-succeed').click();
    const state = async () => (await callApi<{ state: string }>(f.url, '/admin/device/command', { method: 'detail', id }, f.admin)).data!.state;
    await expect.poll(state).toBe('succeeded');
    await page.getByTestId('mqtt-telemetry').click();
    await page.getByTestId('mqtt-log').getByText(/→ dev\/.+\/up\/telemetry/).waitFor();
    await page.getByTestId('mqtt-disconnect').click();
    await page.getByTestId('mqtt-connect').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
