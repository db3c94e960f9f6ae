import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, type Lang } from '@gx/contract';
import { Cookies } from '../config/constants';
import { getCookie } from '../utils/cookie';
import { htmlLang, pickLanguage } from './language';
import zh_CN from './zh_CN';

type Texts = typeof zh_CN;

/**
 * Each language's texts. The default (and fallback) comes with the first load; English (~12 KB compressed) only when
 * a visitor reads it or the menu search looks a page up by its English title.
 */
const LOADERS: Record<Lang, () => Promise<Texts>> = {
  zh_CN: () => Promise.resolve(zh_CN),
  en: () => import('./en').then((m) => m.default),
};

export function initialLanguage(): Lang {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return pickLanguage(getCookie(Cookies.language), browser);
}

function applyDocumentLanguage(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(lang);
}

/** Adds a language's texts once; resolves when `t` can read them. */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) i18n.addResourceBundle(lang, 'translation', await LOADERS[lang]());
}

const startLanguage = initialLanguage();
void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANG]: { translation: zh_CN } },
  lng: startLanguage,
  fallbackLng: DEFAULT_LANG,
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(startLanguage);

/** Resolves when the starting language's texts are there: the console renders after it, never in the wrong language. */
export const startLanguageLoaded: Promise<void> = loadLanguage(startLanguage);

/** Switches texts, once they are loaded, and `<html lang>` (dates follow through locales/dayjs.ts). */
export async function applyLanguage(lang: Lang): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

export default i18n;
