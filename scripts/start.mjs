// `npm start`: install what is missing, build what changed, then serve console + API (PORT, default 8080).
// Migrations and first-start seeding run inside the server on every start.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureNodeModules, root } from './ensure.mjs';
import { build } from './build.mjs';

ensureNodeModules();
if (!build()) {
  console.error('[start] build failed');
  process.exit(1);
}
const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
