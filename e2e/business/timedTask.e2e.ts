import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { connectDevice, type E2eDevice } from '../support/device';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { seriousViolations } from '../support/axe';
import { clickInStillDialog } from '../support/conditions';
import { fillField, openRow, pickOption, submitForm } from '../system/support';
import { flowLanguages } from '../support/locales';

const TASK = '/admin/business/timed_task';
const RUN = '/admin/business/timed_task_run';

/** What the pages say, per console language. */
const TEXTS = {
  'zh-CN': { restart: '重启', ap: '云AP', manual: '手动执行', issued: '已下发' },
  'en-US': { restart: 'Restart', ap: 'Cloud AP', manual: 'Run by hand', issued: 'Issued' },
} as const;

interface RunRow { id: number; trigger: string; outcome: string; devices: number; succeeded: number }

/**
 * Issue 15 timed tasks in Chromium: an operator schedules a nightly restart of the organisation's cloud APs (two
 * played over MQTT from the protocol alone), sees its next run at 03:00 Shanghai time, runs it by hand once, and
 * finds the run — by hand, issued, both devices succeeded — with the devices having restarted; in en-US (support/locales.ts).
 */
describe('timed task: a nightly restart on played devices (Chromium, 1440×900)', () => {
  const f = useBrowserFixture({ env: { MQTT_PORT: 'auto' } });
  const aps: E2eDevice[] = [];

  beforeAll(async () => {
    const broker = /Devices: (mqtt:\/\/\S+),/.exec(f.server.output())?.[1];
    expect(broker).toBeTruthy();
    for (let i = 0; i < 2; i += 1) {
      const serial = `E2E-AP-${randomBytes(3).toString('hex').toUpperCase()}`;
      const made = await callApi<{ id: number; secret: string }>(f.url, '/admin/device/binding', { method: 'add', serial, family: 'ap', model: 'GX-AP3000' }, f.admin);
      expect(made.code, made.msg).toBe(200);
      aps.push(await connectDevice(broker!, serial, made.data!.secret, { type: 'ap', model: 'GX-AP3000' }));
    }
  });
  afterAll(async () => { await Promise.all(aps.map((d) => d.end())); });

  for (const locale of flowLanguages('en-US', 'zh-CN')) {
    it(`schedules a nightly restart of the cloud APs and runs it by hand, ${locale}`, async () => {
      const text = TEXTS[locale];
      const name = `Nightly restart ${locale}`;
      const before = aps.map((d) => d.commands.filter((c) => c.name === 'restart').length);
      const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, at: '/business/timed-task' });
      await page.getByTestId('resource-table').waitFor();
      await page.getByTestId('toolbar-add').click();
      await fillField(page, 'name', name);
      await fillField(page, 'cron', '0 3 * * *');
      await pickOption(page, 'command_name', text.restart);
      await pickOption(page, 'filter_family', text.ap);
      await submitForm(page);

      const list = await callApi<{ list: { id: number; name: string; next_run_at: string }[] }>(f.url, TASK, { method: 'list', size: 50 }, f.admin);
      const task = list.data!.list.find((t) => t.name === name)!;
      // 03:00 in Shanghai is 19:00 UTC the evening before.
      expect(new Date(task.next_run_at).toISOString()).toMatch(/T19:00:00\.000Z$/);

      const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: name });
      await openRow(page, row, 'run_now');
      await clickInStillDialog(page.getByTestId('confirm-ok'));
      // Both played APs get the restart and answer it.
      await expect.poll(() => aps.map((d, i) => d.commands.filter((c) => c.name === 'restart').length - before[i]!)).toEqual([1, 1]);
      const runs = async () => (await callApi<{ list: RunRow[] }>(f.url, RUN, { method: 'list', task_id: task.id }, f.admin)).data!.list;
      await expect.poll(async () => (await runs())[0]?.succeeded).toBe(2);
      expect(await runs()).toMatchObject([{ trigger: 'manual', outcome: 'done', devices: 2 }]);

      // The runs page lists it as run by hand and issued.
      await page.goto(`${f.url}/business/timed-task-run`);
      const run = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: name });
      await run.getByText(text.manual).waitFor();
      await run.getByText(text.issued).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
