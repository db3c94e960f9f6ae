import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@gx/contract';
import { Cookies } from '../config/constants';
import { getCookie } from '../utils/cookie';
import { htmlLang, pickLanguage } from './language';
import en from './en';
import zh_CN from './zh_CN';

export const resources = { zh_CN: { translation: zh_CN }, en: { translation: en } } as const;

export function initialLanguage(): Lang {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return pickLanguage(getCookie(Cookies.language), browser);
}

function applyDocumentLanguage(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(lang);
}

const startLanguage = initialLanguage();
void i18n.use(initReactI18next).init({
  resources,
  lng: startLanguage,
  fallbackLng: 'zh_CN',
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(startLanguage);

/** Switches texts and `<html lang>` (dates follow through locales/dayjs.ts); the app store keeps the choice in its cookie. */
export function applyLanguage(lang: Lang): void {
  void i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

export default i18n;
