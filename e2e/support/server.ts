import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../scripts/serverFlags.mjs';
import { scratchDir } from './scratch';

export const ADMIN_PASSWORD = 'Admin@123456';
const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Settings whose effect shows only on a first start: a server given one migrates its own database from nothing. */
const FIRST_START_SETTINGS = ['DATABASE_URL', 'ADMIN_PASSWORD', 'DEMO_FLEET'];

/**
 * The templates the browser tests' global setup makes (`template.ts`): each a data directory a first start with these
 * settings left, named to the test workers by an environment variable. A server whose first-start settings are one
 * template's starts on a copy of it.
 */
export const TEMPLATES = [
  { variable: 'GX_E2E_TEMPLATE_DIR', env: {} },
  // The demo organisation and its fleet (DEMO_FLEET=1), which the device, dashboard and screen tests play.
  { variable: 'GX_E2E_DEMO_TEMPLATE_DIR', env: { DEMO_FLEET: '1' } },
] as const satisfies readonly { variable: string; env: Record<string, string> }[];

/** What every test server is started with unless the test says otherwise (the environment below adds the rest). */
const TEST_SERVER_ENV: Record<string, string> = {
  ADMIN_PASSWORD,
  LOGIN_CAPTCHA: 'off',
  LOG_LEVEL: 'warn',
  // Servers of parallel tests must not fight over the broker's default port; a test asks for one (`auto`).
  MQTT_PORT: '0',
  DEMO_FLEET: '0',
};

/** The first-start settings a server started with `env` runs with, defaults included, as one comparable string. */
const firstStart = (env: Record<string, string>): string => {
  const effective = { ...TEST_SERVER_ENV, ...env };
  return JSON.stringify(FIRST_START_SETTINGS.map((k) => effective[k] ?? null));
};

/** The template directory for a server started with `env`, if one was made with the same first-start settings. */
function templateFor(env: Record<string, string>): string | undefined {
  const match = TEMPLATES.find((t) => firstStart(t.env) === firstStart(env));
  return match ? process.env[match.variable] : undefined;
}

/**
 * Starts the built server (`apps/server/dist/main.js`) as `npm start` would, on a free port and a fresh DATA_DIR
 * (`scratchDir`).
 * In the browser tests a fresh DATA_DIR is a copy of the template that `template.ts` made once with the same
 * first-start settings (`TEMPLATES`); a server with other first-start settings migrates its own database. `nodeArgs`
 * go to Node (the bench's `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function startServer(env: Record<string, string> = {}, dataDir?: string, nodeArgs: string[] = []): Promise<RunningServer> {
  const dir = dataDir ?? scratchDir('gx-e2e-');
  const template = dataDir ? undefined : templateFor(env);
  if (template) cpSync(template, dir, { recursive: true });
  // The same V8 flags as `npm start` (scripts/serverFlags.mjs), so the bench measures what `npm start` runs; the
  // browser tests ask for SERVER_TUNING=brief in their config (e2e/vitest.config.ts).
  const child = spawn(process.execPath, [...serverNodeFlags({ ...(process.env.SERVER_TUNING ? { SERVER_TUNING: process.env.SERVER_TUNING } : {}), ...env }), ...nodeArgs, join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      ...TEST_SERVER_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const code = await exited;
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
    return code;
  };
  let out = '';
  child.stdout?.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { out += d.toString(); });
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: on a machine shared by several test runs, migrating a fresh PGlite database alone can take 20 s.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    const onData = () => {
      const m = /on (http:\/\/[^\s]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${out}`)); });
  }).catch(async (err: unknown) => {
    // A server that never listened (some tests expect that) leaves no process and no directory of ours behind.
    await stop('SIGKILL');
    throw err;
  });
  return { url, dataDir: dir, process: child, output: () => out, stop };
}
