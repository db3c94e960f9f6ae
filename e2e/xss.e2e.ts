import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resources, type MenuNode, type ResourceDecl } from '@gx/contract';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './support/server';
import { launchBrowser, loginThroughForm, newContext } from './support/browser';
import { callApi, signInToken } from './support/api';

/**
 * Stored XSS: hostile markup saved through the API into every text field a resource declares (and into a
 * notification's title and HTML body) must never execute when the console renders it. Generated from the
 * declarations, so a new resource is covered without a new test.
 */
const MARK = '__gx_xss';
const payloadFor = (max: number | undefined): string => {
  const long = `<img src=x onerror="window.${MARK}=1"><svg onload="window.${MARK}=1"><script>window.${MARK}=1</script>`;
  const short = `<svg onload=${MARK}=1>`;
  return max !== undefined && max < long.length ? short.slice(0, max) : long;
};


describe('stored XSS never executes in the console (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let token = '';
  const seeded: string[] = [];
  const post = (path: string, body: unknown) => callApi<{ id?: number }>(server.url, path, body, token);

  /** Adds one row with the payload in every free-text field; a field the rules refuse goes back to its example. */
  async function seedResource(decl: ResourceDecl): Promise<void> {
    if (!decl.operations.includes('add') || !decl.example) return;
    const body: Record<string, unknown> = { method: 'add', ...decl.example };
    const texts = Object.entries(decl.fields).filter(([, f]) => (f.type === 'text' || f.type === 'textarea') && !f.rule && (f.editable ?? 'always') !== 'never');
    for (const [name, f] of texts) body[name] = payloadFor(f.max);
    for (let attempt = 0; attempt <= texts.length; attempt++) {
      const r = await post(decl.path, body);
      if (r.code === 200) {
        seeded.push(decl.key);
        return;
      }
      if (!r.field || !(r.field in decl.fields)) return;
      body[r.field] = (decl.example as Record<string, unknown>)[r.field];
    }
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await signInToken(server.url);
    for (const decl of resources) await seedResource(decl);
    for (const kind of ['notice', 'inform'] as const) {
      const added = await post('/admin/notification/content', {
        method: 'add', kind, title: payloadFor(200), content: `<p>hello</p>${payloadFor(undefined)}<a href="javascript:window.${MARK}=1">x</a>`, audience: 'all',
      });
      expect(added.code).toBe(200);
      expect((await post('/admin/notification/operation', { method: 'publish', id: added.data?.id })).code).toBe(200);
    }
    await post('/admin/boos/warden_proposal', { method: 'form', content: payloadFor(undefined) });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function visit(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
  }

  it('seeds hostile text into most resources', () => {
    expect(seeded.length).toBeGreaterThanOrEqual(Math.floor(resources.filter((r) => r.operations.includes('add') && r.example).length * 0.6));
  });

  it('renders every seeded page, the dashboard and the notifications without running the payload', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await loginThroughForm(page, server.url, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(/\/dashboard/);
    const menu = (await callApi<MenuNode[]>(server.url, '/admin/index/menu', {}, token)).data ?? [];
    const byName = new Map<string, string>();
    const walk = (nodes: MenuNode[]) => nodes.forEach((n) => { byName.set(n.name, n.path); walk(n.children); });
    walk(menu);
    const paths = new Set(['/dashboard', '/oa/suggestion']);
    for (const decl of resources) if (decl.menu && byName.has(decl.menu)) paths.add(byName.get(decl.menu) ?? '');
    let shown = 0;
    for (const path of paths) {
      await visit(page, path);
      if (await page.evaluate((mark) => document.body.innerText.includes(mark), MARK)) shown++;
      // Open the first row's details where the page offers them: details render every field.
      const detail = page.locator('[data-testid="row-action-detail"]').first();
      if (await detail.count()) {
        await detail.click();
        await page.waitForTimeout(300);
        await page.keyboard.press('Escape');
      }
      expect(await page.evaluate((mark) => (window as unknown as Record<string, unknown>)[mark], MARK), `payload ran on ${path}`).toBeUndefined();
    }
    // The payloads reached the screen as text: the test looked at rendered hostile data, not at empty pages.
    expect(shown).toBeGreaterThanOrEqual(3);
    // The bell opens the notification dialog, whose items are HTML from the server.
    await visit(page, '/dashboard');
    const bell = page.getByTestId('notification-bell');
    if (await bell.count()) {
      await bell.first().click();
      await page.waitForTimeout(500);
    }
    expect(await page.evaluate((mark) => (window as unknown as Record<string, unknown>)[mark], MARK)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await ctx.close();
  }, 180_000);
});
