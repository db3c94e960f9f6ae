import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allPages, areas, pageOfPermission } from '@gx/contract';
import { manifestsOf, seedInputOf } from '../http/area';
import { serverIndex } from '../../../../scripts/indexes.mjs';
import { schemaFiles } from '../db/schemaFiles';
import { productAreas, withBindings } from './areas';
import { bindingsByArea } from './bindings.generated';

/** The server's list of areas against the contract's manifests: derived checks, no hand-kept lists. */
describe('server areas', () => {
  it('serve every area of the contract, once, under the same key', () => {
    const keys = productAreas.map((a) => a.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(manifestsOf(productAreas).map((m) => m.key).sort()).toEqual(areas.map((a) => a.key).sort());
    for (const a of productAreas) if (a.manifest) expect(a.manifest.key, a.key).toBe(a.key);
  });

  it('keep each area with code in the folder of its name', () => {
    for (const a of productAreas) {
      if (!a.endpoints?.length && !a.resources?.length && !a.plugin) continue;
      expect(existsSync(join(__dirname, a.key, 'plugin.ts')), `modules/${a.key}/plugin.ts`).toBe(true);
    }
  });

  it('grant every permission key under a page, so no button is left outside the menu tree', () => {
    const orphans = seedInputOf(productAreas).keys.filter((k) => !pageOfPermission(k));
    expect(orphans).toEqual([]);
  });

  it('collect every binding through a current generated index (run node scripts/indexes.mjs when this fails)', () => {
    const index = serverIndex();
    expect(readFileSync(index.path, 'utf8') === index.text, 'modules/bindings.generated.ts is stale').toBe(true);
  });

  it('serve each folder\'s bindings in the area of that name, and refuse bindings in a folder that is no area', () => {
    for (const [key, list] of Object.entries(bindingsByArea)) {
      expect(productAreas.find((a) => a.key === key)?.resources, key).toEqual(list);
    }
    expect(() => withBindings(productAreas.filter((a) => a.key !== 'portal'))).toThrow(/modules\/portal/);
  });

  it('serve every declaration that names a page, so no page lists a resource nobody serves', () => {
    const served = new Set(productAreas.flatMap((a) => [...(a.resources ?? []).map((b) => b.decl.key), ...(a.declarations ?? []).map((d) => d.key)]));
    const unserved = allPages().flatMap(({ page }) => (page.resource && !served.has(page.resource) ? [page.resource] : []));
    expect(unserved).toEqual([]);
  });

  it('keep every served table where drizzle-kit reads the schema (db/schema, or beside its binding)', async () => {
    const tables = new Set<unknown>();
    for (const file of schemaFiles(join(__dirname, '../..'))) {
      const mod = (await import(join(__dirname, '../..', file))) as Record<string, unknown>;
      for (const v of Object.values(mod)) tables.add(v);
    }
    const lost = productAreas.flatMap((a) => a.resources ?? []).filter((b) => !tables.has(b.table)).map((b) => b.decl.key);
    expect(lost).toEqual([]);
  });
});
