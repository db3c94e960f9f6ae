/**
 * Device tags: free labels an organisation puts on its devices ("floor-3", "pilot", "门店A") to find them and to
 * target campaigns (hawkBit's target tags). Kept as comma-separated text; a tag is letters of any script, digits,
 * `_ . -` and inner spaces, up to 32 characters; at most 20 per device. Matching a tag ignores case.
 */
export const DEVICE_TAGS_MAX = 20;
const TAG = String.raw`[\p{L}\p{N}_.-](?:[\p{L}\p{N} _.-]{0,30}[\p{L}\p{N}_.-])?`;
export const DEVICE_TAG_RE = new RegExp(`^${TAG}$`, 'u');
export const DEVICE_TAGS_RE = new RegExp(String.raw`^${TAG}(\s*,\s*${TAG}){0,${DEVICE_TAGS_MAX - 1}}$`, 'u');

/** Tags as stored: trimmed, the first spelling of each kept (case-insensitively), in the order given. */
export function normaliseTags(text: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out.join(',');
}
