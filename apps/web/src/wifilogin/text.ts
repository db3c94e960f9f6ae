import type { Lang } from '@gx/contract';
import { Cookies } from '../config/constants';
import { htmlLang, pickLanguage } from '../locales/language';
import { getCookie, PREFERENCE_DAYS, setCookie } from '../utils/cookie';
import en from './locales/en';
import zh_CN from './locales/zh_CN';

/**
 * The guest page's own few strings, without i18next: the page ships alone to phones and must stay small. The
 * language is the console's (the same cookie, then the browser's languages), so a switch here sticks there too.
 */
export type WifiText = typeof zh_CN;
export type WifiKey = { [K in keyof WifiText]: WifiText[K] extends string ? K : never }[keyof WifiText];

const TABLES: Record<Lang, WifiText> = { zh_CN, en };

export function initialLanguage(): Lang {
  return pickLanguage(getCookie(Cookies.language), navigator.languages ?? [navigator.language]);
}

/** Keeps the choice like the console does and marks the document's language. */
export function applyLanguage(lang: Lang): void {
  setCookie(Cookies.language, lang, { days: PREFERENCE_DAYS });
  document.documentElement.lang = htmlLang(lang);
}

/** `{{name}}` placeholders filled from `vars`, as i18next does in the console. */
export function translate(lang: Lang, key: WifiKey, vars: Record<string, string | number> = {}): string {
  return TABLES[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export function languageName(lang: Lang, of: Lang): string {
  return TABLES[lang].languages[of];
}
