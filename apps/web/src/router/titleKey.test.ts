import { describe, expect, it } from 'vitest';
import en from '../locales/en';
import zh_CN from '../locales/zh_CN';
import { PUBLIC_PATHS, PUBLIC_PREFIXES } from './publicRoutes';
import { titleKeyOf } from './titleKey';

const textOf = (tree: unknown, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
// Route titles are flat keys under `route` (`route.monitor.tv`), as i18next also resolves them.
const lookup = (tree: Record<string, unknown>, key: string): unknown => (key.startsWith('route.')
  ? (tree.route as Record<string, unknown>)[key.slice('route.'.length)] : textOf(tree, key));

describe('document titles of the pages outside the menus', () => {
  const paths = [...PUBLIC_PATHS, ...PUBLIC_PREFIXES.map((p) => `${p}0123456789abcdef`)];

  it('every public page has a title, in both languages', () => {
    for (const path of paths) {
      const key = titleKeyOf(path, []);
      expect(key, path).toBeTruthy();
      for (const [lang, tree] of Object.entries({ zh_CN, en })) expect(typeof lookup(tree as Record<string, unknown>, key!), `${path} ${key} ${lang}`).toBe('string');
    }
  });

  it('a console page takes its title from its route', () => {
    const routes = [{ path: '/system/user', name: 'system-user', meta: { title: 'route.system.user' } }] as unknown as Parameters<typeof titleKeyOf>[1];
    expect(titleKeyOf('/system/user', routes)).toBe('route.system.user');
    expect(titleKeyOf('/nowhere', routes)).toBeUndefined();
  });
});
