// `npm start`: install what is missing, build what changed, then serve console + API (PORT, default 8080).
// Migrations and first-start seeding run inside the server on every start. When the server seeded a demo fleet
// (DATA_DIR/demo-fleet.csv) and the demo fleet is on (DEMO_FLEET, as the server reads it), the device simulator
// plays it as a separate child process once the server answers /healthz; stopping `npm start` stops both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureNodeModules, root } from './ensure.mjs';
import { build } from './build.mjs';
import { serverNodeFlags } from './serverFlags.mjs';

ensureNodeModules();
if (!build()) {
  console.error('[start] build failed');
  process.exit(1);
}
const server = spawn(process.execPath, [...serverNodeFlags(process.env), '--enable-source-maps', join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env: process.env });
let sim = null;
let stopping = false;

// The server's output passes through untouched; its "Console and API on http://…" and "Devices: mqtt://…" lines
// tell us where to look.
let heard = '';
let devicesUrl = null;
let started = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (heard === null) return;
  heard += chunk.toString();
  devicesUrl ??= /Devices: ((?:mqtts?|wss?):\/\/[^\s,]+)/.exec(heard)?.[1] ?? null;
  const m = /on (http:\/\/[^\s"]+)/.exec(heard);
  if (m && !started) {
    started = true;
    startDemoFleet(m[1].replace('0.0.0.0', '127.0.0.1').replace('localhost', '127.0.0.1')).catch((err) => console.error('[start] demo fleet:', err));
  }
  if (devicesUrl && started) heard = null;
  else if (heard.length > 65536) heard = heard.slice(-4096);
});

async function healthy(url) {
  for (let i = 0; i < 120 && !stopping; i++) {
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** The broker the devices reach: as the server announced it, else the external one, the embedded TCP port, or MQTT over WebSocket. */
function brokerUrl(httpUrl) {
  if (devicesUrl) return devicesUrl.replace('0.0.0.0', '127.0.0.1');
  if (process.env.MQTT_URL) return process.env.MQTT_URL;
  const port = process.env.MQTT_PORT ?? '1884';
  if (port !== '0') return `mqtt://127.0.0.1:${port}`;
  return `${httpUrl.replace(/^http/, 'ws')}/mqtt`;
}

/** The same default as the server's: on for the embedded database, off with DATABASE_URL unless DEMO_FLEET=1. */
function demoFleetWanted() {
  const v = process.env.DEMO_FLEET;
  return v === '1' || (v !== '0' && !process.env.DATABASE_URL);
}

async function startDemoFleet(httpUrl) {
  if (!demoFleetWanted()) return;
  const csv = resolve(root, process.env.DATA_DIR || './data', 'demo-fleet.csv');
  if (!existsSync(csv) || !(await healthy(httpUrl)) || stopping) return;
  console.log(`[start] demo fleet: simulating the devices in ${csv} (DEMO_FLEET=0 turns it off)`);
  sim = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/device-sim/dist/cli.js'), '--csv', csv, '--url', brokerUrl(httpUrl), '--stats-s', '0', '--flap', '0.002'], { cwd: root, stdio: 'inherit', env: process.env });
  sim.on('exit', (code, signal) => {
    sim = null;
    // The demo is a convenience: its end never takes the server down.
    if (!stopping) console.error(`[start] demo fleet stopped (${signal ?? `exit ${code}`}); the server keeps running`);
  });
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopping = true;
    sim?.kill(sig);
    server.kill(sig);
  });
}
server.on('exit', (code, signal) => {
  stopping = true;
  if (!sim) process.exit(code ?? (signal ? 0 : 1));
  sim.once('exit', () => process.exit(code ?? (signal ? 0 : 1)));
  sim.kill('SIGTERM');
});
