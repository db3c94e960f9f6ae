/**
 * Node flags for the server process, for `npm start` (scripts/start.mjs) and the tests and bench
 * (e2e/support/server.ts) alike. The embedded broker keeps every device connection in the server's heap, and
 * V8's `--optimize-for-size` keeps each one cheap: without it, connecting 10,000 devices grew the heap V8 reserves
 * by twice what the connections use (README › Performance › Devices). It costs about half the API throughput in
 * garbage collection (README › Performance), so with an external broker (`MQTT_URL`), where the server holds no
 * device connection, the server runs for speed. `SERVER_TUNING=size|speed` chooses either way.
 */
export function serverNodeFlags(env) {
  const tuning = env.SERVER_TUNING ?? (env.MQTT_URL ? 'speed' : 'size');
  if (tuning !== 'size' && tuning !== 'speed') throw new Error(`SERVER_TUNING: must be size or speed, not ${tuning}`);
  return tuning === 'size' ? ['--optimize-for-size'] : [];
}
