// Bundles the simulator (and the TypeScript contract it imports) into dist/cli.js; npm packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@gx/'));

await build({
  entryPoints: ['src/cli.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outfile: 'dist/cli.js',
  external: [...external, ...external.map((d) => `${d}/*`)],
  sourcemap: true,
  logLevel: 'warning',
});
console.log('device simulator built: apps/device-sim/dist/cli.js');
