import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../db/migrate';

/** The journal entries of main as it stood before the areas work: 0000_init, 0001_shell, 0002_system. */
export const MAIN_ENTRIES = 3;

/**
 * A migrations folder holding the journal's first `n` entries and their SQL: the schema an older release shipped,
 * for upgrade tests that build a database as it was and then run the rest of the journal on it.
 */
export function journalPrefix(n: number): { folder: string; tags: string[] } {
  const from = migrationsFolder();
  const folder = mkdtempSync(join(tmpdir(), 'gx-journal-'));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(join(from, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const entries = journal.entries.slice(0, n);
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(join(from, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  return { folder, tags: entries.map((e) => e.tag) };
}
