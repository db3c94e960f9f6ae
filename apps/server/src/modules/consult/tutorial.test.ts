import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { Code, VIDEO_MAX_BYTES } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { blobOf, PNG_1PX, postForm } from '../../testing/members';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const CLASS = '/admin/consult/classification';
const TUTORIAL = '/admin/consult/tutorial';

interface TutorialRow { id: number; title: string; state: string; body: string; video_url: string; published_at: string | null }

describe.each(engines)('consult tutorials (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let reader: MadeUser;
  let outsider: MadeUser;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    const org = await makeOrg(t, 'Tutorials A');
    staff = await makeUser(t, org, 'all');
    reader = await makeUser(t, org, ['consult.tutorial.list']);
    outsider = await makeUser(t, await makeOrg(t, 'Tutorials B'), 'all');
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(body: Record<string, unknown>, token = staff.token, path = TUTORIAL) => t.post<T>(path, body, { token });
  const add = async (extra: Record<string, unknown> = {}) => {
    const r = await call<TutorialRow>({ method: 'add', title: `T ${Math.random()}`, ...extra });
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };

  it('keeps a tutorial with its video link and a rich body cleaned of anything that runs', async () => {
    const row = await add({
      video_url: 'https://video.example.com/setup.mp4', duration_min: 7,
      body: '<h2>Step 1</h2><p onclick="alert(1)">Plug <strong>in</strong></p><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
    });
    expect(row.video_url).toBe('https://video.example.com/setup.mp4');
    expect(row.body).toContain('<h2>Step 1</h2>');
    expect(row.body).toContain('<strong>in</strong>');
    expect(row.body).not.toMatch(/script|onclick|javascript:/i);
    const updated = await call<TutorialRow>({ method: 'update', id: row.id, body: '<p>Safe</p><img src="x" onerror="alert(4)">' });
    expect(updated.data!.body).not.toMatch(/onerror/);
  });

  it('refuses bad input naming the field: no link, too long a body, a disabled category', async () => {
    expect(await call({ method: 'add', title: 'x', video_url: 'ftp://video.example.com/a.mp4' })).toMatchObject({ code: Code.VALIDATION, field: 'video_url' });
    expect(await call({ method: 'add', title: 'x', body: 'x'.repeat(200_001) })).toMatchObject({ code: Code.VALIDATION, field: 'body' });
    expect(await call({ method: 'add', title: 'x', duration_min: -1 })).toMatchObject({ code: Code.VALIDATION, field: 'duration_min' });
    expect(await call({ method: 'add', video_url: 'https://v.example.com' })).toMatchObject({ code: Code.VALIDATION, field: 'title' });
    const c = await call<{ id: number }>({ method: 'add', name: 'Retired' }, staff.token, CLASS);
    await call({ method: 'disable', id: c.data!.id }, staff.token, CLASS);
    expect(await call({ method: 'add', title: 'x', classification_id: c.data!.id })).toMatchObject({ code: Code.VALIDATION, field: 'classification_id' });
  });

  it('publishes and withdraws, stamping when readers see it, within the organisation and with the key', async () => {
    const { id } = await add();
    expect(await call({ method: 'withdraw', id })).toMatchObject({ code: Code.CONFLICT, field: 'state' });
    expect((await call({ method: 'publish', id }, outsider.token)).code).toBe(Code.NOT_FOUND);
    expect((await call({ method: 'publish', id }, reader.token)).code).toBe(Code.FORBIDDEN);
    const published = await call<TutorialRow>({ method: 'publish', id });
    expect(published.data).toMatchObject({ state: 'published' });
    expect(published.data!.published_at).not.toBeNull();
    expect((await call<TutorialRow>({ method: 'withdraw', id })).data).toMatchObject({ state: 'withdrawn' });
    expect((await call<{ list: TutorialRow[] }>({ method: 'list' }, outsider.token)).data!.list.map((r) => r.id)).not.toContain(id);
  });

  it('uploads body images checked by content, with its own key', async () => {
    const up = await postForm<{ url: string }>(t, TUTORIAL, { method: 'upload_image', file: blobOf(PNG_1PX) }, staff.token);
    expect(up.code, up.msg).toBe(200);
    expect(up.data!.url).toMatch(/^\/uploads\/\d+\/[\w-]+\.png$/);
    expect(await postForm(t, TUTORIAL, { method: 'upload_image', file: blobOf(Buffer.from('GIF89a')) }, staff.token)).toMatchObject({ code: Code.VALIDATION, field: 'file' });
    expect((await postForm(t, TUTORIAL, { method: 'upload_image', file: blobOf(PNG_1PX) }, reader.token)).code).toBe(Code.FORBIDDEN);
    const row = await add({ body: `<p>See</p><img src="${up.data!.url}" alt="step">` });
    expect(row.body).toContain(`<img src="${up.data!.url}"`);
  });

  it('uploads the video as an MP4 checked by content, serves it with ranges, and takes it (or a link) as the video', async () => {
    // The smallest file a player calls MP4: an `ftyp` box, then some payload.
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), Buffer.from('payload-bytes')]);
    const up = await postForm<{ url: string }>(t, TUTORIAL, { method: 'upload_video', file: blobOf(mp4, 'video/mp4') }, staff.token);
    expect(up.code, up.msg).toBe(200);
    const url = up.data!.url;
    expect(url).toMatch(/^\/uploads\/\d+\/[\w-]+\.mp4$/);
    const whole = await fetch(`${t.url}${url}`);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp4)).toBe(true);
    const part = await fetch(`${t.url}${url}`, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${mp4.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypisom');
    expect((await fetch(`${t.url}${url}`, { headers: { range: 'bytes=999-' } })).status).toBe(416);

    // One byte over SPEC §5's 100 MB: refused as too large, naming the file, and nothing is kept of it.
    const stored = () => readdirSync(t.config.dataDir, { recursive: true }).length;
    const before = stored();
    const big = Buffer.alloc(VIDEO_MAX_BYTES + 1);
    mp4.copy(big);
    expect(await postForm(t, TUTORIAL, { method: 'upload_video', file: blobOf(big, 'video/mp4') }, staff.token)).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE, field: 'file' });
    // The partial upload goes once the answer is sent.
    await expect.poll(stored).toBe(before);

    // A PNG named .mp4 is not a video; the key is its own.
    expect(await postForm(t, TUTORIAL, { method: 'upload_video', file: blobOf(PNG_1PX, 'video/mp4') }, staff.token)).toMatchObject({ code: Code.VALIDATION, field: 'file' });
    expect((await postForm(t, TUTORIAL, { method: 'upload_video', file: blobOf(mp4, 'video/mp4') }, reader.token)).code).toBe(Code.FORBIDDEN);

    expect((await add({ video_url: url })).video_url).toBe(url);
    expect((await add({ video_url: 'https://video.example.com/a.mp4' })).video_url).toBe('https://video.example.com/a.mp4');
    expect(await call({ method: 'add', title: 'Bad video', video_url: '/uploads/1/../../etc/passwd' })).toMatchObject({ code: Code.VALIDATION, field: 'video_url' });
  });
});
