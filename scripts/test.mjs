// `npm test`: installs what is missing (Chromium included when root), then lint, typecheck and build side by side,
// and beside them the unit + server integration tests (PGlite, or PostgreSQL when TEST_DATABASE_URL is set, the
// engine's own files on both); then the browser tests (PGlite).
// The last line is "N passed, N failed", counting every test and every check.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawn } from 'node:child_process';
import { ensureChromium, ensureNodeModules, root, run } from './ensure.mjs';
import { machineSpeed } from './machineSpeed.mjs';
import { PROGRAMS, typecheckCommand } from './typecheck.mjs';

// The machine's speed before anything runs, and again at the end (scripts/machineSpeed.mjs): this machine's cores run
// the same suite twice as slowly at some hours, and the summary says which hour this run met.
const speedBefore = machineSpeed();
const runStarted = Date.now();
const outDir = join(root, 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const results = [];
const record = (name, passed, failed, seconds) => results.push({ name, passed, failed, seconds });
/** Every test file's whole time (import, tests and hooks: scripts/fileTimes.mjs), for the slowest-files list at the end. */
const fileTimes = [];
/** Every failed test (or file that failed outside a test), named, so the summary at the end says which. */
const failures = [];

/**
 * Runs a command to its end: its exit code (-1 when it could not start), its seconds, and its output when `capture`
 * (else it goes to this process's own). Resolves, never rejects, so other work can run beside it.
 */
function runAsync(cmd, args, { capture = false, env = {} } = {}) {
  const t = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: capture ? 'pipe' : 'inherit', env: { ...process.env, ...env } });
    let out = '';
    let ended = false;
    child.stdout?.on('data', (d) => { out += d; });
    child.stderr?.on('data', (d) => { out += d; });
    const done = (code) => {
      // A process that could not start reports an error and then closes: count it once.
      if (ended) return;
      ended = true;
      resolve({ code, out, seconds: Math.round((Date.now() - t) / 100) / 10 });
    };
    child.on('error', (e) => { out += String(e); done(-1); });
    child.on('close', done);
  });
}

/** Runs vitest with a JSON report, to be counted by `countVitest` (so the summary keeps its order). */
async function vitest(name, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const slug = name.replace(/\W+/g, '-');
  const report = join(outDir, `${slug}.json`);
  // Each file's whole time, hooks included (scripts/fileTimes.mjs), for the slowest-files list.
  const times = join(outDir, `${slug}.files.json`);
  const { code, seconds } = await runAsync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--reporter=./scripts/fileTimes.mjs'],
    { env: { ...env, GX_FILE_TIMES: times } });
  return { name, report, times, status: code, seconds };
}

/** Counts a vitest run's tests and failures into the summary; a run that wrote no report counts as one failure. */
function countVitest({ name, report, times, status, seconds: s }) {
  if (existsSync(times)) fileTimes.push(...JSON.parse(readFileSync(times, 'utf8')));
  if (!existsSync(report)) {
    record(name, 0, 1, s);
    failures.push(`${name}: no report (exit ${status})`);
    return;
  }
  const j = JSON.parse(readFileSync(report, 'utf8'));
  for (const f of j.testResults ?? []) {
    const failedTests = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) failures.push(`${relative(root, f.name)} > ${a.fullName ?? a.title}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
    if (f.status === 'failed' && !failedTests.length) failures.push(`${relative(root, f.name)}: ${String(f.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
  const failedSuites = (j.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).every((a) => a.status !== 'failed')).length;
  record(name, j.numPassedTests ?? 0, (j.numFailedTests ?? 0) + failedSuites + (status !== 0 && !j.numFailedTests && !failedSuites ? 1 : 0), s);
}

try {
  ensureNodeModules();
} catch (e) {
  console.error(String(e));
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const haveChromium = ensureChromium();

// The generated indexes of declarations and bindings first (scripts/indexes.mjs): lint, types, tests and the build read them.
run('node', ['scripts/indexes.mjs']);

/**
 * Lint, the typechecks and the build, side by side (CHECK_JOBS at a time, default 2, one per core): none writes what
 * another reads (the indexes are written above). On this 2-core machine at a load of about 12: 190 s one after the
 * other, 119 s two at a time; three at a time was slower again (148 s: the processes only compete for the cores).
 * Their output is printed whole when each ends, so it does not interleave.
 */
async function checkAsync(name, cmd, args) {
  const { code, out, seconds } = await runAsync(cmd, args, { capture: true });
  console.log(`\n=== ${name} (${seconds}s) ===\n${out.trimEnd()}`);
  if (code !== 0) failures.push(`${name}: exit ${code}`);
  return { ok: code === 0, seconds };
}

/** Runs the jobs `size` at a time; records them in the summary in the order given, whatever order they end in. */
async function pool(jobs, size) {
  const ended = new Map();
  const queue = [...jobs];
  await Promise.all(Array.from({ length: Math.min(size, queue.length) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) ended.set(job.name, await checkAsync(job.name, job.cmd, job.args));
  }));
  for (const { name } of jobs) {
    const r = ended.get(name);
    record(name, r?.ok ? 1 : 0, r?.ok ? 0 : 1, r?.seconds ?? 0);
  }
  return new Map([...ended].map(([name, r]) => [name, r.ok]));
}

const jobs = [
  // The build first: the longest, and the browser tests wait for it.
  { name: 'build', cmd: 'node', args: ['scripts/build.mjs'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  // The three programs of scripts/typecheck.mjs, each its own job.
  ...PROGRAMS.map(([name, project]) => {
    const [cmd, args] = typecheckCommand(project);
    return { name: `typecheck ${name}`, cmd, args };
  }),
];
/**
 * The checks and the unit and integration tests side by side: the tests need neither the build nor the checks, and
 * leave a core idle a good part of their time (each file waits on its servers, PostgreSQL and timers). On a 2-core
 * machine: the checks 63 s, then the tests 172-191 s; side by side, 206-237 s for both. The browser tests wait for both.
 */
console.log(`\n=== ${jobs.map((j) => j.name).join(', ')} (${Number(process.env.CHECK_JOBS ?? 2)} at a time), beside the unit and integration tests ===`);
const checksStarted = Date.now();
const [checked, unit] = await Promise.all([
  pool(jobs, Number(process.env.CHECK_JOBS ?? 2)).then((r) => {
    console.log(`\n(lint, typechecks and build: ${Math.round((Date.now() - checksStarted) / 100) / 10}s in all)`);
    return r;
  }),
  vitest('unit and integration', []),
]);
countVitest(unit);
const built = checked.get('build') === true;

if (built && haveChromium) countVitest(await vitest('browser (e2e)', ['--config', 'e2e/vitest.config.ts']));
else record('browser (e2e)', 0, 1, 0);

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.failed ? 'FAIL' : 'ok  '} ${r.name.padEnd(28)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`);
console.log(`Databases: ${!process.env.TEST_DATABASE_URL ? 'PGlite'
  : process.env.TEST_ENGINES === 'both' ? 'PGlite + PostgreSQL for every server test (TEST_ENGINES=both), PGlite in the browser'
    : 'PostgreSQL for the server tests (TEST_DATABASE_URL), PGlite for the browser tests, both for the engine\'s own files'}`);
console.log(`Whole run: ${Math.round((Date.now() - runStarted) / 1000)}s; the machine's speed (scripts/machineSpeed.mjs, ms of CPU for a fixed piece of work, less is faster): ${speedBefore} before, ${machineSpeed()} after`);
// Where the time goes, so a slow new file shows up before the suite outgrows its budget (issue 9 point 9).
console.log('\nSlowest test files');
for (const f of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`  ${f.seconds.toFixed(1).padStart(6)}s  ${f.file}`);
if (failures.length) {
  console.log('\nFailed tests');
  for (const f of failures) console.log(`  ${f}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
