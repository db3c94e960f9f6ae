import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/client';
import { databaseUrl, onServer } from './pgServer';

// PostgreSQL databases for test servers (the template itself is made by the global setup, `postgresTemplate.ts`).

/**
 * A database of its own for one test server, copied from the template (GX_POSTGRES_TEMPLATE, made by `postgresTemplate.ts`); `drop`
 * removes it once the server has closed its connections.
 */
export async function copyOfTemplate(base: string, template: string): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `gx_test_${randomBytes(6).toString('hex')}`;
  await onServer(base, `create database ${name} template ${template}`);
  const url = databaseUrl(base, name);
  const database = await openDatabase({ url, pgSchema: 'public', poolSize: 4 });
  return { database, url, drop: () => onServer(base, `drop database if exists ${name} with (force)`) };
}
