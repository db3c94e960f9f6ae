import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { parseCsv } from '../../resources/spreadsheet/csv';

interface Entry { id: number; action: string; target: string; target_label: string }
interface ExportFile { content: string }

/** Issue 18 point 8: the log names the object it acted on and its export reads changes as the lists do. */
describe.each(engines)('operation log as a person reads it (%s)', (engine) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
  });
  afterAll(async () => t.close());

  const entries = async (action: string) =>
    (await t.post<Page<Entry>>('/admin/system/operation_log', { method: 'list', action, size: 100 }, { token: admin })).data!.list;

  it('names the object by its picker label, also after the object was removed', async () => {
    const role = await t.post<{ id: number }>('/admin/system/role', { method: 'add', name: 'Log readers' }, { token: admin });
    const user = await t.post<{ id: number }>('/admin/system/user', {
      method: 'add', username: 'log_ann', nickname: 'Ann Log', password: 'e10adc3949ba59abbe56e057f20f883e', sex: 0, role_ids: [role.data!.id],
    }, { token: admin });
    const [added] = (await entries('/admin/system/user#add')).filter((e) => e.target === String(user.data!.id));
    expect(added?.target_label).toBe('Ann Log (log_ann)');
    const [roleAdded] = (await entries('/admin/system/role#add')).filter((e) => e.target === String(role.data!.id));
    expect(roleAdded?.target_label).toBe('Log readers');

    await t.post('/admin/system/user', { method: 'remove', id: user.data!.id }, { token: admin });
    const [removed] = (await entries('/admin/system/user#remove')).filter((e) => e.target === String(user.data!.id));
    expect(removed?.target_label).toBe('Ann Log (log_ann)');
  });

  it('names the account a sign-in acted on', async () => {
    const [login] = await entries('login');
    expect(login).toMatchObject({ target: '1', target_label: 'Administrator (admin)' });
  });

  it('exports changes with labels, option and reference names and local time, never raw values', async () => {
    const r = await t.post<ExportFile>('/admin/system/operation_log', { method: 'export', format: 'csv', action: '/admin/system/user#add', tz: 'Asia/Shanghai' }, {
      token: admin, headers: { 'accept-language': 'en' },
    });
    const [header, ...rows] = parseCsv(Buffer.from(r.data!.content, 'base64'));
    const col = (name: string) => header!.indexOf(name);
    const ann = rows.find((row) => row[col('Target')] === 'Ann Log (log_ann)');
    expect(ann, JSON.stringify(rows)).toBeDefined();
    const after = ann![col('After')]!;
    expect(after).toContain('Gender: Female');
    expect(after).toContain('Roles: Log readers');
    expect(after).toContain('Username: log_ann');
    expect(after).not.toContain('{');
    expect(ann![col('Time')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
