import { useCallback } from 'react';
import type { ResourceDecl } from '@gx/contract';
import type { Row } from '../api/resource';
import { refLabelText } from './refLabelText';
import { useLang } from './useLang';
import { useTranslate } from './useTranslate';

/**
 * How a person names a row: its picker label (the same words the server's picker answers, e.g. "Alice (alice)"),
 * or "#id" for resources without one. Confirmations, titles and batch results use it.
 */
export function rowLabel(decl: ResourceDecl, row: Row): string {
  const parts = (decl.picker?.label ?? []).map((f) => row[f]).filter((v) => v !== null && v !== undefined && v !== '').map(String);
  const [first, ...rest] = parts;
  if (first === undefined) return `#${row.id}`;
  return rest.length ? `${first} (${rest.join(', ')})` : first;
}

/**
 * `rowLabel` as the console shows it: a first part that is a translation key (a menu's `route.…` title, a
 * button's `perm.…`) reads in the console language, as the list's own cells show it.
 */
export function useRowLabel(decl: ResourceDecl): (row: Row) => string {
  const lang = useLang();
  const translate = useTranslate();
  return useCallback((row: Row) => refLabelText(rowLabel(decl, row), lang, translate), [decl, lang, translate]);
}
