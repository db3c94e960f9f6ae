import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, startServer, type RunningServer } from '../support/server';
import { launchBrowser, loginThroughForm, newContext } from '../support/browser';
import { chooseOption, clickInStillDialog } from '../support/conditions';

/**
 * A diagnosis sent from the console to a device of the demo fleet (played by apps/device-sim, which answers ping
 * and traceroute with plausible figures) shows as a reading, not raw JSON: the ping summary with loss and
 * min/avg/max, the traceroute's hops as a table.
 */
describe('diagnosis results in the device\'s commands (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let sim: ChildProcess | null = null;

  beforeAll(async () => {
    server = await startServer({ MQTT_PORT: 'auto', DEMO_FLEET: '1' });
    browser = await launchBrowser();
    page = await (await newContext(browser, { locale: 'en-US' })).newPage();
    await loginThroughForm(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
  });
  afterAll(async () => {
    sim?.kill('SIGTERM');
    await browser?.close();
    await server?.stop();
  });

  const send = async (kind: 'ping' | 'traceroute') => {
    await page.getByTestId('device-send-command').click();
    const dialog = page.getByTestId('send-command-dialog');
    // The dialog zooms in: a click computed mid-zoom can land on the mask, which closes it.
    await clickInStillDialog(dialog.getByTestId('send-command-name'));
    await chooseOption(page, 'Diagnose');
    await dialog.getByTestId('send-command-name').getByText('Diagnose').waitFor();
    if (kind === 'traceroute') {
      await dialog.getByLabel('Diagnosis').click();
      await chooseOption(page, 'traceroute');
      await dialog.getByTitle('traceroute').waitFor();
    }
    await dialog.getByPlaceholder('8.8.8.8').fill('192.0.2.1');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
  };

  it('shows a ping as loss and min/avg/max, and a traceroute as a per-hop table, in the command\'s details', async () => {
    const [, first] = readFileSync(join(server.dataDir, 'demo-fleet.csv'), 'utf8').trim().split('\n');
    const [serial] = first!.split(',') as [string];
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(server.output())?.[1];
    if (!broker) throw new Error('the server did not say where devices connect');
    // The simulator, as `npm run sim` runs it (built by scripts/build.mjs), playing this one device.
    const cli = fileURLToPath(new URL('../../apps/device-sim/dist/cli.js', import.meta.url));
    sim = spawn(process.execPath, [cli, '--csv', join(server.dataDir, 'demo-fleet.csv'), '--devices', '1', '--url', broker, '--stats-s', '0'], { stdio: 'ignore' });
    await page.goto(`${server.url}/equipment/device`);
    const row = page.getByTestId('resource-table').locator('tr', { hasText: serial });
    await row.getByText('Online', { exact: true }).waitFor();
    await row.getByTestId('row-action-detail').click();
    await page.getByRole('tab', { name: 'Commands' }).click();
    const commands = page.getByTestId('device-commands');
    /** Sends a diagnosis, waits for the device's answer, and opens the command's details. */
    const diagnose = async (kind: 'ping' | 'traceroute', id: number) => {
      await send(kind);
      const command = commands.getByTestId('resource-table').locator('tr', { hasText: 'Diagnose' }).filter({ has: page.getByText(String(id), { exact: true }) });
      await command.getByText('Succeeded', { exact: true }).waitFor();
      await command.getByTestId('row-action-detail').click();
    };

    await diagnose('ping', 1);
    const ping = page.getByTestId('command-result-ping');
    await ping.filter({ hasText: /Sent 4, received \d, [\d.]+% loss, RTT min\/avg\/max [\d.]+\/[\d.]+\/[\d.]+ ms/ }).waitFor();
    await page.keyboard.press('Escape');
    await ping.waitFor({ state: 'hidden' });

    await diagnose('traceroute', 2);
    const trace = page.getByTestId('command-result-traceroute');
    await trace.filter({ hasText: /\d hops to 192\.0\.2\.1/ }).waitFor();
    await trace.getByTestId('command-result-hops-button').click();
    const hops = page.getByTestId('command-result-hops');
    await hops.getByRole('columnheader', { name: 'RTT (ms)' }).waitFor();
    await hops.locator('tr', { hasText: '192.0.2.1' }).waitFor();
  });
});
