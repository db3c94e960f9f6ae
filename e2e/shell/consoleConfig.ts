import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The console's shipped deployment links (apps/web/public/console-config.json), for tests that vary one of them. */
export const CONSOLE_CONFIG = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../apps/web/public/console-config.json', import.meta.url)), 'utf8'),
) as { newVersionUrl: string; appDownloadUrl: string; supportUrl: string };
