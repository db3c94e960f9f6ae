import { inject } from 'vitest';

// Setup file of the browser tests: hands the template database of `template.ts` to `startServer` in this worker.
const template = inject('e2eTemplateDir');
if (template) process.env.GX_E2E_TEMPLATE_DIR = template;
