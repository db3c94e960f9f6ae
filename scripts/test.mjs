// `npm test`: installs what is missing (Chromium included when root), then lint, typecheck, unit + server
// integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), build, and browser tests.
// The last line is "N passed, N failed", counting every test and every check.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureNodeModules, root } from './ensure.mjs';
import { build } from './build.mjs';

const outDir = join(root, 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const results = [];
const record = (name, passed, failed, seconds) => results.push({ name, passed, failed, seconds });

function timed(fn) {
  const t = Date.now();
  const r = fn();
  return [r, Math.round((Date.now() - t) / 100) / 10];
}

function check(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const [r, s] = timed(() => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }));
  record(name, r.status === 0 ? 1 : 0, r.status === 0 ? 0 : 1, s);
  return r.status === 0;
}

/** Runs vitest with a JSON report and counts its tests; a crash before reporting counts as one failure. */
function vitest(name, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const report = join(outDir, `${name.replace(/\W+/g, '-')}.json`);
  const [r, s] = timed(() => spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root, stdio: 'inherit', env: { ...process.env, ...env },
  }));
  if (!existsSync(report)) {
    record(name, 0, 1, s);
    return;
  }
  const j = JSON.parse(readFileSync(report, 'utf8'));
  const failedSuites = (j.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).every((a) => a.status !== 'failed')).length;
  record(name, j.numPassedTests ?? 0, (j.numFailedTests ?? 0) + failedSuites + (r.status !== 0 && !j.numFailedTests && !failedSuites ? 1 : 0), s);
}

try {
  ensureNodeModules();
} catch (e) {
  console.error(String(e));
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const haveChromium = ensureChromium();

check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
for (const p of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  if (existsSync(join(root, p, 'tsconfig.json'))) check(`typecheck ${p}`, 'npx', ['tsc', '-p', p]);
}
vitest('unit and integration', []);

console.log('\n=== build ===');
const [built, buildSeconds] = timed(() => build());
record('build', built ? 1 : 0, built ? 0 : 1, buildSeconds);
if (built && haveChromium) vitest('browser (e2e)', ['--config', 'e2e/vitest.config.ts']);
else record('browser (e2e)', 0, 1, 0);

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.failed ? 'FAIL' : 'ok  '} ${r.name.padEnd(28)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`);
console.log(`Databases: PGlite${process.env.TEST_DATABASE_URL ? ' + PostgreSQL (TEST_DATABASE_URL)' : ''}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
