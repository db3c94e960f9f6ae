import { describe, expect, it } from 'vitest';
import { LANGS, permissionKeysOf, resources } from '@gx/contract';
import en from '../locales/en';
import zh_CN from '../locales/zh_CN';
import { permissionTitle } from './permissionTitle';

const texts = { zh_CN: zh_CN.perm as Record<string, string>, en: en.perm as Record<string, string> };

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

  it.each(LANGS)('keys outside the resources are named by the perm locale in %s', (lang) => {
    const translate = (k: string) => texts[lang][k.slice('perm.'.length)];
    expect(permissionTitle('perm.portal.sms.test', lang, translate)).toBe(texts[lang]['portal.sms.test']);
  });

  it('a title typed by a person is shown as typed', () => {
    expect(permissionTitle('Reboot gateways', 'en', () => undefined)).toBe('Reboot gateways');
  });
});
