import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, PICKER_LIMIT, type PersonnelSelectAnswer } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createMember, createOrganization } from '../../testing/members';
import { orgMembers, users } from '../../db/schema';

const PATH = '/admin/system/webmaster';

describe.each(engines)('personnel picker (%s)', (engine) => {
  let t: TestApp;
  let orgId: number;
  let picker: { id: number; token: string };
  beforeAll(async () => {
    t = await startTestApp({ engine });
    orgId = await createOrganization(t, 'Big Team');
    picker = await createMember(t, { username: 'picker', orgs: [orgId], nickname: 'Picker', keys: ['system.webmaster.form_select'] });
    // 54 more members (55 with the picker), one disabled, one with a literal % in the name; and a stranger elsewhere.
    const rows = Array.from({ length: 54 }, (_, i) => ({
      username: `staff${String(i).padStart(2, '0')}`, passwordHash: 'x', nickname: i === 7 ? '100% Sales' : `Staff ${i}`,
      cellphone: `1380000${String(i).padStart(4, '0')}`, status: i === 53 ? 0 : 1,
    }));
    const inserted = await t.database.db.insert(users).values(rows).returning({ id: users.id });
    await t.database.db.insert(orgMembers).values(inserted.map((u) => ({ orgId, userId: u.id })));
    await createMember(t, { username: 'stranger', orgs: [1], nickname: 'Staff Stranger' });
  });
  afterAll(async () => t.close());

  const select = (keyword?: string) => t.post<PersonnelSelectAnswer>(PATH, { method: 'form_select', ...(keyword === undefined ? {} : { keyword }) }, { token: picker.token });

  it('answers the first 50 members of the current organisation and says there are more', async () => {
    const r = await select();
    expect(r.code).toBe(200);
    expect(r.data?.warden).toHaveLength(PICKER_LIMIT);
    expect(r.data?.more).toBe(true);
    expect(r.data?.warden[0]).toEqual({ id: picker.id, name: 'Picker', cellphone: '' });
  });

  it('filters by name substring, case-insensitively, without the stranger from another organisation', async () => {
    const r = await select('staff 1');
    const names = r.data?.warden.map((w) => w.name) ?? [];
    expect(names).toEqual(['Staff 1', ...Array.from({ length: 10 }, (_, i) => `Staff 1${i}`)]);
    expect(r.data?.more).toBe(false);
    expect(names).not.toContain('Staff Stranger');
  });

  it('matches % literally and leaves disabled members out', async () => {
    expect((await select('%')).data?.warden.map((w) => w.name)).toEqual(['100% Sales']);
    expect((await select('Staff 53')).data?.warden).toEqual([]);
  });

  it('matches the username when the nickname does not', async () => {
    expect((await select('staff07')).data?.warden.map((w) => w.name)).toEqual(['100% Sales']);
  });

  it('needs the picker permission', async () => {
    const plain = await createMember(t, { username: 'no-picker', orgs: [orgId], nickname: 'N' });
    expect((await t.post(PATH, { method: 'form_select' }, { token: plain.token })).code).toBe(Code.FORBIDDEN);
  });
});
