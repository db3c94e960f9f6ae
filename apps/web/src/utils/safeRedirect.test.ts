import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect';

describe('login redirect target', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/system/user?page=2')).toBe('/system/user?page=2');
  });
  it('refuses other sites and the login page itself', () => {
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)', '/login', '/login?redirect=/x', '', null]) {
      expect(safeRedirect(bad), String(bad)).toBe('/');
    }
  });
});
