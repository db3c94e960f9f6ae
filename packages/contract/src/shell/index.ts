/**
 * Requests and answers of the calls behind the console shell (issue 3; SPEC §3, §7). Paths are `Api.shell.*`.
 * Bodies are objects (JSON, form-encoded or multipart); numbers may arrive as strings, hence `coerce`.
 * Every answer is the usual envelope; the types below describe its `data`.
 * Uploaded images come back as `/uploads/<org>/<random>.<jpg|png>` paths served by the server (GET, public, cached
 * for a year); the Vite dev server must proxy `/uploads` along with `/v3`. One file per area.
 */
export * from './profile';
export * from './organization';
export * from './personnel';
export * from './notification';
export * from './oa';
export * from './portal';
export * from './portalApi';
export * from './wifidog';
export * from './account';
