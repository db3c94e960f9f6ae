import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Page, type RobotAnswer, type ScreenChatSent, type ScreenChatWallEntry } from '@gx/contract';
import { screenAssignments, screenProgrammes } from '../../db/schema/monitor';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const ROBOT = '/admin/boos/robot';
const CHAT = '/admin/boos/screenChat';
const BLACKLIST = '/admin/boos/keyword_blacklist';

interface ChatRow { id: number; content: string; state: string; reply: string; replied_by: string; device_id: number }

describe.each(engines)('reply robots and screen chat (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let outsider: MadeUser;
  let token = '';
  let screenId = 0;
  beforeAll(async () => {
    t = await startTestApp({ engine });
    const org = await makeOrg(t, 'Harbour Hotel');
    staff = await makeUser(t, org, 'all');
    outsider = await makeUser(t, await makeOrg(t, 'Other hotel'), 'all');
    const screen = await t.post<{ id: number }>('/admin/device/binding', { method: 'add', serial: `LOBBY-${randomBytes(3).toString('hex')}`, family: 'screen' }, { token: staff.token });
    expect(screen.code, screen.msg).toBe(200);
    screenId = screen.data!.id;
    const [programme] = await t.database.db.insert(screenProgrammes).values({ orgId: org, name: 'Lobby' }).returning({ id: screenProgrammes.id });
    token = randomBytes(32).toString('base64url');
    await t.database.db.insert(screenAssignments).values({ deviceId: screenId, orgId: org, programmeId: programme!.id, token });
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, who = staff) => t.post<T>(path, body, { token: who.token, headers: { 'accept-language': 'en' } });
  const send = (body: Record<string, unknown>) => t.post<ScreenChatSent>(CHAT, { method: 'send', token, ...body }, { headers: { 'accept-language': 'en' } });
  const wall = () => t.post<ScreenChatWallEntry[]>(CHAT, { method: 'wall', token });
  const mine = async () => (await call<Page<ChatRow>>(CHAT, { method: 'list', size: 50 })).data!.list;

  it('answers with the first enabled robot whose keyword the message holds, exact robots only on the whole message', async () => {
    const wifi = await call<{ id: number; keywords: string }>(ROBOT, { method: 'add', name: 'Wi-Fi', keywords: 'WiFi，password\nwi-fi', reply: 'Join GX-Guest.', sort: 2 });
    expect(wifi.code, wifi.msg).toBe(200);
    expect(wifi.data?.keywords).toBe('wifi, password, wi-fi');
    await call(ROBOT, { method: 'add', name: 'Breakfast', keywords: 'breakfast', match: 'exact', reply: 'From 7 to 10 on floor 2.', sort: 1 });
    expect((await call<RobotAnswer | null>(ROBOT, { method: 'try', message: 'What is the WIFI password?' })).data).toMatchObject({ name: 'Wi-Fi', reply: 'Join GX-Guest.' });
    expect((await call<RobotAnswer | null>(ROBOT, { method: 'try', message: ' Breakfast ' })).data).toMatchObject({ name: 'Breakfast' });
    expect((await call<RobotAnswer | null>(ROBOT, { method: 'try', message: 'when is breakfast' })).data).toBeNull();
    await call(ROBOT, { method: 'disable', id: wifi.data!.id });
    expect((await call<RobotAnswer | null>(ROBOT, { method: 'try', message: 'wifi?' })).data).toBeNull();
    await call(ROBOT, { method: 'enable', id: wifi.data!.id });
    expect(await call(ROBOT, { method: 'try', message: '' })).toMatchObject({ code: Code.VALIDATION, field: 'message' });
    // Another organisation's robots are not its own.
    expect((await call<RobotAnswer | null>(ROBOT, { method: 'try', message: 'wifi' }, outsider)).data).toBeNull();
  });

  it('takes a guest message from the screen link, lets a robot answer, and shows it once approved', async () => {
    const sent = await send({ nickname: 'Anna', content: 'Is there wifi in the rooms?' });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data).toMatchObject({ state: 'pending', reply: 'Join GX-Guest.' });
    expect((await wall()).data).toEqual([]);
    const row = (await mine()).find((r) => r.id === sent.data!.id)!;
    expect(row).toMatchObject({ state: 'pending', replied_by: 'robot', device_id: screenId });
    expect((await call<Page<{ name: string; hits: number }>>(ROBOT, { method: 'list' })).data!.list.find((r) => r.name === 'Wi-Fi')?.hits).toBe(1);

    expect((await call(CHAT, { method: 'approve', id: row.id })).code).toBe(200);
    expect((await call(CHAT, { method: 'answer', id: row.id, reply: 'Yes, on every floor.' })).code).toBe(200);
    const shown = (await wall()).data!;
    expect(shown.map((m) => [m.nickname, m.content, m.reply])).toEqual([['Anna', 'Is there wifi in the rooms?', 'Yes, on every floor.']]);
    expect((await mine()).find((r) => r.id === row.id)?.replied_by).toBe('staff');

    expect((await call(CHAT, { method: 'reject', id: row.id, reason: 'Off topic' })).code).toBe(200);
    expect((await wall()).data).toEqual([]);
  });

  it('refuses a message with a blocked word, naming it, and stores nothing', async () => {
    expect((await call(BLACKLIST, { method: 'add', word: 'casino' })).code).toBe(200);
    const before = (await mine()).length;
    const refused = await send({ nickname: 'Bob', content: 'Best CASINO in town' });
    expect(refused).toMatchObject({ code: Code.VALIDATION, field: 'content', msg: expect.stringContaining('casino') });
    expect((await mine()).length).toBe(before);
  });

  it('refuses an unknown screen link and bad input by field', async () => {
    expect(await t.post(CHAT, { method: 'send', token: 'x'.repeat(40), content: 'hi' })).toMatchObject({ code: Code.NOT_FOUND, field: 'token' });
    expect(await send({ content: '' })).toMatchObject({ code: Code.VALIDATION, field: 'content' });
    expect(await send({ content: 'x'.repeat(501) })).toMatchObject({ code: Code.VALIDATION, field: 'content' });
    expect(await t.post(CHAT, { method: 'wall', token: 'short' })).toMatchObject({ code: Code.VALIDATION, field: 'token' });
  });

  it('keeps each organisation\'s messages to itself', async () => {
    expect((await call<Page<ChatRow>>(CHAT, { method: 'list' }, outsider)).data?.total).toBe(0);
    const id = (await mine())[0]!.id;
    expect((await call(CHAT, { method: 'approve', id }, outsider)).code).toBe(Code.NOT_FOUND);
  });
});
