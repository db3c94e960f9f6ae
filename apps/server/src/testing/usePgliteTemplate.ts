import { inject } from 'vitest';

// Setup file of the unit and integration tests: hands the migrated PGlite dump of `pgliteTemplate.ts` to
// `startTestApp` in this worker.
const template = inject('pgliteTemplate');
if (template) process.env.GX_PGLITE_TEMPLATE = template;
