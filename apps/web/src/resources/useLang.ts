import type { Label, Lang } from '@gx/contract';
import { useAppStore } from '../store/app';

/** The console language; declarations carry their texts in both (`Label`), so a page picks one by it. */
export function useLang(): Lang {
  return useAppStore((s) => s.language);
}

export function pick(label: Label | undefined, lang: Lang): string {
  return label ? label[lang] : '';
}
