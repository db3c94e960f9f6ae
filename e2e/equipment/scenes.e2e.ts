import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommandMessage } from '@gx/contract';
import { useBrowserFixture, signedInPage } from '../support/fixture';
import { callApi } from '../support/api';
import { connectDevice, type E2eDevice } from '../support/device';
import { chooseOption, clickInStillDialog, untilStill } from '../support/conditions';

/**
 * Issue 16 (smart control) in Chromium: an operator builds a scene in the editor at /allintelligence/allintelligence —
 * a place served by an integrated gateway played with a plain MQTT client, a weekly schedule, two steps with a
 * value and a wait — sees a bad step refused on its own field, runs the scene by hand and watches the last run turn
 * "Succeeded" once the gateway has answered the `scene` command, without a reload.
 */
describe('smart-control scene built in the editor and run on a played gateway (Chromium, 1440×900)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto' } });
  let gateway: E2eDevice | null = null;
  afterAll(async () => { await gateway?.end(); });

  it('builds a scene, refuses a bad step by field, saves a weekly schedule and runs it', async () => {
    const serial = `E2E-IG-${randomBytes(3).toString('hex').toUpperCase()}`;
    const made = await callApi<{ id: number; secret: string }>(f.url, '/admin/device/binding', { method: 'add', serial, family: 'ig', model: 'GX-IG5200' }, f.admin);
    expect(made.code, made.msg).toBe(200);
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    gateway = await connectDevice(broker!, serial, made.data!.secret);
    const place = await callApi<{ id: number }>(f.url, '/admin/device/gateway_place', { method: 'add', name: 'Flat 301', gateway_id: made.data!.id }, f.admin);
    expect(place.code, place.msg).toBe(200);

    const pageErrors: string[] = [];
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/allintelligence/allintelligence' });
    const editor = page.getByTestId('scene-editor');
    // antd's number box carries the test id on its input or on the box around it, by version.
    const numberInput = (id: string) => editor.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();
    await editor.getByText('Choose a scene on the left, or create one').waitFor();

    // A new scene: name and place; the editor opens it.
    await editor.getByTestId('scene-new').click();
    const dialog = page.getByTestId('scene-new-dialog');
    await dialog.getByTestId('scene-new-name').fill('Good morning');
    await dialog.locator('.ant-select').click();
    await chooseOption(page, 'Flat 301');
    await clickInStillDialog(dialog.getByRole('button', { name: 'OK' }));
    await editor.getByTestId('scene-title').getByText('Good morning · Flat 301').waitFor();
    await expect.poll(() => page.url()).toMatch(/[?&]id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await editor.getByTestId('scene-last-state').getByText('Never run').waitFor();

    // Two steps: the lights on, then the curtains to 40 % after two seconds; the second starts without its device.
    await editor.getByTestId('scene-add-step').click();
    await editor.getByTestId('scene-step-0-target').fill('light-1');
    await editor.getByTestId('scene-add-step').click();
    await editor.getByTestId('scene-step-1-action').click();
    await chooseOption(page, 'Set to a value');
    await numberInput('scene-step-1-value').fill('40');
    await numberInput('scene-step-1-delay').fill('2');
    const refused = page.waitForResponse((r) => r.url().includes('/admin/device/gateway_scene') && r.request().postData()?.includes('"program"') === true);
    await editor.getByTestId('scene-save').click();
    expect((await (await refused).json()).field).toBe('actions.1.target');
    await editor.getByTestId('scene-step-1').getByRole('alert').waitFor();
    await editor.getByTestId('scene-step-1-target').fill('curtain-1');
    await expect.poll(() => editor.getByTestId('scene-step-1').getByRole('alert').count()).toBe(0);

    // Weekly at 07:30 on weekdays, in the default time zone.
    await editor.getByTestId('scene-trigger').getByText('On a schedule').click();
    await editor.getByTestId('scene-time').fill('07:30');
    await editor.getByTestId('scene-day-0').click();
    await editor.getByTestId('scene-day-6').click();
    const saved = page.waitForResponse((r) => r.url().includes('/admin/device/gateway_scene') && r.request().postData()?.includes('"program"') === true);
    await editor.getByTestId('scene-save').click();
    expect((await (await saved).json()).code).toBe(200);
    // The next run as the scene's time zone reads it, wherever the browser is.
    await editor.getByTestId('scene-next-run').filter({ hasText: /^Next run: .*07:30 \(Asia\/Shanghai\)$/ }).waitFor();
    const stored = await callApi<Record<string, unknown>>(f.url, '/admin/device/gateway_scene', { method: 'detail', id }, f.admin);
    expect(stored.data).toMatchObject({
      trigger: 'schedule', cron: '30 7 * * 1,2,3,4,5', time_zone: 'Asia/Shanghai', steps: 2,
      actions: [{ target: 'light-1', action: 'on' }, { target: 'curtain-1', action: 'set', value: 40, delay_s: 2 }],
    });

    // Run now: the gateway gets the scene command with the steps; its answer turns the last run "Succeeded", live.
    await editor.getByTestId('scene-run').click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await untilStill(confirm);
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => gateway!.commands.filter((c) => c.name === 'scene').length).toBe(1);
    const command = gateway.commands.find((c) => c.name === 'scene') as CommandMessage;
    expect(command.params).toMatchObject({ scene_id: id, name: 'Good morning', actions: [{ target: 'light-1', action: 'on' }, { target: 'curtain-1', action: 'set', value: 40, delay_s: 2 }] });
    await editor.locator('[data-testid="scene-last-state"][data-state="succeeded"]').waitFor();

    // The list of scenes links each name to the editor.
    await page.goto(`${f.url}/equipment/gateway_scene`);
    await page.getByTestId(`scene-link-${id}`).click();
    await editor.getByTestId('scene-title').getByText('Good morning · Flat 301').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
