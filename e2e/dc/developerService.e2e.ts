import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { callApi, ok } from '../support/api';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { clickInStillDialog } from '../support/conditions';
import { fillField, openRow, pickOption, submitForm } from '../system/support';
import { flowLanguages } from '../support/locales';

const SERVICE = '/admin/dc/service';
const USERS = '/v3/admin/system/user';
/** The integrator's own program, outside the console: signs with Node's crypto alone, as docs/developer-api.md says. */
const CLIENT = fileURLToPath(new URL('../../scripts/dc-client.mjs', import.meta.url));
const TEXTS = {
  'zh-CN': { pending: '待审核', approved: '已通过', days: '最近 7 天' },
  'en-US': { pending: 'Pending', approved: 'Approved', days: 'Last 7 days' },
} as const;

interface ClientAnswer { status: number; code: number; field?: string; nonce: string; data?: { list: { username: string }[] } }

/** Runs the standalone client once and answers what it printed. */
async function signedCall(url: string, key: string, secret: string, extra: string[] = []): Promise<ClientAnswer> {
  // `--secret=…`: a secret may begin with "-" (its alphabet is base64url's), which a separate argument would read as an option.
  const args = [CLIENT, '--host', url, '--key', key, `--secret=${secret}`, '--path', USERS, '--body', JSON.stringify({ method: 'list', page: 1, size: 5 }), ...extra];
  const { stdout } = await promisify(execFile)(process.execPath, args);
  return JSON.parse(stdout) as ClientAnswer;
}

/**
 * Developer services as an integrator meets them: register a service with its scopes, the platform agrees to it in
 * the audit, the secret is issued and shown once, then the integrator's own program (scripts/dc-client.mjs, a child
 * process) calls the API with the signed key — and a stale clock or a replayed nonce is refused naming its header;
 * the developer dashboard counts the calls. In zh-CN (support/locales.ts).
 */
describe('developer services: register, audit, call with the signed key (Chromium, 1440×900)', () => {
  const f = useBrowserFixture({
    // A service acts with its registrant's roles, never as a platform administrator: the admin gets a role that lists users.
    seed: async (fx) => {
      const buttons = await ok<{ list: { id: number; key: string; menu_id: number }[] }>(fx.url, '/admin/system/button', { method: 'list', key: 'system.user.list' }, fx.admin);
      const button = buttons.list.find((b) => b.key === 'system.user.list')!;
      const role = await ok<{ id: number }>(fx.url, '/admin/system/role', { method: 'add', name: `Integrators ${randomBytes(3).toString('hex')}`, menu_ids: [button.menu_id], button_ids: [button.id] }, fx.admin);
      const me = (await ok<{ list: { id: number; role_ids: number[] }[] }>(fx.url, '/admin/system/user', { method: 'list', username: 'admin' }, fx.admin)).list[0]!;
      await ok(fx.url, '/admin/system/user', { method: 'update', id: me.id, role_ids: [...me.role_ids, role.id] }, fx.admin);
    },
  });

  for (const locale of flowLanguages('zh-CN', 'en-US')) {
    it(`registers a service, agrees to it, and calls the API from a script with its signed key, ${locale}`, async () => {
      const text = TEXTS[locale];
      const name = `Ticket bridge ${locale}`;
      const pageErrors: string[] = [];
      const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/dc/services' });
      await page.getByTestId('resource-table').waitFor();
      await page.getByTestId('toolbar-add').click();
      await fillField(page, 'name', name);
      await fillField(page, 'callback_url', 'https://tickets.example.com/gx');
      await pickOption(page, 'scopes', 'system.user.list');
      await submitForm(page);
      const mine = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: name });
      await mine.getByText(text.pending).waitFor();

      // The platform's audit.
      await page.goto(`${f.url}/dc/audit`);
      const audited = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: name });
      await audited.getByText(text.pending).waitFor();
      await openRow(page, audited, 'agree');
      await clickInStillDialog(page.getByTestId('confirm-ok'));
      await audited.getByText(text.approved).waitFor();

      // The secret, issued and shown this once.
      await page.goto(`${f.url}/dc/services`);
      await mine.getByText(text.approved).waitFor();
      await openRow(page, mine, 'reset_secret');
      await clickInStillDialog(page.getByTestId('confirm-ok'));
      const secretCell = page.getByTestId('service-secret-value');
      await secretCell.waitFor();
      const secret = (await secretCell.innerText()).trim();
      expect(secret).toMatch(/^[\w-]{22}$/);
      await page.getByTestId('service-secret-close').click();
      await page.getByTestId('service-secret').waitFor({ state: 'hidden' });
      const row = (await callApi<{ list: { name: string; state: string; app_key: string }[] }>(f.url, SERVICE, { method: 'list', name }, f.admin)).data!.list[0]!;
      expect(row).toMatchObject({ state: 'approved' });
      expect(row.app_key).toMatch(/^gxak_/);
      expect(JSON.stringify(row)).not.toContain(secret);

      // The integrator's program, with the key.
      const answer = await signedCall(f.url, row.app_key, secret);
      expect(answer).toMatchObject({ status: 200, code: 200 });
      expect(answer.data!.list.map((u) => u.username)).toContain('admin');
      // A clock six minutes off, a nonce used again, a wrong secret: refused, naming the header at fault.
      const stale = String(Math.floor(Date.now() / 1000) - 360);
      expect(await signedCall(f.url, row.app_key, secret, ['--timestamp', stale])).toMatchObject({ code: 1018, field: 'x-gx-timestamp' });
      expect(await signedCall(f.url, row.app_key, secret, ['--nonce', answer.nonce])).toMatchObject({ code: 1018, field: 'x-gx-nonce' });
      expect(await signedCall(f.url, row.app_key, `${secret}x`)).toMatchObject({ code: 1018, field: 'x-gx-signature' });

      // The developer dashboard counts the calls (the counters reach the database within a second).
      const stats = () => callApi<{ totals: { calls: number } }>(f.url, '/admin/dc/stats', { method: 'summary', days: 7 }, f.admin);
      await expect.poll(async () => (await stats()).data!.totals.calls).toBeGreaterThan(0);
      await page.goto(`${f.url}/dc/dashboard`);
      const dashboard = page.getByTestId('dc-dashboard');
      await page.getByTestId('dc-dashboard-days').getByText(text.days).click();
      const shown = dashboard.getByTestId('dc-dashboard-calls').locator('.ant-statistic-content-value');
      await expect.poll(async () => Number((await shown.innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
      await dashboard.getByTestId('dc-calls-chart').locator('canvas').waitFor();
      await dashboard.locator('tr', { hasText: name }).waitFor();
      expect(pageErrors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
