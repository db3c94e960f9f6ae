import { describe, expect, it } from 'vitest';
import { md5 } from '@gx/contract';
import { callApi, ok, signInToken } from '../support/api';
import { seriousViolations } from '../support/axe';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { newContext } from '../support/browser';
import { openRow, submitForm } from '../system/support';
import { flowLanguages } from '../support/locales';

const PASSWORD = 'Partner#2026';
/** Each language's run: its own project and invitee, and the texts it reads. */
const RUNS = {
  'zh-CN': {
    project: '港湾酒店无线改造', customer: '港湾酒店', invitee: 'carol_partner', nickname: '王工', company: '线缆工程公司', note: '布线分包',
    invitationsTab: '邀请', membersTab: '团队成员', pending: '待接受', accepted: '已接受', role: '工程师', outside: '外部协作者',
    title: /^项目协作邀请 - /, joined: (p: string) => `您已加入项目“${p}”，角色：工程师。`, again: '该邀请已被接受，不能再次使用。',
  },
  'en-US': {
    project: 'Harbour Hotel Wi-Fi refit', customer: 'Harbour Hotel', invitee: 'dave_partner', nickname: 'Dave Cabling', company: 'Cabling Works Ltd', note: 'Cabling subcontract',
    invitationsTab: 'Invitations', membersTab: 'Team members', pending: 'Pending', accepted: 'Accepted', role: 'Engineer', outside: 'Outside collaborator',
    title: /^Project invitation - /, joined: (p: string) => `You joined the project "${p}" as Engineer.`, again: 'This invitation was already accepted and cannot be used again.',
  },
} as const;

/**
 * `/ProjectCollaboration` in Chromium: a project manager invites from the project's details (the link shown once
 * with its QR code); a user of another organisation opens it signed out, signs in, accepts, and appears in the
 * project's team as an outside collaborator. In zh-CN (support/locales.ts).
 */
// A server each: the public page's lookups are limited per address (the captcha after the free ones), and both
// languages' invitees come from this one address.
for (const locale of flowLanguages('zh-CN', 'en-US')) {
  describe(`joining a project team by invitation (Chromium), ${locale}`, () => {
    const f = useBrowserFixture();

    it(`invites from the project, accepts on the link after signing in, and shows the new member, ${locale}`, async () => {
      const r = RUNS[locale];
      // The invitee works for another organisation: made here, she makes her own and leaves this one.
      const made = await ok<{ id: number }>(f.url, '/admin/system/user', { method: 'add', username: r.invitee, password: md5(PASSWORD), nickname: r.nickname }, f.admin);
      await ok(f.url, '/admin/system/organization', { method: 'form', name: r.company }, await signInToken(f.url, r.invitee, PASSWORD));
      await ok(f.url, '/admin/system/user', { method: 'remove', id: made.id }, f.admin);
      await ok(f.url, '/admin/business/project_team', { method: 'add', name: r.project, customer: r.customer }, f.admin);

      const pageErrors: string[] = [];
      const { context, page } = await signedInPage(f, { locale, width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)), at: '/business/project-team' });
      const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: r.project });
      await openRow(page, row, 'detail');
      const detail = page.getByTestId('resource-detail');
      await detail.getByRole('tab', { name: r.invitationsTab }).click();
      const tab = detail.getByTestId('project-invitations');
      await tab.getByTestId('toolbar-add').click();
      await page.getByTestId('resource-form').getByTestId('field-note').fill(r.note);
      await submitForm(page);
      const dialog = page.getByTestId('invitation-link');
      await dialog.locator('canvas').waitFor();
      const url = (await dialog.getByTestId('invitation-link-url').innerText()).trim();
      expect(url).toMatch(new RegExp(`^${f.url}/ProjectCollaboration\\?token=[A-Za-z0-9_-]{43}$`));
      await dialog.getByRole('button', { name: /OK|确/ }).click();
      await tab.locator('tr.ant-table-row', { hasText: r.pending }).waitFor();

      // The invitee, signed out, in another browser.
      const other = await newContext(f.browser, { locale, width: 390, height: 844 });
      const p = await other.newPage();
      p.on('pageerror', (e) => pageErrors.push(e.message));
      await p.goto(url);
      const facts = p.getByTestId('collaboration-facts');
      await facts.getByText(r.project).waitFor();
      await facts.getByText(r.role).waitFor();
      expect(await facts.innerText()).not.toContain(r.note);
      expect(await p.title()).toMatch(r.title);
      expect(await seriousViolations(p)).toEqual([]);
      await p.getByTestId('collaboration-sign-in').click();
      await p.waitForURL(/\/login\?redirect=/);
      await p.getByTestId('login-username').fill(r.invitee);
      await p.getByTestId('login-password').fill(PASSWORD);
      await p.getByTestId('login-submit').click();
      await p.waitForURL((u) => u.pathname === '/ProjectCollaboration');
      await p.getByTestId('collaboration-accept').click();
      await p.getByTestId('collaboration-result').getByText(r.joined(r.project)).waitFor();
      // Accepting again is refused, naming why.
      await p.reload();
      await p.getByTestId('collaboration-result').getByText(r.again).waitFor();
      await other.close();

      // The manager sees the new member in the team, marked as from outside, and the invitation answered.
      await detail.getByRole('tab', { name: r.membersTab }).click();
      const team = detail.getByTestId('project-members');
      await team.getByTestId('toolbar-refresh').click();
      const member = team.locator('tr.ant-table-row', { hasText: r.nickname });
      await member.waitFor();
      await member.getByText(r.outside).waitFor();
      await detail.getByRole('tab', { name: r.invitationsTab }).click();
      await tab.getByTestId('toolbar-refresh').click();
      await tab.locator('tr.ant-table-row', { hasText: r.accepted }).getByText(r.nickname).waitFor();
      const members = await callApi<{ list: { member_name: string; outside: number }[] }>(f.url, '/admin/business/project_team/member', { method: 'list' }, f.admin);
      expect(members.data!.list.filter((m) => m.member_name === r.nickname)).toEqual([expect.objectContaining({ outside: 1 })]);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  });
}
