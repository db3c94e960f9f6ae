import { inject } from 'vitest';

// Setup file of the browser tests: hands the template databases of `template.ts` to `startServer` in this worker.
for (const [variable, dir] of Object.entries(inject('e2eTemplates') ?? {})) process.env[variable] = dir;
