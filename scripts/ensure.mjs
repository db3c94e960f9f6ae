// Installs what is missing, with no dependencies of its own, so `npm start` and `npm test` work on a fresh clone.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const STAMP = join(root, 'node_modules', '.gx-install-stamp');

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  return r.status === 0;
}

function lockHash() {
  const lock = join(root, 'package-lock.json');
  return existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'no-lock';
}

/**
 * Whether an installed tree holds what a lockfile names: npm's own record of the tree it installed
 * (`node_modules/.package-lock.json`) lists every package of the lock at the lock's version, but optional ones (another
 * platform's binaries, which npm leaves out), and nothing else. Both arguments are the files' `packages` maps.
 */
export function installedMatchesLock(lockPackages, installedPackages) {
  for (const [key, pkg] of Object.entries(lockPackages)) {
    if (key === '') continue;
    const installed = installedPackages[key];
    if (!installed) {
      if (pkg.optional || pkg.devOptional) continue;
      return false;
    }
    if (installed.version !== pkg.version) return false;
  }
  return Object.keys(installedPackages).every((key) => key in lockPackages);
}

/** What `npm ci` or `npm install` run by hand left: the installed tree agrees with package-lock.json. */
function installedByHand() {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(lock) || !existsSync(installed)) return false;
  try {
    return installedMatchesLock(JSON.parse(readFileSync(lock, 'utf8')).packages ?? {}, JSON.parse(readFileSync(installed, 'utf8')).packages ?? {});
  } catch {
    return false;
  }
}

/**
 * npm packages: installed when node_modules is missing or package-lock.json changed since the last install. A tree
 * someone installed by hand (`npm ci`, then `npm test`) counts when it matches the lock; it was installed again,
 * about 40 s of every such run.
 */
export function ensureNodeModules() {
  const want = lockHash();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === want) return;
  if (installedByHand()) {
    writeFileSync(STAMP, want);
    return;
  }
  console.log('[ensure] installing npm packages…');
  const ok = existsSync(join(root, 'package-lock.json'))
    ? run('npm', ['ci', '--no-audit', '--no-fund'])
    : run('npm', ['install', '--no-audit', '--no-fund']);
  if (!ok) throw new Error('npm install failed');
  writeFileSync(STAMP, want);
}

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's chromium for browser tests: installed with apt when running as root, else a clear instruction. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`[ensure] ${CHROMIUM} is missing; install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`);
    return false;
  }
  console.log('[ensure] installing Debian chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  return run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { env }) && existsSync(CHROMIUM);
}
