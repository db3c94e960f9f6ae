/**
 * Scrolls the strip sideways until the tab is in view. Not scrollIntoView: that would also scroll the window to the
 * strip, and a kept-alive page returning to its scroll position must not be moved.
 */
export function revealInStrip(tag: HTMLElement | null): void {
  const strip = tag?.parentElement;
  if (!tag || !strip) return;
  const t = tag.getBoundingClientRect();
  const s = strip.getBoundingClientRect();
  if (t.left < s.left) strip.scrollLeft -= s.left - t.left;
  else if (t.right > s.right) strip.scrollLeft += t.right - s.right;
}
