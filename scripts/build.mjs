// Builds the console, the server and the device simulator, then writes .br/.gz siblings of the console's text
// assets so the server can send them pre-compressed. Skips work when nothing changed since the last build (`--force` rebuilds).
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './ensure.mjs';

const SOURCES = ['packages/contract/src', 'apps/web/src', 'apps/web/scripts', 'apps/web/index.html', 'apps/web/wifilogin.html', 'apps/web/vite.config.ts', 'apps/web/vite.wifilogin.config.ts', 'apps/web/public', 'apps/server/src', 'apps/server/drizzle', 'apps/device-sim/src', 'package-lock.json'];
const STAMP = join(root, 'apps/server/dist/.build-stamp');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newestMtime(join(path, name))), st.mtimeMs);
}

export function needsBuild() {
  if (!existsSync(STAMP) || !existsSync(join(root, 'apps/web/dist/index.html')) || !existsSync(join(root, 'apps/server/dist/main.js')) || !existsSync(join(root, 'apps/device-sim/dist/cli.js'))) return true;
  const built = Number(readFileSync(STAMP, 'utf8')) || 0;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}

function compressDir(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { compressDir(p); continue; }
    if (!/\.(js|css|html|svg|json|webmanifest|txt|map)$/.test(name) || name.endsWith('.map')) continue;
    const buf = readFileSync(p);
    if (buf.length < 1024) continue;
    writeFileSync(`${p}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${p}.gz`, gzipSync(buf, { level: 9 }));
  }
}

export function build({ force = false } = {}) {
  if (!run('node', [join(root, 'scripts/indexes.mjs')])) return false;
  if (!force && !needsBuild()) {
    console.log('[build] up to date');
    return true;
  }
  const started = Date.now();
  if (!run('npm', ['run', 'build', '-w', '@gx/web'])) return false;
  compressDir(join(root, 'apps/web/dist'));
  if (!run('npm', ['run', 'build', '-w', '@gx/server'])) return false;
  if (!run('npm', ['run', 'build', '-w', '@gx/device-sim'])) return false;
  writeFileSync(STAMP, String(started));
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = build({ force: process.argv.includes('--force') });
  process.exit(ok ? 0 : 1);
}
