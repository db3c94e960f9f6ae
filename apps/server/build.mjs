// Bundles the server (and the TypeScript contract it imports) into dist/main.js; npm packages stay external so
// PGlite finds its WebAssembly files beside its own module.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@gx/'));

await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outfile: 'dist/main.js',
  external: [...external, ...external.map((d) => `${d}/*`)],
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
