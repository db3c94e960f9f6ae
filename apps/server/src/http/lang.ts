import { DEFAULT_LANG, type Lang } from '@gx/contract';

/** Request language from Accept-Language (`en`, `en-US`, `zh_CN`, `zh-CN`…); Chinese is the default. */
export function langOf(header: string | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : DEFAULT_LANG;
}
