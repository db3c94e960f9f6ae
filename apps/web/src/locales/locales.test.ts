import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { menuTree, type MenuEntry } from '@gx/contract';
import en from './en';
import zh_CN from './zh_CN';

/** Every leaf key, dotted (`route.system.user`, `common.theme.dark`). */
function leafKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** The title keys of every menu the server seeds, derived from the area manifests. */
const entries = (list: MenuEntry[]): MenuEntry[] => list.flatMap((m) => [m, ...entries(m.children ?? [])]);
const SEEDED_ROUTE_KEYS = entries(menuTree()).map((m) => m.title);

const languages = { zh_CN, en };

describe('translations', () => {
  const zhKeys = new Set(leafKeys(zh_CN));
  const enKeys = new Set(leafKeys(en));

  it('every zh_CN key exists in en', () => {
    expect([...zhKeys].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('every en key exists in zh_CN', () => {
    expect([...enKeys].filter((k) => !zhKeys.has(k))).toEqual([]);
  });

  it('no text is empty', () => {
    for (const [lang, tree] of Object.entries(languages)) {
      const empty = leafKeys(tree).filter((k) => {
        const value = k.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
        return value === '';
      });
      expect(empty, lang).toEqual([]);
    }
  });

  it.each(Object.keys(languages))('%s has every route title the server seeds', (lang) => {
    expect(SEEDED_ROUTE_KEYS.length).toBeGreaterThan(50);
    const keys = lang === 'en' ? enKeys : zhKeys;
    expect(SEEDED_ROUTE_KEYS.filter((k) => !keys.has(k))).toEqual([]);
  });

  it.each(Object.keys(languages))('%s resolves section and page titles through i18next', async (lang) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, resources: { [lang]: { translation: languages[lang as keyof typeof languages] } } });
    for (const key of SEEDED_ROUTE_KEYS) {
      const text = i18n.t(key);
      expect(typeof text, key).toBe('string');
      expect(text, key).not.toBe(key);
    }
  });

  it('the password rule reads as the spec says', () => {
    expect(en.validation.passwordMin).toBe('Password cannot be less than 6 digits');
    expect(zh_CN.validation.passwordMin).toBe('密码不能少于6位');
  });
});
