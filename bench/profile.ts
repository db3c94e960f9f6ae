import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  where: string;
  ms: number;
  percent: number;
}

/**
 * Where a process spent its CPU, from the V8 profile `--cpu-prof` wrote: self time by npm package, by Node's own
 * modules, by the server's functions (its bundle), and V8's garbage collector; idle time left out. The largest first.
 */
export function summariseProfile(dir: string, top = 12): ProfileShare[] {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return [];
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  const whereOf = new Map<number, string>();
  for (const n of profile.nodes) {
    const { functionName, url } = n.callFrame;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    let where: string;
    if (pkg) where = `npm ${pkg}`;
    else if (url.startsWith('node:')) where = `node ${url.slice(5).split('/').slice(0, 2).join('/')}`;
    else if (url.includes('/dist/main.js')) where = `server ${functionName || '(anonymous)'}`;
    else if (functionName.startsWith('(')) where = functionName;
    else where = url ? `other ${url.split('/').pop()}` : `native ${functionName || '(anonymous)'}`;
    whereOf.set(n.id, where);
  }
  const ms = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const where = whereOf.get(id) ?? '(unknown)';
    if (where === '(idle)') return;
    const d = (profile.timeDeltas[i] ?? 0) / 1000;
    total += d;
    ms.set(where, (ms.get(where) ?? 0) + d);
  });
  return [...ms].sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([where, t]) => ({ where, ms: Math.round(t), percent: Math.round((t / Math.max(1, total)) * 1000) / 10 }));
}
