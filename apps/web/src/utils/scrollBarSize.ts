// rc-util's own module: only rc-util's index is pointed here instead (vite.config.ts, `scrollBarSizeOnce`).
import getScrollBarSize, { getTargetScrollBarSize as measureTarget } from '@rc-component/util/es/getScrollBarSize';

/**
 * rc-util's scrollbar measure, remembered (vite.config.ts puts this module in its place for antd's table and
 * dialogs). rc-util measures a scrollbar by inserting a <style> and a scrolling <div> into the page and reading its
 * width: a style recalculation and a layout of the whole page, each time a table resizes or a dialog or drawer opens
 * (its scroll lock). A scrollbar's width depends only on the scrollbar styles of the element it belongs to, so the
 * measure is kept per set of those styles; reading them is cheap when the page's styles are up to date.
 */
const known = new Map<string, { width: number; height: number }>();

export function getTargetScrollBarSize(target: Element | null | undefined): { width: number; height: number } {
  if (typeof document === 'undefined' || !(target instanceof Element)) return measureTarget(target as HTMLElement);
  const style = getComputedStyle(target);
  const webkit = getComputedStyle(target, '::-webkit-scrollbar');
  const key = `${style.scrollbarColor}|${style.scrollbarWidth}|${webkit.width}|${webkit.height}|${devicePixelRatio}`;
  let size = known.get(key);
  if (!size) {
    size = measureTarget(target as HTMLElement);
    known.set(key, size);
  }
  return size;
}

export default getScrollBarSize;
