import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Code, type MediaUploadAnswer, type Page } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { blobOf, postForm } from '../../testing/members';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { productResources } from '../areas';
import { collectUnusedMedia, mediaHoldersOf } from '../upload/mediaUse';

const MEDIA = '/admin/boos/uccn/upload';
const WEBSITE = '/admin/boos/uccn/banner';
const ARTICLE = '/admin/consult/article';
const PROFILE = '/admin/system/personal_data';

/** A real picture: 640×400 (a thumbnail is smaller), opaque unless `alpha`. */
const picture = (format: 'png' | 'jpeg' | 'gif', alpha = false) =>
  sharp({ create: { width: 640, height: 400, channels: alpha ? 4 : 3, background: alpha ? { r: 20, g: 90, b: 200, alpha: 0.5 } : '#1a5ac8' } })
    .toFormat(format).toBuffer();
/** The opening box of an MP4 (`ftyp`), which is what the type check reads. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(64, 0)]);

interface MediaRow { id: number; name: string; kind: string; mime: string; size: number; width: number | null; height: number | null; url: string; thumb_url: string }

describe.each(engines)('media library (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let staff: MadeUser;
  let outsider: MadeUser;
  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    const org = await makeOrg(t, 'Media org');
    staff = await makeUser(t, org, 'all');
    outsider = await makeUser(t, await makeOrg(t, 'Other media org'), 'all');
  });
  afterAll(async () => t.close());

  const upload = (data: Buffer, name: string, token = staff.token) => {
    const form = new FormData();
    form.append('method', 'upload');
    form.append('file', blobOf(data, 'application/octet-stream'), name);
    return fetch(`${t.url}/v3${MEDIA}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } })
      .then(async (r) => (await r.json()) as { code: number; msg: string; field?: string; data?: MediaUploadAnswer });
  };
  const list = (token = staff.token) => t.post<Page<MediaRow>>(MEDIA, { method: 'list', page: 1, size: 100 }, { token });
  const remove = (id: number, token = staff.token) => t.post(MEDIA, { method: 'remove', id }, { token, headers: { 'accept-language': 'en' } });
  const status = async (url: string) => (await fetch(`${t.url}${url}`)).status;
  const gc = (graceMs: number, at = new Date(Date.now() + 60_000)) =>
    collectUnusedMedia(t.database.db, mediaHoldersOf(productResources), t.services.files, at, graceMs);

  it('takes images and videos by their bytes, with dimensions and a thumbnail', async () => {
    const png = await upload(await picture('png', true), 'logo.png');
    expect(png.code, png.msg).toBe(200);
    expect(png.data).toMatchObject({ kind: 'image', width: 640, height: 400 });
    const thumb = await fetch(`${t.url}${png.data!.thumb_url}`);
    expect(thumb.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([320, 200]);

    // A GIF named .jpg is a GIF: the name is never believed.
    const gif = await upload(await picture('gif'), 'animated.jpg');
    expect(gif.code, gif.msg).toBe(200);
    expect((await fetch(`${t.url}${gif.data!.url}`)).headers.get('content-type')).toBe('image/gif');
    expect((await fetch(`${t.url}${gif.data!.thumb_url}`)).headers.get('content-type')).toMatch(/^image\/(png|jpeg)$/);

    const video = await upload(MP4, 'intro.mp4');
    expect(video.data).toMatchObject({ kind: 'video', thumb_url: '', width: null });

    const rows = (await list()).data!.list;
    expect(rows.map((r) => [r.name, r.kind, r.mime])).toEqual(expect.arrayContaining([
      ['logo.png', 'image', 'image/png'], ['animated.jpg', 'image', 'image/gif'], ['intro.mp4', 'video', 'video/mp4'],
    ]));
    expect(rows.find((r) => r.name === 'intro.mp4')?.size).toBe(MP4.length);
  });

  it('refuses what is neither, and pictures that do not decode, naming the file', async () => {
    expect(await upload(Buffer.from('<?php system($_GET[1]); ?>'), 'shell.png')).toMatchObject({ code: Code.VALIDATION, field: 'file', msg: expect.stringMatching(/JPG, PNG or GIF images and MP4/) });
    const broken = Buffer.concat([(await picture('png')).subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await upload(broken, 'broken.png')).toMatchObject({ code: Code.VALIDATION, field: 'file', msg: expect.stringMatching(/cannot be read/) });
    const names = (await list()).data!.list.map((r) => r.name);
    expect(names).not.toContain('shell.png');
    expect(names).not.toContain('broken.png');
  });

  it('keeps each organisation\'s library to itself', async () => {
    const mine = await upload(await picture('jpeg'), 'private.jpg');
    expect((await list(outsider.token)).data!.list.map((r) => r.name)).not.toContain('private.jpg');
    expect((await remove(mine.data!.id, outsider.token)).code).not.toBe(200);
    expect(await status(mine.data!.url)).toBe(200);
  });

  it('refuses to delete a file still shown, naming where; deletes it with its thumbnail once released', async () => {
    // The website is the platform's: its operators upload from the platform organisation.
    const form = new FormData();
    form.append('method', 'upload_image');
    form.append('file', blobOf(await picture('jpeg')), 'banner.jpg');
    const up = await (await fetch(`${t.url}/v3${WEBSITE}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } })).json() as { code: number; data: { url: string } };
    expect(up.code).toBe(200);
    const entry = await t.post<{ id: number }>(WEBSITE, { method: 'add', title: 'Spring sale', image: up.data.url }, { token: admin });
    expect(entry.code, entry.msg).toBe(200);
    const row = (await t.post<Page<MediaRow>>(MEDIA, { method: 'list', page: 1, size: 100 }, { token: admin })).data!.list.find((r) => r.url === up.data.url)!;
    expect(row.name).toBe('banner.jpg');

    const refused = await remove(row.id, admin);
    expect(refused).toMatchObject({ code: Code.IN_USE, msg: expect.stringContaining('Banners · Spring sale') });
    // Named once, by its own section (the sections share one table).
    expect(refused.msg).toMatch(/in use by 1 /);
    expect(refused.msg).not.toContain('Advertisements');
    expect(await status(row.url)).toBe(200);

    // Released: the banner goes.
    expect((await t.post(WEBSITE, { method: 'remove', id: entry.data!.id }, { token: admin })).code).toBe(200);
    expect((await remove(row.id, admin)).code).toBe(200);
    await expect.poll(() => status(row.url)).toBe(404);
    await expect.poll(() => status(row.thumb_url)).toBe(404);
  });

  it('finds a file inside a rich-text body', async () => {
    const form = new FormData();
    form.append('method', 'upload_image');
    form.append('file', blobOf(await picture('png')), 'figure.png');
    const up = await (await fetch(`${t.url}/v3${ARTICLE}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${staff.token}` } })).json() as { code: number; data: { url: string } };
    expect(up.code).toBe(200);
    const cls = await t.post<{ id: number }>('/admin/consult/classification', { method: 'add', name: 'Guides' }, { token: staff.token });
    expect(cls.code, cls.msg).toBe(200);
    const article = await t.post(ARTICLE, { method: 'add', classification_id: cls.data!.id, title: 'Mounting the AP', body: `<p>Step one</p><p><img src="${up.data.url}"></p>` }, { token: staff.token });
    expect(article.code, article.msg).toBe(200);
    const row = (await list()).data!.list.find((r) => r.url === up.data.url)!;
    expect(await remove(row.id)).toMatchObject({ code: Code.IN_USE, msg: expect.stringContaining('Mounting the AP') });
  });

  it('collects files nothing uses once the grace period has passed: a replaced avatar goes, the current one stays', async () => {
    const avatar = async (name: string) => {
      const r = await postForm<{ photo: string }>(t, PROFILE, { method: 'form', id: String(staff.id), nickname: 'Staff', photo: blobOf(await picture('png')) }, staff.token);
      expect(r.code, `${name}: ${r.msg}`).toBe(200);
      return r.data!.photo;
    };
    const first = await avatar('first');
    const second = await avatar('second');
    const loose = (await upload(await picture('jpeg'), 'unused.jpg')).data!;

    // Within the grace period nothing goes: a form may be about to save what it uploaded.
    expect(await gc(24 * 3600_000)).toBe(0);
    expect(await status(first)).toBe(200);

    let deleted = 0;
    // Passes are batched: run until one deletes nothing.
    for (let n = await gc(0); n > 0; n = await gc(0)) deleted += n;
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await status(first)).toBe(404);
    expect(await status(loose.url)).toBe(404);
    expect(await status(loose.thumb_url)).toBe(404);
    expect(await status(second)).toBe(200);
    const left = (await list()).data!.list;
    expect(left.map((r) => r.url)).not.toContain(loose.url);
    expect(left.map((r) => r.name)).toContain('figure.png');
  });
});
