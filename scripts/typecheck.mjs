// The typechecks of `npm test` and `npm run typecheck`: three programs, with TypeScript 7 (the native port of
// TypeScript 6; tools/typecheck) on one thread each. Measured quiet on this 2-core machine, the three programs took
// 100 s of CPU with TypeScript 6 (27 + 39 + 34 s) and 23 s with 7; on its own threads 7 spent twice the CPU of one
// thread for little less time, and `npm test` runs them beside other work anyway.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, run } from './ensure.mjs';

/**
 * Three programs, not one per workspace: the contract, server and simulator share one, bench and e2e another (each of
 * six programs checked the contract again, and three of them the server).
 */
export const PROGRAMS = [['contract, server, device-sim', 'tsconfig.node.json'], ['web', 'apps/web'], ['bench, e2e', 'tsconfig.tools.json']];

/** The command that typechecks one program: [command, args]. */
export function typecheckCommand(project) {
  const tsc = join(dirname(createRequire(join(root, 'tools/typecheck/')).resolve('typescript/package.json')), 'bin', 'tsc');
  return ['node', [tsc, '-p', project, '--singleThreaded']];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let ok = true;
  for (const [name, project] of PROGRAMS) {
    console.log(`typecheck ${name}`);
    ok = run(...typecheckCommand(project)) && ok;
  }
  process.exit(ok ? 0 : 1);
}
