// The command line as a user runs it: options are checked, a CSV fleet comes up, SIGTERM ends it cleanly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type TestBroker } from './testing/broker';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

function run(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

describe('npm run sim', () => {
  let broker: TestBroker;
  let dir: string;

  beforeAll(async () => {
    broker = await startBroker(new Map([['CLI-AP-0001', 'ap-secret'], ['CLI-PBX-0001', 'pbx-secret'], ['observer', 'observer-pw']]));
    dir = mkdtempSync(join(tmpdir(), 'gx-sim-'));
  });
  afterAll(async () => {
    await broker.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an out-of-range option, naming it, with exit code 2', async () => {
    const r = run(['--flap', '3']);
    expect(await r.exited).toBe(2);
    expect(r.output()).toContain('--flap must be a number from 0 to 1');
  });

  it('says exactly what to pass when `--devices 1000` comes with neither a CSV nor an admin password', async () => {
    const env = { ...process.env };
    for (const k of ['ADMIN_PASSWORD', 'SIM_ADMIN_PASSWORD']) delete env[k];
    const r = run(['--devices', '1000'], env);
    expect(await r.exited).toBe(2);
    for (const part of ['provisions 1000 new devices', "--admin-password '<password of admin>'", 'LOGIN_CAPTCHA=off', '--csv <file>', '--api <url>']) {
      expect(r.output()).toContain(part);
    }
  });

  it('plays the devices of a CSV, only the families asked for, and stops on SIGTERM', async () => {
    const csv = join(dir, 'fleet.csv');
    writeFileSync(csv, 'serial,secret,family,model\nCLI-AP-0001,ap-secret,ap,GX-AP-W6\nCLI-PBX-0001,pbx-secret,pbx,GX-PBX-200\n');
    const from = broker.mark();
    const r = run(['--csv', csv, '--url', broker.url, '--families', 'pbx', '--heartbeat-s', '1', '--stats-s', '0']);
    const hello = await broker.waitFor('dev/CLI-PBX-0001/up/hello', () => true, from);
    expect(hello).toMatchObject({ type: 'pbx', model: 'GX-PBX-200', heartbeat_s: 1 });
    await broker.waitFor('dev/CLI-PBX-0001/up/hb', () => true, from);
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(broker.seen.slice(from).some((s) => s.topic.startsWith('dev/CLI-AP-0001/'))).toBe(false);
  });
});
