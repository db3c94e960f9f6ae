import type { CellProps } from '../types';

/** Integer cents (fen) as yuan in the reader's language, e.g. 12345 → ¥123.45. */
export function formatCents(cents: number, lang: string): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'zh-CN', { style: 'currency', currency: 'CNY' }).format(cents / 100);
}

/** `cents`: a money amount kept in integer cents, shown in yuan. */
export function CentsCell({ value, lang }: CellProps) {
  if (typeof value !== 'number') return <span className="gx-cell-empty">-</span>;
  return <span className="gx-cell-money">{formatCents(value, lang)}</span>;
}
