import '@fontsource/noto-sans-sc/400.css';

/**
 * Chinese glyphs for a machine that has none (a bare Linux, a kiosk): Noto Sans SC, sliced by Unicode range, so a
 * browser fetches only the slices of the characters a page draws, and only when no system font before it in
 * `--gx-font` has them — on most machines nothing (vite.config.ts keeps the Chinese code points, WOFF2). One weight;
 * bold is synthesised. Declared with the first load (~25 KB compressed of CSS).
 *
 * Chromium leaves text drawn while its slice was loading in boxes after the slice arrives, until the page is laid
 * out again: each time slices finish loading the body is laid out again, by a `zoom` toggled within one frame (which
 * keeps focus and scroll, unlike `display`).
 */
if (typeof document !== 'undefined' && 'fonts' in document) {
  document.fonts.addEventListener('loadingdone', () => {
    const body = document.body;
    body.style.zoom = '1.0001';
    void body.offsetHeight;
    body.style.zoom = '';
  });
}
