import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  Code, PROGRAMME_PATH, SCREEN_RENDER_PATH, TEMPLATE_PATH, TEMPLATE_PRESETS, WEATHER_PATH, defaultLayoutFor, type WeatherNow,
  type ProgrammeRow, type ScreenRender, type ScreenStatus, type TemplateDetail, type TemplateLayout, type TemplateRow,
} from '@gx/contract';
import { deviceCommands, devices } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const layout = (over: Partial<TemplateLayout> = {}): TemplateLayout => ({
  width: 1920, height: 1080, background: '#101010',
  elements: [
    { id: 'welcome', kind: 'text', x: 100, y: 100, w: 800, h: 120, text: 'Welcome, {{guest}}', font_size: 64 },
    { id: 'clock', kind: 'clock', x: 1500, y: 20, w: 400, h: 100, format: 'time' },
  ],
  ...over,
});

describe.each(engines)('screen templates and programmes (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let editor: MadeUser;
  let viewer: MadeUser;
  let outsider: MadeUser;
  let screenA: number;
  let gatewayA: number;
  let screenB: number;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    orgA = await makeOrg(t, 'Studio A');
    const orgB = await makeOrg(t, 'Studio B');
    editor = await makeUser(t, orgA, [
      'monitor.template.view', 'monitor.template.save', 'monitor.template.remove',
      'monitor.programme.view', 'monitor.programme.save', 'monitor.programme.publish', 'monitor.programme.remove',
    ]);
    viewer = await makeUser(t, orgA, ['monitor.template.view', 'monitor.programme.view']);
    outsider = await makeUser(t, orgB, 'all');
    const add = async (orgId: number, serial: string, family: string) =>
      (await t.database.db.insert(devices).values({ orgId, serial, family, secretHash: 'x' }).returning({ id: devices.id }))[0]!.id;
    screenA = await add(orgA, 'STUDIO-CS-1', 'screen');
    gatewayA = await add(orgA, 'STUDIO-IG-1', 'ig');
    screenB = await add(orgB, 'STUDIO-CS-B', 'screen');
  });
  afterAll(async () => t.close());

  const call = <T>(path: string, body: Record<string, unknown>, who: MadeUser = editor) => t.post<T>(path, body, { token: who.token });

  it('saves a template as version 1, and every later save as the next version with the earlier ones kept', async () => {
    const first = await call<{ id: number; version: number }>(TEMPLATE_PATH, { method: 'save', name: 'Lobby', preset: 'hotel', layout: layout() });
    expect(first.code, first.msg).toBe(200);
    expect(first.data!.version).toBe(1);
    const moved = layout({ background: '#202020' });
    const second = await call<{ id: number; version: number }>(TEMPLATE_PATH, { method: 'save', id: first.data!.id, name: 'Lobby 2', preset: 'hotel', layout: moved });
    expect(second.data).toEqual({ id: first.data!.id, version: 2 });
    const d = (await call<TemplateDetail>(TEMPLATE_PATH, { method: 'detail', id: first.data!.id }, viewer)).data!;
    expect(d).toMatchObject({ name: 'Lobby 2', version: 2, layout: { background: '#202020' } });
    expect(d.versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it('opens an older version as it was, and saving it restores it as the next version with the history kept', async () => {
    const a = await call<{ id: number }>(TEMPLATE_PATH, { method: 'save', name: 'History', preset: 'hotel', layout: layout({ background: '#111111' }) });
    const id = a.data!.id;
    await call(TEMPLATE_PATH, { method: 'save', id, name: 'History', preset: 'hotel', layout: layout({ background: '#222222' }) });
    const old = (await call<TemplateDetail>(TEMPLATE_PATH, { method: 'detail', id, version: 1 }, viewer)).data!;
    expect(old).toMatchObject({ version: 2, shown_version: 1, layout: { background: '#111111' } });
    const missing = await call(TEMPLATE_PATH, { method: 'detail', id, version: 9 }, viewer);
    expect([missing.code, missing.field]).toEqual([Code.VALIDATION, 'version']);
    const restored = await call<{ id: number; version: number }>(TEMPLATE_PATH, { method: 'save', id, name: 'History', preset: 'hotel', layout: old.layout });
    expect(restored.data?.version).toBe(3);
    const now = (await call<TemplateDetail>(TEMPLATE_PATH, { method: 'detail', id }, viewer)).data!;
    expect(now).toMatchObject({ version: 3, shown_version: 3, layout: { background: '#111111' } });
    expect(now.versions.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('refuses an element past the canvas, an unknown kind and a duplicate id, naming the field', async () => {
    const save = (l: unknown) => call(TEMPLATE_PATH, { method: 'save', name: 'Bad', preset: 'hotel', layout: l });
    const past = await save(layout({ elements: [{ id: 'a', kind: 'text', x: 1800, y: 0, w: 200, h: 50, text: 'x' }] }));
    expect([past.code, past.field]).toEqual([Code.VALIDATION, 'layout.elements.0.w']);
    const kind = await save({ ...layout(), elements: [{ id: 'a', kind: 'hologram', x: 0, y: 0, w: 20, h: 20 }] });
    expect([kind.code, kind.field]).toEqual([Code.VALIDATION, 'layout.elements.0.kind']);
    const dup = await save(layout({ elements: [{ id: 'a', kind: 'clock', x: 0, y: 0, w: 20, h: 20, format: 'time' }, { id: 'a', kind: 'clock', x: 0, y: 30, w: 20, h: 20, format: 'time' }] }));
    expect([dup.code, dup.field]).toEqual([Code.VALIDATION, 'layout.elements.1.id']);
  });

  it('lets every preset\'s default layout pass the server\'s checks (the portrait price tag at 1080×1920)', async () => {
    const vs = defaultLayoutFor('housepricetag_vs');
    expect([vs.width, vs.height]).toEqual([1080, 1920]);
    for (const preset of TEMPLATE_PRESETS) {
      const r = await call(TEMPLATE_PATH, { method: 'save', name: preset, preset, layout: defaultLayoutFor(preset) });
      expect(r.code, `${preset}: ${r.msg}`).toBe(200);
    }
  });

  it('keeps templates within their organisation and saving to its permission', async () => {
    const mine = (await call<{ list: TemplateRow[] }>(TEMPLATE_PATH, { method: 'list' }, viewer)).data!.list;
    expect(mine.length).toBeGreaterThan(0);
    expect((await call<{ list: TemplateRow[] }>(TEMPLATE_PATH, { method: 'list' }, outsider)).data!.list).toEqual([]);
    const foreign = await call(TEMPLATE_PATH, { method: 'detail', id: mine[0]!.id }, outsider);
    expect([foreign.code, foreign.field]).toEqual([Code.VALIDATION, 'id']);
    const steal = await call(TEMPLATE_PATH, { method: 'save', id: mine[0]!.id, name: 'Mine now', preset: 'hotel', layout: layout() }, outsider);
    expect([steal.code, steal.field]).toEqual([Code.VALIDATION, 'id']);
    expect((await call(TEMPLATE_PATH, { method: 'save', name: 'No', preset: 'hotel', layout: layout() }, viewer)).code).toBe(Code.FORBIDDEN);
  });

  it('publishes a programme to a screen as a play command whose items render the pinned version with the screen\'s fields', async () => {
    const tpl = (await call<{ list: TemplateRow[] }>(TEMPLATE_PATH, { method: 'list' })).data!.list.find((x) => x.name === 'Lobby 2')!;
    const bad = await call(PROGRAMME_PATH, { method: 'save', name: 'Evening', start: '18:00', end: '23:30', items: [{ template_id: 999_999, seconds: 10 }] });
    expect([bad.code, bad.field]).toEqual([Code.VALIDATION, 'items.0.template_id']);
    const time = await call(PROGRAMME_PATH, { method: 'save', name: 'Evening', start: '25:00', end: '23:30', items: [{ template_id: tpl.id, seconds: 10 }] });
    expect([time.code, time.field]).toEqual([Code.VALIDATION, 'start']);
    const saved = await call<{ id: number }>(PROGRAMME_PATH, { method: 'save', name: 'Evening', start: '00:00', end: '00:00', items: [{ template_id: tpl.id, seconds: 10 }] });
    expect(saved.code, saved.msg).toBe(200);
    const id = saved.data!.id;

    for (const [device, field] of [[gatewayA, 'screens.0.device_id'], [screenB, 'screens.0.device_id']] as const) {
      const r = await call(PROGRAMME_PATH, { method: 'publish', id, screens: [{ device_id: device, fields: {} }] });
      expect([r.code, r.field]).toEqual([Code.VALIDATION, field]);
    }
    expect((await call(PROGRAMME_PATH, { method: 'publish', id, screens: [{ device_id: screenA, fields: {} }] }, viewer)).code).toBe(Code.FORBIDDEN);

    const pub = await call(PROGRAMME_PATH, { method: 'publish', id, screens: [{ device_id: screenA, fields: { room: '1808', guest: 'Ada' } }] });
    expect(pub.code, pub.msg).toBe(200);
    const [cmd] = await t.database.db.select().from(deviceCommands).where(and(eq(deviceCommands.deviceId, screenA), eq(deviceCommands.name, 'play')));
    expect(cmd).toMatchObject({ state: 'queued', orgId: orgA });
    const params = cmd!.params as { programme_id: number; items: { url: string; seconds: number }[] };
    expect(params.programme_id).toBe(id);
    expect(params.items).toHaveLength(1);
    expect(params.items[0]!.seconds).toBe(10);
    const token = /\/screen-render\/([A-Za-z0-9_-]{43})\?item=0$/.exec(params.items[0]!.url)![1]!;

    // A later edit of the template does not change what the published programme plays.
    await call(TEMPLATE_PATH, { method: 'save', id: tpl.id, name: 'Lobby 3', preset: 'hotel', layout: layout({ background: '#303030' }) });
    const render = await t.post<ScreenRender>(SCREEN_RENDER_PATH, { token });
    expect(render.code, render.msg).toBe(200);
    expect(render.data!.fields).toEqual({ room: '1808', guest: 'Ada' });
    expect(render.data!.items.map((i) => i.layout.background)).toEqual(['#202020']);
    expect((await t.post(SCREEN_RENDER_PATH, { token: 'x'.repeat(43) })).code).toBe(Code.NOT_FOUND);

    const overview = (await call<{ programmes: ProgrammeRow[]; screens: ScreenStatus[] }>(PROGRAMME_PATH, { method: 'overview' }, viewer)).data!;
    expect(overview.screens.map((s) => s.serial)).toEqual(['STUDIO-CS-1']);
    expect(overview.screens[0]).toMatchObject({ programme_id: id, playing: false, render_path: `/screen-render/${token}` });
    // The screen reports it (telemetry metrics): the page shows it playing.
    await t.database.db.update(devices).set({ metrics: { playing: 1, programme_id: id } }).where(eq(devices.id, screenA));
    const after = (await call<{ screens: ScreenStatus[] }>(PROGRAMME_PATH, { method: 'overview' }, viewer)).data!;
    expect(after.screens[0]).toMatchObject({ playing: true, playing_programme_id: id });
    expect((await call<{ screens: ScreenStatus[] }>(PROGRAMME_PATH, { method: 'overview' }, outsider)).data!.screens.map((s) => s.serial)).toEqual(['STUDIO-CS-B']);
  });

  it('plays video and weather elements: the render carries each named city\'s weather, the editor previews it', async () => {
    const save = (l: unknown) => call<{ id: number }>(TEMPLATE_PATH, { method: 'save', name: 'Weather', preset: 'hotel', layout: l });
    const badCity = await save(layout({ elements: [{ id: 'w', kind: 'weather', x: 0, y: 0, w: 300, h: 80, city: '<script>', lang: 'en' }] }));
    expect([badCity.code, badCity.field]).toEqual([Code.VALIDATION, 'layout.elements.0.city']);
    const badVideo = await save(layout({ elements: [{ id: 'v', kind: 'video', x: 0, y: 0, w: 300, h: 200, src: 'javascript:alert(1)' }] }));
    expect([badVideo.code, badVideo.field]).toEqual([Code.VALIDATION, 'layout.elements.0.src']);
    const tpl = await save(layout({ elements: [
      { id: 'v', kind: 'video', x: 0, y: 0, w: 640, h: 360, src: '/uploads/1/welcome.mp4' },
      { id: 'w', kind: 'weather', x: 0, y: 400, w: 600, h: 80, city: '上海', lang: 'zh_CN' },
      { id: 'w2', kind: 'weather', x: 0, y: 500, w: 600, h: 80, city: 'Hong Kong', lang: 'en' },
    ] }));
    expect(tpl.code, tpl.msg).toBe(200);
    const preview = await call<WeatherNow>(WEATHER_PATH, { method: 'now', city: '上海' }, viewer);
    expect(preview.code, preview.msg).toBe(200);
    expect(preview.data).toMatchObject({ city: '上海', condition: expect.any(String), temp_c: expect.any(Number) });
    expect((await call(WEATHER_PATH, { method: 'now', city: '上海' }, outsider)).code).toBe(200);
    expect((await t.post(WEATHER_PATH, { method: 'now', city: '上海' })).code).toBe(Code.NOT_LOGGED_IN);
    const prog = await call<{ id: number }>(PROGRAMME_PATH, { method: 'save', name: 'Weather loop', start: '00:00', end: '00:00', items: [{ template_id: tpl.data!.id, seconds: 15 }] });
    expect((await call(PROGRAMME_PATH, { method: 'publish', id: prog.data!.id, screens: [{ device_id: screenA, fields: {} }] })).code).toBe(200);
    const [cmd] = await t.database.db.select().from(deviceCommands).where(and(eq(deviceCommands.deviceId, screenA), eq(deviceCommands.name, 'play'))).orderBy(desc(deviceCommands.id)).limit(1);
    const token = /\/screen-render\/([A-Za-z0-9_-]{43})/.exec((cmd!.params as { items: { url: string }[] }).items[0]!.url)![1]!;
    const render = (await t.post<ScreenRender>(SCREEN_RENDER_PATH, { token })).data!;
    expect(Object.keys(render.weather).sort()).toEqual(['Hong Kong', '上海']);
    expect(render.weather['上海']).toEqual(preview.data);
  });

  it('removes a template only once no programme plays it, and a programme only once no screen shows it, naming what holds them', async () => {
    const tpl = (await call<{ id: number }>(TEMPLATE_PATH, { method: 'save', name: 'Short-lived', preset: 'hotel', layout: layout() })).data!;
    const prog = (await call<{ id: number }>(PROGRAMME_PATH, { method: 'save', name: 'Morning loop', start: '00:00', end: '00:00', items: [{ template_id: tpl.id, seconds: 10 }] })).data!;
    expect((await call(PROGRAMME_PATH, { method: 'publish', id: prog.id, screens: [{ device_id: screenA, fields: {} }] })).code).toBe(200);

    // Held: the refusal counts and names the holders, nothing is removed.
    const held = await call<{ count: number; names: string[] }>(TEMPLATE_PATH, { method: 'remove', id: tpl.id });
    expect(held).toMatchObject({ code: Code.IN_USE, data: { onRemove: 'refuse', count: 1, names: ['Morning loop'] } });
    const onScreen = await call<{ names: string[] }>(PROGRAMME_PATH, { method: 'remove', id: prog.id });
    expect(onScreen).toMatchObject({ code: Code.IN_USE, data: { count: 1, names: ['STUDIO-CS-1'] } });
    expect(onScreen.msg).toContain('STUDIO-CS-1');
    // Not theirs to remove, and not without the key.
    expect((await call(PROGRAMME_PATH, { method: 'remove', id: prog.id }, outsider))).toMatchObject({ code: Code.VALIDATION, field: 'id' });
    expect((await call(TEMPLATE_PATH, { method: 'remove', id: tpl.id }, viewer)).code).toBe(Code.FORBIDDEN);

    // Another programme goes to the screen; then the first can go, and with it the template's last holder.
    const other = (await call<{ id: number }>(PROGRAMME_PATH, { method: 'save', name: 'Other loop', start: '00:00', end: '00:00', items: [{ template_id: tpl.id, seconds: 5 }] })).data!;
    expect((await call(PROGRAMME_PATH, { method: 'publish', id: other.id, screens: [{ device_id: screenA, fields: {} }] })).code).toBe(200);
    expect((await call(PROGRAMME_PATH, { method: 'remove', id: prog.id })).code).toBe(200);
    expect((await call(TEMPLATE_PATH, { method: 'remove', id: tpl.id })).data).toMatchObject({ names: ['Other loop'] });
    const names = ((await call<{ programmes: ProgrammeRow[] }>(PROGRAMME_PATH, { method: 'overview' })).data!.programmes).map((p) => p.name);
    expect(names).not.toContain('Morning loop');
    expect((await call<{ list: TemplateRow[] }>(TEMPLATE_PATH, { method: 'list' })).data!.list.map((r) => r.id)).toContain(tpl.id);
    // A template nothing plays goes at once, with its versions.
    const loose = (await call<{ id: number }>(TEMPLATE_PATH, { method: 'save', name: 'Loose', preset: 'rome', layout: layout() })).data!;
    expect((await call(TEMPLATE_PATH, { method: 'remove', id: loose.id })).code).toBe(200);
    expect(await call(TEMPLATE_PATH, { method: 'detail', id: loose.id })).toMatchObject({ code: Code.VALIDATION, field: 'id' });
  });
});
