/** The databases a test can run on. */
export type Engine = 'pglite' | 'postgres';

/** Both engines where PostgreSQL is at hand (TEST_DATABASE_URL), else PGlite alone. */
export const bothEngines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The engines an integration test file (`describe.each(engines)`) or a whole-console browser scenario runs on:
 * PGlite without TEST_DATABASE_URL, and PostgreSQL with it (CI sets it). Where both are at hand each carries the
 * whole product once per run, rather than the integration tests twice: PostgreSQL, the stricter engine (real
 * concurrency, a pool, a network driver), runs the integration tests; PGlite, the embedded default `npm start`
 * serves, runs the browser tests of every area (`e2e/`). A file whose subject is the engine itself (upgrading a
 * database in place, the session cache's change channel, the fuzz's write counter) runs on `bothEngines`, and
 * `TEST_ENGINES=both` runs every file on both.
 * Measured on a 2-core machine: the unit and integration phase took 322 s with every file on both, 172–191 s so.
 */
export const engines: Engine[] = process.env.TEST_ENGINES === 'both' || !process.env.TEST_DATABASE_URL ? bothEngines : ['postgres'];
