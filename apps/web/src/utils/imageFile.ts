import { IMAGE_MAX_BYTES } from '@gx/contract';

/**
 * SPEC §5 images: avatars, icons and logos are JPEG or PNG under 10 MB; content images (bodies, covers, the website,
 * the media library, work-order photos) may also be GIF. Checked by content, as the server does, so a renamed file
 * is refused before it is uploaded. Answers the i18n key of the problem, or null.
 */
const SIGNATURES: readonly (readonly number[])[] = [
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
];
const GIF_SIGNATURES: readonly (readonly number[])[] = [
  [0x47, 0x49, 0x46, 0x38, 0x37, 0x61], // GIF87a
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], // GIF89a
];

export interface ImageRules {
  gif?: boolean;
}

export function imageBytesProblem(head: Uint8Array, size: number, rules: ImageRules = {}): string | null {
  const allowed = rules.gif ? [...SIGNATURES, ...GIF_SIGNATURES] : SIGNATURES;
  if (!allowed.some((sig) => sig.every((b, i) => head[i] === b))) return rules.gif ? 'validation.imageTypeGif' : 'validation.imageType';
  if (size >= IMAGE_MAX_BYTES) return 'validation.imageSize';
  return null;
}

export async function imageFileProblem(file: Blob, rules: ImageRules = {}): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return imageBytesProblem(head, file.size, rules);
}
