import { DEFAULT_LANG, LANGS, type Lang } from '@gx/contract';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * SPEC §1/§4: the language kept in the cookie wins, otherwise the browser language decides (English browsers get
 * English), otherwise zh_CN.
 */
export function pickLanguage(cookieValue: string | undefined, browserLanguages: readonly string[]): Lang {
  if (isLang(cookieValue)) return cookieValue;
  for (const tag of browserLanguages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh_CN';
    if (lower.startsWith('en')) return 'en';
  }
  return DEFAULT_LANG;
}

/** The BCP 47 tag for `<html lang>`. */
export function htmlLang(lang: Lang): string {
  return lang === 'zh_CN' ? 'zh-CN' : 'en';
}
