import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

/** Fonts that have Chinese: the console's own Noto Sans SC (src/styles/cjkFont.ts) or a system's. */
const CHINESE = /Noto Sans (CJK )?SC|PingFang|YaHei|Hiragino|Source Han|WenQuanYi|Droid Sans Fallback/;

/**
 * Waits until Chromium draws every Chinese character of the first element `selector` names with a font that has
 * Chinese — never a Latin font's empty boxes, as on a machine without Chinese fonts of its own: the glyphs other fonts
 * drew (CDP's `CSS.getPlatformFontsForNode`) are at most the text's characters below CJK Radicals (U+2E80).
 */
export async function expectChineseFonts(context: BrowserContext, page: Page, selector: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const text = await page.locator(selector).first().textContent() ?? '';
  const latin = [...text].filter((c) => (c.codePointAt(0) ?? 0) < 0x2e80).length;
  await expect.poll(async () => {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const others = fonts.filter((font) => !CHINESE.test(font.familyName));
    const drawn = others.reduce((n, font) => n + font.glyphCount, 0);
    return drawn <= latin ? [] : others.map((font) => `${font.familyName}: ${font.glyphCount} glyphs for ${latin} Latin characters in "${text}"`);
  }).toEqual([]);
  await cdp.detach();
}
