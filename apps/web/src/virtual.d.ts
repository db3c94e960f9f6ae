/** The URL of antd's build-time component styles; undefined in `vite dev` (vite.config.ts, `antdStaticStyles`). */
declare module 'virtual:antd-styles' {
  const href: string | undefined;
  export default href;
}
