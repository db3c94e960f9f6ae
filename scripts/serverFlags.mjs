/**
 * Node flags for the server process, for `npm start` (scripts/start.mjs) and the tests and bench
 * (e2e/support/server.ts) alike. The embedded broker keeps every device connection in the server's heap, and
 * V8's `--optimize-for-size` keeps each one cheap: without it, connecting 10,000 devices grew the heap V8 reserves
 * by twice what the connections use (README › Performance › Devices). It costs about half the API throughput in
 * garbage collection (README › Performance), so with an external broker (`MQTT_URL`), where the server holds no
 * device connection, the server runs for speed. `SERVER_TUNING=size|speed|brief` chooses.
 *
 * Running for speed, the young generation's semi-spaces are 32 MB instead of V8's default 16: an API call's garbage
 * (its body, rows, answer) dies young, and a larger nursery scavenges it half as often. Measured with the users list
 * at 50 connections on PostgreSQL (`BENCH_PARTS=api`, two runs each): garbage collection 17.6–17.9 % → 9.2–11.9 % of
 * the server's CPU, 2,068–2,251 → 2,484–2,673 req/s, p99 60–65 → 38–49 ms, for about 48 MB more heap at most.
 *
 * `brief` is `speed` for a server that lives seconds (the browser tests start about seventy): PGlite's WebAssembly
 * stays on V8's baseline compiler (`--liftoff-only`). By default V8 also compiles PostgreSQL's hot functions again,
 * optimised, in background threads: ~1.8 s of CPU in a 5.8 s start here, which a server living a test file never
 * earns back. Four browser-test files on two workers: the servers' CPU 65 → 51 s, 137 → 131 s (2026-11-30).
 */
const TUNINGS = {
  size: ['--optimize-for-size'],
  speed: ['--max-semi-space-size=32'],
  brief: ['--max-semi-space-size=32', '--liftoff-only'],
};

export function serverNodeFlags(env) {
  const tuning = env.SERVER_TUNING ?? (env.MQTT_URL ? 'speed' : 'size');
  const flags = Object.hasOwn(TUNINGS, tuning) ? TUNINGS[tuning] : undefined;
  if (!flags) throw new Error(`SERVER_TUNING: must be one of ${Object.keys(TUNINGS).join(', ')}, not ${tuning}`);
  return [...flags];
}
