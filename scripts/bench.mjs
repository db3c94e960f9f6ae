// `npm run bench`: install what is missing, build, then run the benchmarks (bench/run.ts) with tsx.
import { ensureChromium, ensureNodeModules, run } from './ensure.mjs';
import { build } from './build.mjs';

ensureNodeModules();
if (!ensureChromium()) process.exit(1);
if (!build()) process.exit(1);
process.exit(run('npx', ['tsx', 'bench/run.ts']) ? 0 : 1);
