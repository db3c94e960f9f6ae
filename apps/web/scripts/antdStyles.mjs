// Prints, as one stylesheet, the component styles antd's CSS-in-JS would generate in the browser for the antd
// components every console page draws (EVERY_PAGE), with the map that tells antd's runtime each style is already there
// (`.data-ant-cssinjs-cache-path`, read by @ant-design/cssinjs's cacheMapUtil). Run by the web build
// (vite.config.ts, `antdStaticStyles`) with NODE_ENV=production, so the class hashes are the production build's.
//
// Why: in the browser antd builds every component's CSS at its first render on each page load (serialising style
// objects, compiling them with stylis, hashing, injecting ~80 <style> elements one by one), a good part of the
// console's main-thread time on a walk over its pages (figures: README › Performance › antd's styles made at build
// time). In antd 6's CSS-variable mode the component styles do not depend on the theme (the theme lives in the CSS
// variables, still made at run time), so they can be made once, here. A component this render misses is made in
// the browser as before.
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';

/**
 * The components every signed-in page draws on its first view: the console's frame (menu, dropdowns, tooltips,
 * buttons) and a resource page's list (search form on its grid, inputs, selects, table, pagination). The sheet is
 * fetched before the first page draws, so it counts against the /dashboard first load's budget (350 KB, README ›
 * Performance): these come to ~25 KB compressed (the grid's 88 KB of breakpoint rules, made on every page with a
 * search form, compress to 2 KB), against ~53 KB for every component the console uses. The others (dialogs and
 * drawers, date pickers, uploads, trees…) keep being made at run time, once a page load draws them.
 */
const EVERY_PAGE = ['Layout', 'Menu', 'Dropdown', 'Tooltip', 'Button', 'Table', 'Pagination', 'Checkbox', 'Spin', 'Empty',
  'Form', 'Input', 'Select', 'Space', 'Tag', 'Row', 'Col'];

const cache = createCache();
const render = (node) => renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, null, node)));
for (const name of EVERY_PAGE) render(h(antd[name], null));

// Only the component styles: the theme's tokens are CSS variables that differ by theme and stay generated at run time.
process.stdout.write(extractStyle(cache, { types: ['style'], plain: true }));
