import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@gx/contract';
import { imageBytesProblem, imageFileProblem } from './imageFile';

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff, 0xe0];

describe('image rules (SPEC §5)', () => {
  it('accepts JPEG and PNG by their content', () => {
    expect(imageBytesProblem(new Uint8Array(png), 1000)).toBeNull();
    expect(imageBytesProblem(new Uint8Array(jpeg), 1000)).toBeNull();
  });
  it('refuses other content whatever the file is called', async () => {
    expect(await imageFileProblem(new Blob(['GIF89a'], { type: 'image/png' }))).toBe('validation.imageType');
  });
  it('takes GIFs only where content images are asked for', async () => {
    const gif = new Blob(['GIF89a\x01\x00'], { type: 'image/jpeg' });
    expect(await imageFileProblem(gif, { gif: true })).toBeNull();
    expect(await imageFileProblem(new Blob(['<svg/>']), { gif: true })).toBe('validation.imageTypeGif');
  });
  it('refuses 10 MB and more', () => {
    expect(imageBytesProblem(new Uint8Array(png), IMAGE_MAX_BYTES)).toBe('validation.imageSize');
    expect(imageBytesProblem(new Uint8Array(png), IMAGE_MAX_BYTES - 1)).toBeNull();
  });
});
