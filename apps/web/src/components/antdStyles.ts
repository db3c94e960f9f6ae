import href from 'virtual:antd-styles';

/**
 * antd's component styles made at build time (vite.config.ts, `antdStaticStyles`): put first in <head>, where antd
 * puts the styles it makes at run time, so the console's own stylesheets still come after antd's. antd reads, once,
 * at its first style, which styles the sheet holds (its `.data-ant-cssinjs-cache-path` rule), and from then on makes
 * only the others; so the sheet must apply before antd renders: modules that render antd wait for this promise
 * (AntdProvider). A sheet that fails to load leaves antd making every style, as without it.
 */
export const antdStylesReady: Promise<void> = loadFirst(href);

function loadFirst(url: string | undefined): Promise<void> {
  if (!url || document.querySelector('link[data-antd-styles]')) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = url;
    link.dataset.antdStyles = '';
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.prepend(link);
  });
}
