import { IMAGE_MAX_BYTES } from '@gx/contract';

/**
 * SPEC §5 images (avatar, icon, logo): JPEG or PNG under 10 MB. Checked by content, as the server does, so a renamed
 * file is refused before it is uploaded. Answers the i18n key of the problem, or null.
 */
const SIGNATURES: readonly (readonly number[])[] = [
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
];

export function imageBytesProblem(head: Uint8Array, size: number): string | null {
  if (!SIGNATURES.some((sig) => sig.every((b, i) => head[i] === b))) return 'validation.imageType';
  if (size >= IMAGE_MAX_BYTES) return 'validation.imageSize';
  return null;
}

export async function imageFileProblem(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return imageBytesProblem(head, file.size);
}
