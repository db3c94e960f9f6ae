import dayjs from 'dayjs';
import { booleanOptions, type FieldDecl, type Lang, type OptionDecl } from '@gx/contract';

/** A row value as text for a person: option labels, yes/no, local date and time. Empty values read ''. */

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function optionOf(f: FieldDecl, v: unknown): OptionDecl | undefined {
  if (f.type === 'boolean') return booleanOptions.find((o) => o.value === (v === true || v === 1 ? 1 : 0));
  return f.options?.find((o) => o.value === v || String(o.value) === String(v));
}

export function displayText(f: FieldDecl, v: unknown, lang: Lang): string {
  if (v === null || v === undefined || v === '') return '';
  switch (f.type) {
    case 'select': case 'boolean':
      return optionOf(f, v)?.label[lang] ?? String(v);
    case 'datetime': {
      const d = dayjs(String(v));
      return d.isValid() ? d.format(DATE_TIME_FORMAT) : String(v);
    }
    case 'json':
      return JSON.stringify(v);
    case 'refMany':
      return Array.isArray(v) ? v.join(', ') : String(v);
    default:
      return String(v);
  }
}
