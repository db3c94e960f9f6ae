import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, permissionKey, type ResourceDecl } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../testing/testApp';
import { mergeEndpoints } from '../http/endpoint';
import { allEndpoints } from '../modules/allEndpoints';
import { allBindings, bindingOf, servedDeclarations } from './registry';
import { makeOrg, makeUser, type MadeUser } from './testing/fixtures';

/**
 * The authorization matrix, generated from the endpoint list and the resource declarations: a new endpoint or
 * resource is covered here without writing a test. For every endpoint and method: anonymous → 1002, a signed-in
 * user without the key → 1003, the platform administrator → past both checks. For every organisation-scoped
 * resource: a user of another organisation holding every key can neither see nor change the first
 * organisation's rows, not even by naming their ids. For every platform-wide resource: no organisation but the
 * platform's reaches it, whatever keys its roles hold.
 */

interface Call { path: string; method: string; access: string }

const calls: Call[] = mergeEndpoints(allEndpoints).flatMap((e) =>
  Object.entries(e.methods).map(([method, m]) => ({ path: e.path, method, access: m.access })));
const keyed = calls.filter((c) => c.access !== 'public' && c.access !== 'user');
const bodyFor = (c: Call, extra: Record<string, unknown> = {}) => (c.method === 'default' ? extra : { method: c.method, ...extra });
const label = (c: Call) => `${c.path}#${c.method}`;

describe.each(engines)('authorization matrix (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let insider: MadeUser;
  let keyless: MadeUser;
  let outsider: MadeUser;
  const made = new Map<string, number>();

  /** Creates a resource's example row (references first, by their own examples), once per resource. */
  async function example(key: string): Promise<number> {
    const seen = made.get(key);
    if (seen) return seen;
    const b = bindingOf(key);
    if (!b?.decl.example) throw new Error(`${key} has no example to create`);
    const body: Record<string, unknown> = { ...b.decl.example };
    for (const [name, f] of Object.entries(b.decl.fields)) {
      if (body[name] === undefined || !f.ref) continue;
      const id = await example(f.ref.resource);
      body[name] = f.type === 'refMany' ? [id] : id;
    }
    const token = b.tenant.kind === 'platform' ? admin : insider.token;
    const r = await t.post<{ id: number }>(b.decl.path, { method: 'add', ...body }, { token });
    if (r.code !== 200 || !r.data) throw new Error(`creating the ${key} example failed: ${r.code} ${r.msg} ${r.field ?? ''}`);
    made.set(key, r.data.id);
    return r.data.id;
  }

  beforeAll(async () => {
    t = await startTestApp({ engine });
    admin = await t.login();
    const orgA = await makeOrg(t, 'First');
    insider = await makeUser(t, orgA, 'all');
    keyless = await makeUser(t, orgA, []);
    outsider = await makeUser(t, await makeOrg(t, 'Second'), 'all');
  });
  afterAll(async () => t.close());

  it('covers every system endpoint of SPEC §7, each answering list as {list, total, page, size}', async () => {
    const paths = new Set(calls.map((c) => c.path));
    for (const p of ['belong', 'function_menu', 'webmaster', 'visit_log', 'authority_group', 'organization_cluster', 'unit', 'order',
      'cloud_app', 'organization', 'organization_manager', 'cluster', 'user', 'role', 'permission', 'button', 'operation_log', 'website_config', 'nic']) {
      const path = p === 'belong' ? '/admin/system/webmaster/belong' : `/admin/system/${p}`;
      expect(paths.has(path), path).toBe(true);
      const r = await t.post<Record<string, unknown>>(path, { method: 'list', page: 1, size: 5 }, { token: admin });
      expect(Object.keys(r.data ?? {}).sort(), path).toEqual(['list', 'page', 'size', 'total']);
      expect(r.data, path).toMatchObject({ page: 1, size: 5 });
    }
    for (const op of ['list', 'add', 'update', 'remove']) for (const r of ['user', 'role', 'permission', 'button']) {
      expect(paths.has(`/admin/system/${r}/${op}`)).toBe(true);
    }
    for (const d of servedDeclarations()) expect(paths.has(d.path), d.key).toBe(true);
  });

  it('refuses anonymous callers with 1002 on every non-public method', async () => {
    const wrong: string[] = [];
    for (const c of calls.filter((x) => x.access !== 'public')) {
      const r = await t.post(c.path, bodyFor(c));
      if (r.code !== Code.NOT_LOGGED_IN) wrong.push(`${label(c)} → ${r.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a signed-in user without the key with 1003 on every keyed method', async () => {
    const wrong: string[] = [];
    for (const c of keyed) {
      const r = await t.post(c.path, bodyFor(c), { token: keyless.token });
      if (r.code !== Code.FORBIDDEN) wrong.push(`${label(c)} → ${r.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets the platform administrator past the session and permission checks everywhere', async () => {
    const wrong: string[] = [];
    for (const c of keyed) {
      const r = await t.post(c.path, bodyFor(c), { token: admin });
      if (r.code === Code.NOT_LOGGED_IN || r.code === Code.FORBIDDEN || r.code === Code.INTERNAL) wrong.push(`${label(c)} → ${r.code} ${r.msg}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses platform-wide resources to another organisation holding every key', async () => {
    const wrong: string[] = [];
    const platformPaths = new Set(servedDeclarations().filter((d) => d.scope === 'platform').map((d) => d.path));
    for (const c of keyed.filter((x) => platformPaths.has(x.path) && x.access.startsWith(`${pathDecl(x.path)?.key}.`))) {
      const decl = pathDecl(c.path);
      const takesId = ['detail', 'update', 'remove', ...(decl?.actions ?? []).map((x) => x.name)].includes(c.method);
      const extra = c.method === 'add' ? { ...decl?.example } : takesId ? { id: 1, ...actionFields(decl!, decl?.actions?.find((x) => x.name === c.method)?.fields) } : {};
      const r = await t.post(c.path, bodyFor(c, extra), { token: outsider.token });
      if (r.code !== Code.FORBIDDEN) wrong.push(`${label(c)} → ${r.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps each organisation\'s rows from every other organisation, even when their ids are named', async () => {
    const wrong: string[] = [];
    for (const b of allBindings().filter((x) => x.tenant.kind !== 'platform')) {
      const { decl } = b;
      const ops = new Set(decl.operations);
      const mine = await t.post<{ list: { id: number }[] }>(decl.path, { method: 'list', size: 1 }, { token: insider.token });
      let id = mine.data?.list[0]?.id;
      if (id === undefined && ops.has('add') && decl.example) id = await example(decl.key);
      if (id === undefined) { wrong.push(`${decl.key}: no row to probe`); continue; }
      const before = await t.post(decl.path, { method: 'detail', id }, { token: insider.token });

      const theirs = await t.post<{ list: { id: number }[]; total: number }>(decl.path, { method: 'list', size: 100 }, { token: outsider.token });
      if (theirs.code !== 200 || theirs.data!.list.some((r) => r.id === id)) wrong.push(`${decl.key}#list shows the row`);
      if (ops.has('export')) {
        const exp = await t.post<{ rows: number }>(decl.path, { method: 'export', format: 'csv' }, { token: outsider.token });
        if (exp.data?.rows !== theirs.data?.total) wrong.push(`${decl.key}#export exports ${exp.data?.rows} rows, list shows ${theirs.data?.total}`);
      }
      if (decl.picker) {
        const sel = await t.post<{ list: unknown[] }>(decl.path, { method: 'select', ids: [id] }, { token: outsider.token });
        if (sel.code !== 200 || sel.data!.list.length) wrong.push(`${decl.key}#select labels the row`);
      }
      const probes: Record<string, unknown>[] = [];
      if (ops.has('detail')) probes.push({ method: 'detail', id });
      if (ops.has('update')) probes.push({ method: 'update', id });
      if (ops.has('remove')) probes.push({ method: 'remove', id }, { method: 'remove', ids: [id] });
      for (const a of decl.actions ?? []) probes.push({ method: a.name, id, ...actionFields(decl, a.fields) });
      for (const body of probes) {
        const r = await t.post(decl.path, body, { token: outsider.token });
        if (r.code !== Code.NOT_FOUND) wrong.push(`${decl.key}#${String(body.method)} on another organisation's row → ${r.code}`);
      }
      const after = await t.post(decl.path, { method: 'detail', id }, { token: insider.token });
      if (JSON.stringify(after.data) !== JSON.stringify(before.data)) wrong.push(`${decl.key}: the row changed`);
    }
    expect(wrong).toEqual([]);
  });

  it('guards every generated method with its declared permission key', () => {
    const wrong: string[] = [];
    for (const b of allBindings()) {
      const generated = ['list', 'detail', 'add', 'update', 'remove', 'export', 'import', 'tree', ...(b.decl.actions ?? []).map((a) => a.name)];
      for (const c of calls.filter((x) => x.path === b.decl.path && generated.includes(x.method))) {
        if (c.access !== permissionKey(b.decl, c.method)) wrong.push(`${label(c)} guarded by ${c.access}`);
      }
      const select = calls.find((x) => x.path === b.decl.path && x.method === 'select');
      if (select && select.access !== (b.decl.picker?.open ? 'user' : permissionKey(b.decl, 'list'))) wrong.push(`${label(select)} guarded by ${select.access}`);
    }
    expect(wrong).toEqual([]);
  });
});

function pathDecl(path: string): ResourceDecl | undefined {
  return servedDeclarations().find((d) => d.path === path);
}

/** Values an action's small form needs, taken from the resource's example (e.g. a new password). */
function actionFields(decl: ResourceDecl, fields: readonly string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields ?? []) out[f] = (decl.example as Record<string, unknown> | undefined)?.[f];
  return out;
}
