import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** How many times a violation is looked at again after the page has stood still, before it is believed. */
const CONFIRMATIONS = 3;

/**
 * axe-core's WCAG 2 A/AA rules over the page as it stands; the serious and critical violations, with the elements
 * they concern. Every page added later is checked the same way.
 *
 * Colours are read from the live page: a toast or popover fading in or out is, for a frame, half-transparent text
 * that fails contrast. So axe runs once nothing finite is animating, and a violation counts only when every later run
 * (after the page has stood still again) still finds one: a real one is always there.
 */
export async function seriousViolations(page: Page, rules: AxeRules = 'wcag', scope: AxeScope = 'all'): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  let found = await runAxe(page, rules, scope);
  for (let i = 0; i < CONFIRMATIONS && found.length > 0; i++) found = await runAxe(page, rules, scope);
  return found;
}

/**
 * What axe reads: the whole document, or all but the console's frame (sidebar, navbar, tab strip) — for a walk
 * that has read the frame, in the same theme and language, on its first page: the frame is the same component on
 * every page, and reading it again on each one was a good part of the walk's time.
 */
export type AxeScope = 'all' | 'page';
const FRAME = ['sidebar', 'navbar', 'tags-view'].map((id) => [`[data-testid="${id}"]`]);

/**
 * Which rules run: every WCAG 2 A/AA rule, or only those that read colours (contrast, and links told apart from text
 * by colour alone): what a second theme can change, when the first has had the full set.
 */
export type AxeRules = 'wcag' | 'colours';
const RUN_ONLY = {
  wcag: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  colours: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
} as const;

async function runAxe(page: Page, rules: AxeRules, scope: AxeScope): Promise<AxeViolation[]> {
  await page.evaluate(() => new Promise<void>((resolve) => {
    const MOTION = /-(appear|enter|leave)(-|$)/;
    const started = performance.now();
    const check = () => {
      const moving = [...document.querySelectorAll('[class]')].some((e) => [...e.classList].some((c) => MOTION.test(c)))
        || document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      // A page that never stops (a carousel's transition every few seconds) is read after a while all the same.
      if (moving && performance.now() - started < 10_000) requestAnimationFrame(check);
      else resolve();
    };
    check();
  }));
  return page.evaluate(async ({ runOnly, exclude }) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(exclude ? { include: [['html']], exclude } : document, { runOnly, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, { runOnly: RUN_ONLY[rules], exclude: scope === 'page' ? FRAME : undefined });
}
