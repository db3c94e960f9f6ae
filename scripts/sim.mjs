// `npm run sim -- <options>`: install what is missing, build what changed, then run the device simulator
// (apps/device-sim) with the given options against a running server. `npm run sim -- --help` lists them.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureNodeModules, root } from './ensure.mjs';
import { build } from './build.mjs';

ensureNodeModules();
if (!build()) {
  console.error('[sim] build failed');
  process.exit(1);
}
const sim = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/device-sim/dist/cli.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => sim.kill(sig));
sim.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
