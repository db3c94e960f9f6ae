import type { Plugin } from 'vite';

/** The code points from CJK Radicals (U+2E80) up: Latin text and its punctuation stay with the system's fonts. */
const cjkOnly = (ranges: string): string => ranges.split(',').flatMap((token) => {
  const [lo, hi = lo] = token.trim().slice(2).split('-').map((h) => parseInt(h, 16)) as [number, number?];
  if (hi < 0x2e80) return [];
  const from = Math.max(lo, 0x2e80);
  return [from === hi ? `U+${from.toString(16)}` : `U+${from.toString(16)}-${hi.toString(16)}`];
}).join(',') || 'U+2e80';

/**
 * Noto Sans SC's stylesheet (src/styles/cjkFont.ts) as the console and the guest's Wi-Fi page need it: the Chinese
 * slices only, and in them only the Chinese code points (Latin, Cyrillic and their punctuation stay with the system's
 * fonts, which `--gx-font` names after it); WOFF2 only (every browser the console supports reads it, so the WOFF
 * copies are neither listed nor emitted); each slice a file of its own, never inlined into the sheet (a slice is
 * fetched only when a page draws one of its characters).
 */
export const cjkFontSlices: Plugin = {
  name: 'gx:cjk-font-slices',
  enforce: 'pre',
  transform(code, id) {
    if (!/@fontsource\/noto-sans-sc\/400\.css$/.test(id)) return undefined;
    const faces = code.split(/(?=\/\* noto-sans-sc-)/).filter((face) => /^\/\* noto-sans-sc-\[\d+\]/.test(face));
    return faces.map((face) => face.replace(/, url\([^)]*\.woff\) format\('woff'\)/, '')
      .replace(/url\(([^)]*\.woff2)\)/, 'url($1?no-inline)')
      .replace(/unicode-range: ([^;]+);/, (_, ranges: string) => `unicode-range: ${cjkOnly(ranges)};`)).join('');
  },
};
