// `npm run db:generate -w @gx/server -- --name <change>`: drizzle-kit writes the migration, then the "public".
// qualifiers it adds are removed so the same SQL runs in any schema (tests isolate themselves per schema, and
// an operator may install into a schema other than public).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

execFileSync('npx', ['drizzle-kit', 'generate', '--config', 'drizzle.config.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const f of readdirSync('drizzle').filter((n) => n.endsWith('.sql'))) {
  const path = `drizzle/${f}`;
  const sql = readFileSync(path, 'utf8');
  const fixed = sql.replaceAll('"public".', '');
  if (fixed !== sql) writeFileSync(path, fixed);
}
