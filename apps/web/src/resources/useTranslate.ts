import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from './permissionTitle';

/** `t` that answers undefined for keys the console has no text for, so callers can fall back to the raw value. */
export function useTranslate(): Translate {
  const { t, i18n } = useTranslation();
  return useCallback((key: string) => (i18n.exists(key) ? t(key) : undefined), [t, i18n]);
}
