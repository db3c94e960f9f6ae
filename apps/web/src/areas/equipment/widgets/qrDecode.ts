/**
 * QR codes read in the browser with jsQR (pure JavaScript, fetched only when a label is scanned): from a photo, or
 * from camera frames.
 */
type Decoder = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

let decoder: Promise<Decoder> | null = null;
function loadDecoder(): Promise<Decoder> {
  decoder ??= import('jsqr').then((m) => m.default as Decoder);
  return decoder;
}

/** Longest side a picture is scaled to before decoding (a phone photo of 4000 px decodes as well at this size). */
const MAX_SIDE = 1280;

/** The text of the QR code in an image source, or null. */
export async function decodeQr(source: CanvasImageSource, width: number, height: number): Promise<string | null> {
  const jsQR = await loadDecoder();
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) return null;
  g.drawImage(source, 0, 0, w, h);
  return jsQR(g.getImageData(0, 0, w, h).data, w, h)?.data ?? null;
}

/** The text of the QR code in a picture file (a photo of a label), or null. */
export async function decodeQrFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decodeQr(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
