import { inject } from 'vitest';

// Setup file of the unit and integration tests: hands the migrated templates of `pgliteTemplate.ts` (a PGlite dump)
// and `postgresTemplate.ts` (a PostgreSQL database) to `startTestApp` in this worker.
const pglite = inject('pgliteTemplate');
if (pglite) process.env.GX_PGLITE_TEMPLATE = pglite;
const postgres = inject('postgresTemplate');
if (postgres) process.env.GX_POSTGRES_TEMPLATE = postgres;
