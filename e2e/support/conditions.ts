import { expect } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';

/**
 * Waiting on conditions, never on time (a sleep is too short on a loaded machine and too long on an idle one).
 */

/** A gate a routed request waits at until the test has seen what it wanted to see while the call was in flight. */
export interface Gate {
  /** Resolves when the test opens the gate. */
  readonly passed: Promise<void>;
  /** Resolves once a request has arrived at the gate. */
  readonly reached: Promise<void>;
  /** Called by the route handler: marks the arrival and waits for the gate to open. */
  wait(): Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open = () => undefined as void;
  let arrive = () => undefined as void;
  const passed = new Promise<void>((r) => { open = r; });
  const reached = new Promise<void>((r) => { arrive = r; });
  return {
    passed,
    reached,
    wait: () => {
      arrive();
      return passed;
    },
    open: () => open(),
  };
}

/**
 * Waits until `el` and everything in it stand still: no motion class of antd (rc-motion's `-appear`, `-enter`,
 * `-leave` phases, set a frame before the animation starts) and no finite CSS animation or transition running,
 * so a click lands where the element will stay.
 */
export async function untilStill(el: Locator): Promise<void> {
  await el.waitFor();
  await el.evaluate((node) => new Promise<void>((resolve) => {
    const MOTION = /-(appear|enter|leave)(-|$)/;
    const inMotion = (e: Element) => [...e.classList].some((c) => MOTION.test(c));
    const check = () => {
      const moving = inMotion(node) || [...node.querySelectorAll('*')].some(inMotion)
        || node.getAnimations({ subtree: true }).some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (moving) requestAnimationFrame(check);
      else resolve();
    };
    check();
  }));
}

/**
 * Clicks a control inside a dialog once the dialog has stopped moving. antd zooms a dialog in; on a loaded machine
 * a click computed while it still scales can land beside the control (on the mask), and the dialog stays open.
 */
export async function clickInStillDialog(control: Locator): Promise<void> {
  await control.waitFor();
  await untilStill(control.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-modal ")][1]'));
  await control.click();
}

/**
 * An option of the select that is open now. A select that just closed keeps its dropdown in the page while it slides
 * away, so right after one choice leads to another select two dropdowns can be visible at once.
 */
export function openOption(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option').filter({ hasText: text });
}

/** Chooses an option of the open select once its dropdown has stopped sliding in (a click mid-slide can miss it). */
export async function chooseOption(page: Page, text: string | RegExp): Promise<void> {
  const option = openOption(page, text).first();
  await option.waitFor();
  await untilStill(option.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select-dropdown ")][1]'));
  await option.click();
}

/** Clicks a debounced button (SPEC §9) once its quiet period has ended, so the click acts rather than being held back. */
export async function clickWhenIdle(button: Locator): Promise<void> {
  await button.and(button.page().locator('[data-debounce="idle"]')).waitFor();
  await button.click();
}

/**
 * Resolves after the page has handled what was just done to it and painted the result: two animation frames (React
 * commits in the first, the browser paints before the second). For checking that something did NOT happen.
 */
export async function rendered(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

const LIVE_STREAM = /\/v3\/stream(\?|$)/;

/**
 * Resolves once the page has fetched a resource whose URL contains `part` (e.g. `console-config.json`) and painted
 * what followed: for pages opened by a helper, before a test could start tracking their requests.
 */
export async function fetched(page: Page, part: string): Promise<void> {
  await expect.poll(() => page.evaluate((p) => performance.getEntriesByType('resource').some((e) => e.name.includes(p)), part)).toBe(true);
  await rendered(page);
}

/** Keeps the page's requests in flight, so a test can wait until every call it caused has been answered. */
export function trackRequests(page: Page): { idle: () => Promise<void>; settled: () => Promise<void>; count: () => number } {
  // Requests that began before tracking are not known here, so only those seen starting are counted.
  const inFlight = new Set<Request>();
  /** Counts every start and end, so a wait can tell whether anything moved while it looked away. */
  let changes = 0;
  // The console's live stream stays open for the page's whole life by design: it is never "in flight" work.
  page.on('request', (r) => {
    if (LIVE_STREAM.test(r.url())) return;
    inFlight.add(r);
    changes++;
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) changes++;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    count: () => inFlight.size,
    idle: async () => {
      await rendered(page);
      await expect.poll(() => inFlight.size).toBe(0);
    },
    /**
     * After a navigation the page's calls come in a chain (session, menus, then the page's own data, then the labels
     * of what its rows refer to), each started by the page once the one before has been answered and rendered.
     * Settled is: nothing in flight, every eager image of the page loaded or failed (an <img> payload's error handler
     * has had its chance), and still nothing started over two spells of three rendered frames. Counting frames rather
     * than waiting a fixed half second (Playwright's "network idle") follows the machine's pace: a next call in the
     * chain starts within a frame or two of the answer before it, later on a busy machine, and so do the frames.
     */
    settled: async () => {
      for (let quiet = 0; quiet < 2;) {
        await expect.poll(() => inFlight.size).toBe(0);
        const seen = changes;
        await page.evaluate(() => new Promise<void>((resolve) => {
          let frames = 0;
          const step = () => {
            // A lazy image the browser has not fetched yet is not complete, and may never be: one it fetches is in flight.
            if ([...document.images].every((i) => i.complete || i.loading === 'lazy')) frames++;
            if (frames >= 3) resolve();
            else requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        }));
        quiet = inFlight.size === 0 && changes === seen ? quiet + 1 : 0;
      }
    },
  };
}

/** The overlay is open and not on its way out: after the page rendered what was just done, no leave motion began. */
export async function staysOpen(overlay: Locator): Promise<void> {
  await rendered(overlay.page());
  expect(await overlay.isVisible()).toBe(true);
  expect(await overlay.evaluate((e) => {
    const root = e.closest('.ant-modal-root, .ant-drawer') ?? e;
    return root.querySelector('[class*="-leave"]') === null && !/-leave/.test(root.className);
  })).toBe(true);
}

/**
 * Waits until the page has shown a toast containing `text` (recorded by every context, support/browser.ts), even one
 * already gone, and answers that toast's whole text.
 */
export async function toastShown(page: Page, text: string): Promise<string> {
  const found = await page.waitForFunction((t) => ((window as { __toasts?: string[] }).__toasts ?? []).find((x) => x.includes(t)), text);
  return (await found.jsonValue()) as string;
}
