import { describe, expect, it } from 'vitest';
import { md5 } from '@gx/contract';
import { callApi, ok, signInToken } from '../support/api';
import { seriousViolations } from '../support/axe';
import { signedInPage, useBrowserFixture } from '../support/fixture';
import { newContext } from '../support/browser';
import { openRow, submitForm } from '../system/support';

const PROJECT = '港湾酒店无线改造';
const PASSWORD = 'Partner#2026';

/**
 * `/ProjectCollaboration` in Chromium: a project manager invites from the project's details (the link shown once
 * with its QR code); a user of another organisation opens it signed out, signs in, accepts, and appears in the
 * project's team as an outside collaborator. In Chinese.
 */
describe('joining a project team by invitation (Chromium)', () => {
  const f = useBrowserFixture();

  it('invites from the project, accepts on the link after signing in, and shows the new member, zh-CN', async () => {
    // The invitee works for another organisation: made here, she makes her own and leaves this one.
    const made = await ok<{ id: number }>(f.url, '/admin/system/user', { method: 'add', username: 'carol_partner', password: md5(PASSWORD), nickname: '王工' }, f.admin);
    await ok(f.url, '/admin/system/organization', { method: 'form', name: '线缆工程公司' }, await signInToken(f.url, 'carol_partner', PASSWORD));
    await ok(f.url, '/admin/system/user', { method: 'remove', id: made.id }, f.admin);
    await ok(f.url, '/admin/business/project_team', { method: 'add', name: PROJECT, customer: '港湾酒店' }, f.admin);

    const pageErrors: string[] = [];
    const { context, page } = await signedInPage(f, { locale: 'zh-CN', width: 1440, height: 900, watch: (p) => p.on('pageerror', (e) => pageErrors.push(e.message)) });
    await page.goto(`${f.url}/business/project-team`);
    const row = page.getByTestId('resource-table').locator('tr.ant-table-row', { hasText: PROJECT });
    await openRow(page, row, 'detail');
    const detail = page.getByTestId('resource-detail');
    await detail.getByRole('tab', { name: '邀请' }).click();
    const tab = detail.getByTestId('project-invitations');
    await tab.getByTestId('toolbar-add').click();
    await page.getByTestId('resource-form').getByTestId('field-note').fill('布线分包');
    await submitForm(page);
    const dialog = page.getByTestId('invitation-link');
    await dialog.locator('canvas').waitFor();
    const url = (await dialog.getByTestId('invitation-link-url').innerText()).trim();
    expect(url).toMatch(new RegExp(`^${f.url}/ProjectCollaboration\\?token=[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('button', { name: /OK|确/ }).click();
    await tab.locator('tr.ant-table-row', { hasText: '待接受' }).waitFor();

    // The invitee, signed out, in another browser.
    const other = await newContext(f.browser, { locale: 'zh-CN', width: 390, height: 844 });
    const p = await other.newPage();
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await p.goto(url);
    const facts = p.getByTestId('collaboration-facts');
    await facts.getByText(PROJECT).waitFor();
    await facts.getByText('工程师').waitFor();
    expect(await facts.innerText()).not.toContain('布线分包');
    expect(await p.title()).toMatch(/^项目协作邀请 - /);
    expect(await seriousViolations(p)).toEqual([]);
    await p.getByTestId('collaboration-sign-in').click();
    await p.waitForURL(/\/login\?redirect=/);
    await p.getByTestId('login-username').fill('carol_partner');
    await p.getByTestId('login-password').fill(PASSWORD);
    await p.getByTestId('login-submit').click();
    await p.waitForURL((u) => u.pathname === '/ProjectCollaboration');
    await p.getByTestId('collaboration-accept').click();
    await p.getByTestId('collaboration-result').getByText(`您已加入项目“${PROJECT}”，角色：工程师。`).waitFor();
    // Accepting again is refused, naming why.
    await p.reload();
    await p.getByTestId('collaboration-result').getByText('该邀请已被接受，不能再次使用。').waitFor();
    await other.close();

    // The manager sees the new member in the team, marked as from outside, and the invitation answered.
    await detail.getByRole('tab', { name: '团队成员' }).click();
    const team = detail.getByTestId('project-members');
    await team.getByTestId('toolbar-refresh').click();
    const member = team.locator('tr.ant-table-row', { hasText: '王工' });
    await member.waitFor();
    await member.getByText('外部协作者').waitFor();
    await detail.getByRole('tab', { name: '邀请' }).click();
    await tab.getByTestId('toolbar-refresh').click();
    await tab.locator('tr.ant-table-row', { hasText: '已接受' }).getByText('王工').waitFor();
    const members = await callApi<{ list: { member_name: string; outside: number }[] }>(f.url, '/admin/business/project_team/member', { method: 'list' }, f.admin);
    expect(members.data!.list).toEqual([expect.objectContaining({ member_name: '王工', outside: 1 })]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
