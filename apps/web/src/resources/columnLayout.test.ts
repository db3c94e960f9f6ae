import { describe, expect, it } from 'vitest';
import { deviceResource, userResource, type ResourceDecl } from '@gx/contract';
import { layoutColumns } from './columnLayout';

const order = (decl: ResourceDecl) => decl.list.columns.map((c) => c.field);
const natural = (decl: ResourceDecl) => layoutColumns(decl, order(decl), null, 100_000);

describe('layoutColumns', () => {
  it('with room to spare, every column keeps its declared width', () => {
    const l = natural(deviceResource);
    expect(l.shown).toEqual(order(deviceResource));
    expect(l.widths.serial).toBe(180);
    expect(l.widths.name).toBe(160);
  });

  it('short of room, text columns (the serial too) give up to a quarter before any column hides; dates keep their width', () => {
    const full = natural(deviceResource);
    const l = layoutColumns(deviceResource, order(deviceResource), null, Math.floor(full.total * 0.9));
    expect(l.shown).toEqual(full.shown);
    expect(l.widths.serial).toBeLessThan(180);
    expect(l.widths.serial).toBeGreaterThanOrEqual(135);
    expect(l.widths.last_seen_at).toBe(full.widths.last_seen_at);
    expect(l.widths.name).toBeLessThan(160);
    expect(l.widths.name).toBeGreaterThanOrEqual(120);
    expect(l.total).toBeLessThanOrEqual(Math.floor(full.total * 0.9));
  });

  it('beyond a quarter, the lowest-priority columns hide first, never a priority-1 one', () => {
    const full = natural(userResource);
    const l = layoutColumns(userResource, order(userResource), null, 400);
    const priorityOne = userResource.list.columns.filter((c) => c.priority === 1).map((c) => c.field);
    expect(priorityOne.length).toBeGreaterThan(0);
    expect(l.shown.length).toBeLessThan(full.shown.length);
    for (const f of priorityOne) expect(l.shown).toContain(f);
  });

  it("a user's own choice of columns is kept, whatever the width", () => {
    const l = layoutColumns(deviceResource, order(deviceResource), ['serial', 'ip'], 100);
    expect(l.shown).toEqual(['serial', 'ip']);
  });
});
