import { describe, expect, it } from 'vitest';
import { can } from './can';

describe('<Can> permission check (SPEC §6)', () => {
  it('administrators see every button', () => {
    expect(can('system.user.remove', { isAdmin: true, btnlist: [] })).toBe(true);
  });
  it('others see the buttons their btnlist grants', () => {
    const grants = { isAdmin: false, btnlist: ['system.user.add'] };
    expect(can('system.user.add', grants)).toBe(true);
    expect(can('system.user.remove', grants)).toBe(false);
    expect(can(['system.user.remove', 'system.user.add'], grants)).toBe(true);
  });
});
