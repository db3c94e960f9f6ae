import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { Code, IMAGE_MAX_BYTES, type PersonalDataDetailAnswer, type UserInfo } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { blobOf, createMember, createOrganization, JPEG_HEAD, PNG_1PX, postForm } from '../../testing/members';
import { operationLog, sessions } from '../../db/schema';

const PATH = '/admin/system/personal_data';

describe.each(engines)('personal data (%s)', (engine) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gx-profile-'));
    t = await startTestApp({ engine, env: { DATA_DIR: dataDir } });
    admin = await t.login();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const detail = (token: string) => t.post<PersonalDataDetailAnswer>(PATH, { method: 'detail' }, { token });

  it('detail answers the profile, the user\'s organisations, the current one and the completeness flag', async () => {
    const r = await detail(admin);
    expect(r.code).toBe(200);
    // Sex 2: the seeded account never chose a gender, so it is not specified (never silently male).
    expect(r.data?.detail).toMatchObject({ id: 1, username: 'admin', nickname: 'Administrator', sex: 2, we_chart: null, theme: 'light', org: '' });
    // Signed in again: "last sign-in" is the session before this one, never the one in use.
    const again = await t.login();
    const [, previous] = await t.database.db.select().from(sessions).where(eq(sessions.userId, 1)).orderBy(desc(sessions.id)).limit(2);
    const d = (await detail(again)).data!.detail;
    expect(d.mtime).toBe(previous!.createdAt.toISOString());
    expect(r.data?.organization).toEqual([{ id: 1, name: 'Platform' }]);
    expect(r.data?.or).toEqual({ o_id: 1, name: 'Platform' });
    expect(r.data?.complete).toBe(0);
  });

  it('flags a profile with neither name nor phone as incomplete, and saving a name completes it', async () => {
    const m = await createMember(t, { username: 'blank', orgs: [1] });
    expect((await detail(m.token)).data?.complete).toBe(1);
    const r = await t.post(PATH, { method: 'form', id: m.id, nickname: 'Blank Person', sex: 0, company_name: 'ACME' }, { token: m.token });
    expect(r.code).toBe(200);
    const after = await detail(m.token);
    expect(after.data?.complete).toBe(0);
    expect(after.data?.detail).toMatchObject({ nickname: 'Blank Person', sex: 0, company_name: 'ACME' });
  });

  it('does not let one user save another user\'s profile', async () => {
    const m = await createMember(t, { username: 'other1', orgs: [1], nickname: 'Other' });
    const r = await t.post(PATH, { method: 'form', id: 1, nickname: 'Hijacked' }, { token: m.token });
    expect(r.code).toBe(Code.NOT_FOUND);
    expect((await detail(admin)).data?.detail.nickname).toBe('Administrator');
  });

  it('requires a name', async () => {
    const r = await t.post(PATH, { method: 'form', id: 1, nickname: '  ' }, { token: admin });
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'nickname' });
  });

  it('keeps the phone read-only: the same value passes, another is refused', async () => {
    const m = await createMember(t, { username: 'phoned', orgs: [1], nickname: 'P', cellphone: '13800138000' });
    expect((await t.post(PATH, { method: 'form', id: m.id, nickname: 'P', cellphone: '13800138000' }, { token: m.token })).code).toBe(200);
    const r = await t.post(PATH, { method: 'form', id: m.id, nickname: 'P', cellphone: '13900139000' }, { token: m.token });
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'cellphone' });
  });

  it('takes a PNG avatar in a multipart form, stores it and serves it back', async () => {
    const r = await postForm<{ photo: string }>(t, PATH, { method: 'form', id: '1', nickname: 'Administrator', sex: '1', photo: blobOf(PNG_1PX) }, admin);
    expect(r.code).toBe(200);
    const photo = r.data?.photo ?? '';
    expect(photo).toMatch(/^\/uploads\/1\/[A-Za-z0-9_-]{16,64}\.png$/);
    expect((await detail(admin)).data?.detail.photo).toBe(photo);
    const res = await fetch(`${t.url}${photo}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1PX)).toBe(true);
  });

  it('accepts a JPEG avatar whatever the browser says its type is, and names it by its content', async () => {
    const r = await postForm<{ photo: string }>(t, PATH, { method: 'form', id: '1', nickname: 'Administrator', photo: blobOf(JPEG_HEAD, 'application/octet-stream') }, admin);
    expect(r.data?.photo).toMatch(/\.jpg$/);
  });

  it('keeps the avatar when the form sends the current URL instead of a file', async () => {
    const before = (await detail(admin)).data?.detail.photo ?? '';
    const r = await postForm(t, PATH, { method: 'form', id: '1', nickname: 'Administrator', photo: before }, admin);
    expect(r.code).toBe(200);
    expect((await detail(admin)).data?.detail.photo).toBe(before);
  });

  it('refuses a file named .png whose content is not an image', async () => {
    const r = await postForm(t, PATH, { method: 'form', id: '1', nickname: 'Administrator', photo: blobOf(Buffer.from('<svg onload="alert(1)"/>')) }, admin);
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'photo' });
    expect(r.msg).toContain('JPG');
  });

  it('refuses an image of 10 MB or more', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const r = await postForm(t, PATH, { method: 'form', id: '1', nickname: 'Administrator', photo: blobOf(big) }, admin);
    expect(r).toMatchObject({ code: Code.VALIDATION, field: 'photo' });
    expect(r.msg).toContain('10MB');
  });

  it('logs a profile change with what it was before and after', async () => {
    await t.post(PATH, { method: 'form', id: 1, nickname: 'Admin Renamed' }, { token: admin });
    const rows = await t.database.db.select().from(operationLog).where(and(eq(operationLog.action, `${PATH}#form`), eq(operationLog.target, '1')));
    const last = rows.at(-1);
    expect(last?.after).toMatchObject({ nickname: 'Admin Renamed' });
    expect(last?.before).toMatchObject({ nickname: 'Administrator' });
    await t.post(PATH, { method: 'form', id: 1, nickname: 'Administrator' }, { token: admin });
  });

  it('saves the theme on the server; user info carries it', async () => {
    expect((await t.post(PATH, { method: 'set_theme', theme: 'dark' }, { token: admin })).code).toBe(200);
    expect((await detail(admin)).data?.detail.theme).toBe('dark');
    expect((await t.post<UserInfo>('/admin/index/info', {}, { token: admin })).data?.theme).toBe('dark');
    expect((await t.post(PATH, { method: 'set_theme', theme: 'blue' }, { token: admin })).field).toBe('theme');
    await t.post(PATH, { method: 'set_theme', theme: 'light' }, { token: admin });
  });

  it('switches the current organisation to one the user belongs to, and nowhere else', async () => {
    const a = await createOrganization(t, 'Switch A');
    const b = await createOrganization(t, 'Switch B');
    const m = await createMember(t, { username: 'switcher', orgs: [1, a], nickname: 'S' });
    const r = await t.post(PATH, { method: 'organization_change', id: a }, { token: m.token });
    expect(r.code).toBe(200);
    expect((await detail(m.token)).data?.or).toEqual({ o_id: a, name: 'Switch A' });
    expect((await t.post(PATH, { method: 'organization_change', id: b }, { token: m.token })).code).toBe(Code.NOT_FOUND);
    expect((await detail(m.token)).data?.or?.o_id).toBe(a);
  });

  it('answers 1002 to every method without a session', async () => {
    expect((await t.post(PATH, { method: 'detail' })).code).toBe(Code.NOT_LOGGED_IN);
  });
});
