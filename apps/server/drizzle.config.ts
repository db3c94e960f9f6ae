import { defineConfig } from 'drizzle-kit';
import { schemaFiles } from './src/db/schemaFiles';

// Run from apps/server (`npm run db:generate -w @gx/server`): the shared schema plus binding files with a table.
export default defineConfig({
  dialect: 'postgresql',
  schema: schemaFiles(),
  out: './drizzle',
});
