import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, columnPrefsKey, type Preferences } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { createPlainUser } from '../../testing/users';

const PATH = '/admin/system/personal_data';
const USERS = columnPrefsKey('system.user');

/**
 * A list's column settings are kept on the server per user (issue 18 point 2, "remembered per user"): they follow
 * the user to another session and browser, are the user's own, and are checked like any other input.
 */
describe.each(engines)('user preferences (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
  });
  afterAll(async () => t.close());

  const read = async (token: string) => (await t.post<Preferences>(PATH, { method: 'preferences' }, { token })).data!;
  const save = (token: string, key: string, value: unknown, lang = 'en') =>
    t.post(PATH, { method: 'set_preference', key, value }, { token, headers: { 'accept-language': lang } });

  it('saves a list\'s column settings and answers them to any later session of the same user', async () => {
    const value = { shown: ['username', 'nickname'], order: ['nickname', 'username'], density: 'small' };
    expect((await save(admin, USERS, value)).code).toBe(200);
    const later = await t.login();
    expect((await read(later))[USERS]).toEqual(value);
    // Saving again replaces; null forgets.
    expect((await save(later, USERS, { ...value, density: 'large' })).code).toBe(200);
    expect((await read(admin))[USERS]?.density).toBe('large');
    expect((await save(admin, USERS, null)).code).toBe(200);
    expect((await read(admin))[USERS]).toBeUndefined();
  });

  it('are each user\'s own', async () => {
    await createPlainUser(t, 'prefs_other', 'Secret12');
    const other = await t.login('prefs_other', 'Secret12');
    expect((await save(admin, USERS, { shown: null, order: ['username'], density: 'middle' })).code).toBe(200);
    expect(await read(other)).toEqual({});
  });

  it('refuses an unknown list, columns it lacks and bad values, naming the field', async () => {
    const ok = { shown: null, order: ['username'], density: 'middle' };
    const unknown = await save(admin, columnPrefsKey('system.nothing'), ok);
    expect(unknown).toMatchObject({ code: Code.VALIDATION, field: 'key' });
    expect(unknown.msg).toMatch(/^Setting: /);
    expect(await save(admin, 'theme', ok)).toMatchObject({ code: Code.VALIDATION, field: 'key' });
    const column = await save(admin, USERS, { ...ok, order: ['password_hash'] }, 'zh-CN');
    expect(column).toMatchObject({ code: Code.VALIDATION, field: 'value' });
    expect(column.msg).toMatch(/^设置值：/);
    expect(await save(admin, USERS, { ...ok, density: 'huge' })).toMatchObject({ code: Code.VALIDATION });
    expect(await save(admin, USERS, { ...ok, extra: 1 })).toMatchObject({ code: Code.VALIDATION });
    expect(await t.post(PATH, { method: 'set_preference', key: USERS, value: ok })).toMatchObject({ code: Code.NOT_LOGGED_IN });
  });
});
