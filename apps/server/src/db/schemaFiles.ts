import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files drizzle-kit reads tables from, relative to the server's folder: the shared tables
 * (`src/db/schema/index.ts`, one file per area below it) and every binding file that holds its own table
 * (`src/modules/<area>/<name>.ts` defining a `pgTable`), so a new list page's table is written beside its
 * binding and nowhere else. `areas.test.ts` fails when a served binding's table is in none of them.
 */
export function schemaFiles(serverDir = '.'): string[] {
  const modules = join(serverDir, 'src/modules');
  const beside = readdirSync(modules, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(modules, d.name))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('.generated.'))
      .map((f) => `./src/modules/${d.name}/${f}`))
    .filter((f) => /\bpgTable\(/.test(readFileSync(join(serverDir, f), 'utf8')))
    .sort();
  return ['./src/db/schema/index.ts', ...beside];
}
