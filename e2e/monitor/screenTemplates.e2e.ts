import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { chooseOption, toastShown } from '../support/conditions';
import { callApi } from '../support/api';
import { PROGRAMME_PATH, TEMPLATE_PATH, defaultLayoutFor } from '@gx/contract';

const leftOf = (el: Locator) => el.evaluate((e) => (e as HTMLElement).style.left);

/**
 * Issue 16 point 5 in Chromium: a hotel template is built in the tp_hotel editor (element added, dragged, the drag
 * undone and redone, saved as version 1), a programme of it is published to a screen of the demo fleet played by
 * apps/device-sim over real MQTT, the screen reports it playing, and its public render shows the screen's fields.
 */
describe('screen templates and programmes (Chromium)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto', DEMO_FLEET: '1' } });
  let sim: ChildProcess | null = null;
  afterAll(() => {
    sim?.kill('SIGTERM');
  });

  it('builds a hotel template, publishes it to a simulated screen and sees it playing, in English and Chinese', async () => {
    const [header, ...rows] = readFileSync(join(f.server.dataDir, 'demo-fleet.csv'), 'utf8').trim().split('\n');
    const screenRow = rows.find((l) => l.split(',')[2] === 'screen')!;
    const serial = screenRow.split(',')[0]!;
    const csv = join(f.server.dataDir, 'one-screen.csv');
    writeFileSync(csv, `${header}\n${screenRow}\n`, { mode: 0o600 });
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    const cli = fileURLToPath(new URL('../../apps/device-sim/dist/cli.js', import.meta.url));
    sim = spawn(process.execPath, [cli, '--csv', csv, '--url', broker!, '--telemetry-s', '2', '--stats-s', '0'], { stdio: 'ignore' });

    const errors: string[] = [];
    const watch = (p: Page) => {
      p.on('pageerror', (e) => errors.push(`${p.url()}: ${e.message}`));
      p.on('console', (m) => { if (m.type() === 'error') errors.push(`${p.url()}: ${m.text()}`); });
    };
    // From the templates page, a new hotel template opens the shared editor on the tp_hotel route.
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, watch, at: '/monitor/templates' });
    await page.getByTestId('new-template').click();
    await page.getByTestId('new-hotel').click();
    await page.waitForURL(/\/tp_hotel$/);
    const editor = page.getByTestId('template-editor');
    await editor.getByText('Hotel welcome template').waitFor();
    await editor.getByText('Resolution 1920×1080').waitFor();
    await page.getByTestId('studio-el-text').first().waitFor();

    await page.getByTestId('studio-add-qr').click();
    const qr = page.getByTestId('studio-el-qr');
    await page.getByTestId('studio-properties').waitFor();
    const before = await leftOf(qr);
    const box = (await qr.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 + 40, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => leftOf(qr)).not.toBe(before);
    const moved = await leftOf(qr);
    await page.getByTestId('studio-undo').click();
    await expect.poll(() => leftOf(qr)).toBe(before);
    await page.getByTestId('studio-redo').click();
    await expect.poll(() => leftOf(qr)).toBe(moved);
    await page.getByTestId('studio-align-center').click();
    await expect.poll(() => leftOf(qr)).toBe(`${(1920 - 240) / 2}px`);

    // A weather element shows the city's weather as screens will get it (the server's provider), in its language.
    await page.getByTestId('studio-add-weather').click();
    const weather = page.getByTestId('studio-el-weather');
    await weather.getByText('上海').waitFor();
    await weather.getByText(/^-?\d+°C$/).waitFor();
    await page.getByTestId('prop-city').fill('Hong Kong');
    await weather.getByText('Hong Kong').waitFor();
    await weather.getByText(/^-?\d+°C$/).waitFor();

    await page.getByTestId('template-name').fill('Lobby welcome');
    await page.getByTestId('template-save').click();
    await page.waitForURL(/\/tp_hotel\?id=\d+$/);
    await page.getByTestId('template-version').filter({ hasText: 'Version 1' }).waitFor();
    const templateUrl = page.url();

    // The programme: that template for 20 s, all day; published to the screen with its guest and room.
    await page.goto(`${f.url}/sifamodel/sifa`);
    await page.getByTestId('programme-name').fill('Evening welcome');
    await page.getByTestId('programme-item-0').click();
    await chooseOption(page, 'Lobby welcome (v1)');
    await page.getByTestId('programme-save').click();
    await page.getByTestId('programme-editor').getByText(/Programme #\d+/).waitFor();
    const row = page.locator('tr', { hasText: serial });
    await row.getByTestId(`screen-status-${serial}`).getByText('Not playing', { exact: true }).waitFor();
    // On a laptop's width the screens table scrolls sideways; a serial stays on one line.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => row.locator('.ant-typography-secondary', { hasText: serial }).first().evaluate((el) => el.getClientRects().length)).toBe(1);
    await page.setViewportSize({ width: 1440, height: 900 });
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId(`screen-guest-${serial}`).fill('Ada');
    await page.getByTestId(`screen-room-${serial}`).fill('1808');
    await page.getByTestId('programme-publish').click();
    await row.getByTestId(`screen-status-${serial}`).getByText('Playing', { exact: true }).waitFor();
    await row.getByText('Evening welcome').waitFor();

    // What a real screen's browser opens: no session needed, the screen's fields filled in.
    const href = await row.getByRole('link', { name: 'Render address' }).getAttribute('href');
    expect(href).toMatch(/^\/screen-render\/[A-Za-z0-9_-]{43}$/);
    const screen = await (await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 720 } })).newPage();
    watch(screen);
    await screen.goto(`${f.url}${href}`);
    await screen.getByTestId('screen-render').getByText('Welcome, Ada').waitFor();
    await screen.getByText('Room 1808').waitFor();
    await screen.context().close();

    // History: a second save is version 2; version 1 opens as it was, and saving it restores it as version 3.
    await page.goto(templateUrl);
    const version = (n: number) => page.getByTestId('template-version').filter({ hasText: new RegExp(`(Version|版本) ${n}$`) });
    await version(1).waitFor();
    await page.getByTestId('template-save').click();
    await version(2).waitFor();
    await page.getByTestId('open-version-1').click();
    await page.getByTestId('template-old-version').waitFor();
    await page.getByTestId('template-save').click();
    await version(3).waitFor();
    await page.getByTestId('template-old-version').waitFor({ state: 'detached' });
    await context.close();

    // The same page in Chinese.
    const zh = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, watch, at: '/sifamodel/sifa' });
    await zh.page.locator('tr', { hasText: serial }).getByText('播放中', { exact: true }).waitFor();
    await zh.page.getByText('发布到屏幕').waitFor();
    await zh.context.close();
    expect(errors).toEqual([]);
  });

  it('deletes templates and programmes only once nothing plays them, saying what holds them', async () => {
    const save = async (name: string) =>
      (await callApi<{ id: number }>(f.url, TEMPLATE_PATH, { method: 'save', name, preset: 'hotel', layout: defaultLayoutFor('hotel') }, f.admin)).data!.id;
    const held = await save('Held welcome');
    const spare = await save('Spare welcome');
    const loop = (await callApi<{ id: number }>(f.url, PROGRAMME_PATH, {
      method: 'save', name: 'Held loop', start: '00:00', end: '00:00', items: [{ template_id: held, seconds: 10 }],
    }, f.admin)).data!.id;
    const { context, page } = await signedInPage(f, { locale: 'en-US', width: 1440, height: 900, at: '/monitor/templates' });

    const remove = async (id: number) => {
      await page.getByTestId(`remove-template-${id}`).click();
      await page.getByTestId(`remove-template-ok-${id}`).click();
    };
    await remove(held);
    await toastShown(page, 'Held loop');
    await remove(spare);
    await page.getByTestId(`remove-template-${spare}`).waitFor({ state: 'detached' });
    expect(await page.getByTestId(`remove-template-${held}`).count()).toBe(1);

    // The programme goes (no screen shows it); then its template can go too.
    await page.goto(`${f.url}/sifamodel/sifa`);
    await page.getByTestId(`programme-${loop}`).click();
    await page.getByTestId('programme-remove').click();
    await page.getByTestId('programme-remove-ok').click();
    await page.getByTestId(`programme-${loop}`).waitFor({ state: 'detached' });
    await page.goto(`${f.url}/monitor/templates`);
    await remove(held);
    await page.getByTestId(`remove-template-${held}`).waitFor({ state: 'detached' });
    await context.close();
  });
});
