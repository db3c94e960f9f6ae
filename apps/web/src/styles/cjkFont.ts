/**
 * Chinese glyphs for a machine that has none (a bare Linux, a kiosk): Noto Sans SC, sliced by Unicode range, so a
 * browser fetches only the slices of the characters a page draws (build/cjkFontSlices.ts keeps the Chinese code
 * points, WOFF2). One weight; bold is synthesised. Its sheet (~20 KB compressed) is fetched only where the system
 * draws no Chinese: everywhere else nothing is fetched and the system's Chinese fonts, which `--gx-font` names before
 * it, draw the page.
 *
 * Chromium leaves text drawn while its glyphs were missing in boxes after the font arrives, until the page is laid out
 * again: each time faces finish loading the body is laid out again, by a `zoom` toggled within one frame (which keeps
 * focus and scroll, unlike `display`).
 */

/** Whether a system font has Chinese: without one, two different characters draw the same missing-glyph box. */
function systemDrawsChinese(): boolean {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 24;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) return true;
  g.font = '20px sans-serif';
  g.textBaseline = 'top';
  const drawn = (text: string) => {
    g.clearRect(0, 0, 24, 24);
    g.fillText(text, 0, 0);
    return g.getImageData(0, 0, 24, 24).data.join();
  };
  return drawn('中') !== drawn('国');
}

if (typeof document !== 'undefined' && 'fonts' in document && !systemDrawsChinese()) {
  document.fonts.addEventListener('loadingdone', () => {
    const body = document.body;
    body.style.zoom = '1.0001';
    void body.offsetHeight;
    body.style.zoom = '';
  });
  void import('./cjkFontFaces');
}
