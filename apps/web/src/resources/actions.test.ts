import { describe, expect, it } from 'vitest';
import { operationLogResource, postResource, userResource } from '@gx/contract';
import { can, type Grants } from '../components/can';
import { appliesTo, visibleActions } from './actions';

const as = (grants: Grants) => (key: string) => can(key, grants);

const methods = (list: { method: string }[]) => list.map((a) => a.method);

describe('buttons shown by btnlist', () => {
  it('the administrator sees every button the declaration offers', () => {
    const a = visibleActions(userResource, as({ isAdmin: true, btnlist: [] }));
    expect(methods(a.toolbar)).toEqual(['add', 'import', 'export']);
    expect(methods(a.row)).toEqual(['detail', 'update', 'enable', 'disable', 'reset_password', 'remove']);
    // Resetting a password asks for the new one and is declared for one row, so it is not offered for several.
    expect(methods(a.bulk)).toEqual(['enable', 'disable', 'remove']);
  });

  it('an action declared for several rows offers its small form for the selection (moderation with a reason)', () => {
    const a = visibleActions(postResource, as({ isAdmin: true, btnlist: [] }));
    expect(methods(a.bulk)).toEqual(['approve', 'reject', 'remove']);
    expect(a.bulk.find((x) => x.method === 'reject')?.fields).toEqual(['reason']);
  });

  it('a user sees only the buttons granted: add without delete', () => {
    const a = visibleActions(userResource, as({ isAdmin: false, btnlist: ['system.user.list', 'system.user.add', 'system.user.update'] }));
    expect(methods(a.toolbar)).toEqual(['add']);
    expect(methods(a.row)).toEqual(['detail', 'update']);
    expect(a.bulk).toEqual([]);
  });

  it('a read-only resource offers details and export only', () => {
    const a = visibleActions(operationLogResource, as({ isAdmin: true, btnlist: [] }));
    expect(methods(a.toolbar)).toEqual(['export']);
    expect(methods(a.row)).toEqual(['detail']);
  });

  it('a state action shows only on rows it can move (enable on disabled rows)', () => {
    const { row } = visibleActions(userResource, as({ isAdmin: true, btnlist: [] }));
    const enable = row.find((a) => a.method === 'enable');
    expect(enable && appliesTo(userResource, enable, { id: 5, status: 0 })).toBe(true);
    expect(enable && appliesTo(userResource, enable, { id: 5, status: 1 })).toBe(false);
  });
});
