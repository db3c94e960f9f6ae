import { randomBytes } from 'node:crypto';
import { databaseUrl, onServer } from '../../apps/server/src/testing/pgServer';
import type { Engine } from '../../apps/server/src/testing/engines';
import type { Locator, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server';
import { chooseOption, clickInStillDialog } from '../support/conditions';

/** Helpers of the system pages' browser tests: the generic resource form, pickers, rows and the sidebar. */

/** The text control of a form field (`field-<name>`), whether antd put the test id on the input or its wrapper. */
async function inputOf(scope: Locator, name: string): Promise<Locator> {
  const el = scope.getByTestId(`field-${name}`).first();
  await el.waitFor();
  const tag = await el.evaluate((e) => e.tagName);
  return tag === 'INPUT' || tag === 'TEXTAREA' ? el : el.locator('input, textarea').first();
}

export async function fillField(page: Page, name: string, value: string): Promise<void> {
  await (await inputOf(page.getByTestId('resource-form'), name)).fill(value);
}

/** Chooses an option of a select or picker field by its label, typing it to search as a person would. */
export async function pickOption(page: Page, name: string, label: string): Promise<void> {
  const select = page.getByTestId('resource-form').getByTestId(`field-${name}`).first();
  await select.click();
  await page.keyboard.type(label);
  await chooseOption(page, label);
  // A multiple select stays open after a choice; a single one closes itself, and an Escape then would close the drawer.
  const multiple = await select.evaluate((e) => e.matches('.ant-select-multiple') || e.closest('.ant-select-multiple') !== null || e.querySelector('.ant-select-multiple') !== null);
  if (multiple) await page.keyboard.press('Escape');
}

/** Saves the open add/edit form and waits until the drawer has closed (the server accepted it). */
export async function submitForm(page: Page): Promise<void> {
  await page.getByTestId('resource-form-submit').click();
  await page.getByTestId('resource-form').waitFor({ state: 'hidden' });
}

/** Runs a row action: a link on the row, or an entry of the row's "more" menu. */
export async function openRow(page: Page, row: Locator, method: string): Promise<void> {
  // The row first: a row just added may not be drawn yet, and without it an inline action looks absent.
  await row.first().waitFor();
  const inline = row.getByTestId(`row-action-${method}`);
  if (await inline.count()) {
    await inline.click();
    return;
  }
  const entry = page.locator('.ant-dropdown:visible').getByTestId(`row-action-${method}`);
  await openRowMenu(page, row, entry);
  await entry.click();
}

/**
 * Opens the row's "more" menu until `shows` (by default the menu itself) is visible, and answers the open menu. A list
 * refetch that lands just after the click (a row was just added or moved) redraws the row and closes its menu; it is
 * opened again, as a person would.
 */
export async function openRowMenu(page: Page, row: Locator, shows?: Locator): Promise<Locator> {
  const menu = page.locator('.ant-dropdown:visible');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!(await menu.count())) await row.getByTestId('row-action-more').click();
    try {
      await (shows ?? menu).waitFor({ timeout: 5_000 });
      return menu;
    } catch (e) {
      if (Date.now() > deadline) throw e;
    }
  }
}

/** Runs a row action that asks first (a state action with its confirmation), and waits until the dialog has gone. */
export async function runConfirmed(page: Page, row: Locator, method: string): Promise<void> {
  await openRow(page, row, method);
  await clickInStillDialog(page.getByTestId('confirm-ok'));
  await page.getByTestId('confirm-dialog').waitFor({ state: 'hidden' });
}

/** The titles the sidebar shows, sections and pages, in order. */
export async function sidebarTexts(page: Page): Promise<string[]> {
  const menu = page.getByTestId('sidebar-menu');
  await menu.waitFor();
  return menu.locator('.ant-menu-title-content').allInnerTexts();
}

/** The database a whole-console scenario runs on: as the integration tests choose theirs. */
export { engines } from '../../apps/server/src/testing/engines';

/** The built server on a fresh database of the engine: PGlite in a fresh DATA_DIR, or a new PostgreSQL database. */
export async function startOn(engine: Engine): Promise<RunningServer> {
  const base = process.env.TEST_DATABASE_URL;
  if (engine === 'pglite' || !base) return startServer();
  const name = `gx_e2e_system_${randomBytes(4).toString('hex')}`;
  await onServer(base, `create database ${name}`);
  const server = await startServer({ DATABASE_URL: databaseUrl(base, name) });
  const stop = server.stop.bind(server);
  server.stop = async (signal) => {
    const code = await stop(signal);
    await onServer(base, `drop database if exists ${name} with (force)`);
    return code;
  };
  return server;
}
