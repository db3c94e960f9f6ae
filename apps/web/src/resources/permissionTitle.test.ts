import { describe, expect, it } from 'vitest';
import { declaredPermissions, LANGS, permissionKeysOf, resources } from '@gx/contract';
import { permissionTitle } from './permissionTitle';

describe('button names', () => {
  it.each(LANGS)('every key a resource declares has a readable name in %s', (lang) => {
    for (const r of resources) {
      for (const key of permissionKeysOf(r)) {
        const text = permissionTitle(`perm.${key}`, lang, () => undefined);
        expect(text, key).not.toBe(key);
        expect(text.startsWith(r.title[lang]), key).toBe(true);
      }
    }
  });

  it.each(LANGS)('keys outside the resources are named by the page declaring them in %s', (lang) => {
    expect(declaredPermissions().length).toBeGreaterThan(0);
    for (const p of declaredPermissions()) expect(permissionTitle(`perm.${p.key}`, lang, () => undefined), p.key).toBe(p.label[lang]);
  });

  it('a title typed by a person is shown as typed', () => {
    expect(permissionTitle('Reboot gateways', 'en', () => undefined)).toBe('Reboot gateways');
  });
});
