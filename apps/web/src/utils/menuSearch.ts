import Fuse, { type IFuseOptions } from 'fuse.js';
import { pinyin } from 'pinyin-pro';
import { MENU_SEARCH } from '../config/constants';
import type { SearchEntry } from './menuSearchEntries';

/**
 * Menu search (SPEC §2 Navbar, §9; issue 9 point 7, issue 18 point 12): fuzzy over the titles (every language)
 * and the paths of the visible menu pages, plus pinyin — full ("yonghu", "yong hu guan li") and initials ("yhgl") —
 * of Chinese titles. Exact, prefix and whole-word matches rank before substring matches, and those before loose
 * fuzzy ones. Pure, and built once per menu load, so a keystroke over thousands of entries can be measured (bench/).
 * It runs in the search box's worker (menuSearch.worker.ts), which starts when the box first opens: pinyin-pro never
 * loads on the login page, and neither the pinyin nor a search ever blocks the main thread.
 */
export type { SearchEntry } from './menuSearchEntries';

export const MENU_SEARCH_OPTIONS: IFuseOptions<SearchEntry> = {
  shouldSort: true,
  threshold: MENU_SEARCH.threshold,
  minMatchCharLength: 1,
  includeScore: true,
  // A title matches wherever the words stand in it, and its sections and page are scored as one text: one pass
  // per entry instead of one per segment keeps a keystroke over 5,000 entries inside a frame (bench/).
  ignoreLocation: true,
  keys: [
    { name: 'title', weight: MENU_SEARCH.titleWeight, getFn: (entry) => [entry.title, ...entry.aliases].map((t) => t.join(' ')) },
    { name: 'path', weight: MENU_SEARCH.pathWeight },
  ],
};

const HAN = /\p{Script=Han}/u;

/** How a Chinese title is spoken: its pinyin run together, its initials, and where each syllable begins and ends. */
interface Spoken {
  full: string;
  initials: string;
  starts: ReadonlySet<number>;
  ends: ReadonlySet<number>;
}

function speak(text: string): Spoken | null {
  if (!HAN.test(text)) return null;
  const syllables = pinyin(text, { toneType: 'none', type: 'array', v: true })
    .map((s) => s.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  const starts = new Set<number>();
  const ends = new Set<number>();
  let at = 0;
  for (const s of syllables) {
    starts.add(at);
    at += s.length;
    ends.add(at);
  }
  return { full: syllables.join(''), initials: syllables.map((s) => s[0]).join(''), starts, ends };
}

/** `q` in the pinyin on syllable boundaries ("guanli" in "yonghuguanli", not "nghu"). */
function spokenWord(s: Spoken, q: string): boolean {
  for (let i = s.full.indexOf(q); i >= 0; i = s.full.indexOf(q, i + 1)) {
    if (s.starts.has(i) && s.ends.has(i + q.length)) return true;
  }
  return false;
}

/** An entry with the forms it is matched by, lower-cased once per menu load. */
interface Indexed {
  entry: SearchEntry;
  /** The page's own title in each language. */
  pages: string[];
  /** The whole trail in each language, sections and page joined by spaces. */
  trails: string[];
  path: string;
  /** The path's last segment ("operation-log"). */
  leaf: string;
  /** Pinyin of the page's own Chinese title, and of the whole Chinese trail. */
  spokenPage: Spoken[];
  spokenTrail: Spoken[];
  /** Everything the text is matched in, one string: trails and path, then the pinyin and its initials. */
  plain: string;
  spokenFull: string;
  spokenInitials: string;
}

function index(entry: SearchEntry): Indexed {
  const trails = [entry.title, ...entry.aliases];
  const pages = trails.map((t) => (t[t.length - 1] ?? '').toLowerCase());
  const path = entry.path.toLowerCase();
  const lowerTrails = trails.map((t) => t.join(' ').toLowerCase());
  const spokenTrail = trails.map((t) => speak(t.join(''))).filter((s): s is Spoken => s !== null);
  // Joined by a line break, which no query holds, so a match never spans two of them.
  return {
    entry,
    pages,
    trails: lowerTrails,
    path,
    leaf: path.slice(path.lastIndexOf('/') + 1),
    spokenPage: pages.map(speak).filter((s): s is Spoken => s !== null),
    spokenTrail,
    plain: [...lowerTrails, path].join('\n'),
    spokenFull: spokenTrail.map((s) => s.full).join('\n'),
    spokenInitials: spokenTrail.map((s) => s.initials).join('\n'),
  };
}

/** Ranks of a match, best first; after them come fuse's own matches (within the spec's threshold). */
const EXACT = 0;
const PREFIX = 1;
const WORD = 2;
const SUBSTRING = 3;

interface Query {
  /** Trimmed, lower-cased, inner spaces single. */
  text: string;
  /** The letters alone when the query could be pinyin ("yong hu" → "yonghu"), else ''. */
  spoken: string;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** `q` somewhere in `text` with no letter or digit right before or after it. */
function wholeWord(text: string, q: string): boolean {
  for (let i = text.indexOf(q); i >= 0; i = text.indexOf(q, i + 1)) {
    const before = text[i - 1];
    const after = text[i + q.length];
    if ((before === undefined || !LETTER_OR_DIGIT.test(before)) && (after === undefined || !LETTER_OR_DIGIT.test(after))) return true;
  }
  return false;
}

/** Holds the query in its text or its pinyin at all? Most entries do not: this is the cheap first test. */
function contains(x: Indexed, q: Query): boolean {
  const { text, spoken } = q;
  return x.plain.includes(text)
    || (spoken !== '' && (x.spokenFull.includes(spoken) || (spoken.length > 1 && x.spokenInitials.includes(spoken))));
}

/** The texts a query equals to be an EXACT match of the entry (see `closeRank`), for a lookup table. */
function exactForms(x: Indexed): string[] {
  return [...x.pages, x.path, x.leaf, ...x.spokenPage.flatMap((s) => [s.full, s.initials])];
}

/** EXACT or PREFIX for an entry that contains the query, else WORD_OR_LESS (worked out only when needed). */
const WORD_OR_LESS = -1;
function closeRank(x: Indexed, q: Query): number {
  const { text, spoken } = q;
  if (x.pages.includes(text) || x.path === text || x.leaf === text
    || (spoken !== '' && x.spokenPage.some((s) => s.full === spoken || s.initials === spoken))) return EXACT;
  if (x.pages.some((p) => p.startsWith(text)) || x.leaf.startsWith(text) || (text.startsWith('/') && x.path.startsWith(text))
    || (spoken !== '' && x.spokenPage.some((s) => s.full.startsWith(spoken) || s.initials.startsWith(spoken)))) return PREFIX;
  return WORD_OR_LESS;
}

function wordRank(x: Indexed, q: Query): number {
  const { text, spoken } = q;
  return x.trails.some((t) => wholeWord(t, text)) || wholeWord(x.path, text)
    || (spoken !== '' && x.spokenTrail.some((s) => spokenWord(s, spoken))) ? WORD : SUBSTRING;
}

/** Fuse's bitap works on patterns up to 32 characters; a longer one is cut into parts, any of which may match. */
const BITAP_MAX = 32;

/** The most edits fuse's bitap allows a pattern of `length` (it stops once errors ÷ length passes the threshold). */
function maxErrors(length: number, threshold: number): number {
  let e = 0;
  while (e + 1 < length && (e + 1) / length <= threshold) e += 1;
  return e;
}

/**
 * Where each character occurs: entry positions (in menu order) with how often it occurs in that entry's texts.
 * Built once per menu load, so the fuzzy pre-check walks only the entries holding the query's characters.
 */
interface Postings {
  entries: Int32Array;
  times: Uint16Array;
}

function postingsOf(haystacks: readonly string[]): Map<string, Postings> {
  const lists = new Map<string, { entries: number[]; times: number[] }>();
  haystacks.forEach((text, i) => {
    for (const [c, n] of characterCounts(text)) {
      let list = lists.get(c);
      if (!list) lists.set(c, (list = { entries: [], times: [] }));
      list.entries.push(i);
      list.times.push(Math.min(n, 0xffff));
    }
  });
  return new Map([...lists].map(([c, l]) => [c, { entries: Int32Array.from(l.entries), times: Uint16Array.from(l.times) }]));
}

/**
 * Could fuse match `pattern` somewhere in an entry within the spec's threshold? A match with e edits leaves at
 * most e of the pattern's characters unmatched, so at least length − e of them (counted with repetition) must
 * occur in the entry's texts. Answers, per entry, how many do (0 for most): never too few for an entry fuse would
 * match, and the entries holding none of the characters cost nothing.
 */
function sharedCharacters(postings: Map<string, Postings>, pattern: Map<string, number>, size: number): Uint16Array {
  const shared = new Uint16Array(size);
  for (const [c, wanted] of pattern) {
    const list = postings.get(c);
    if (!list) continue;
    for (let k = 0; k < list.entries.length; k++) {
      const i = list.entries[k] as number;
      shared[i] = (shared[i] as number) + Math.min(wanted, list.times[k] as number);
    }
  }
  return shared;
}

/**
 * Most entries fuse scores per keystroke (issue 9 point 7: p99 ≤ 16 ms over 5,000). Loose matches only fill the
 * places the direct ones leave (at most `limit`), so fuse sees the candidates sharing the most characters with the
 * query — the ones its bitap can score best — and never thousands of them.
 */
const FUZZY_MAX = 64;

function characterCounts(s: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

export interface MenuSearch {
  search: (query: string, limit?: number) => SearchEntry[];
}

export function createMenuSearch(entries: readonly SearchEntry[]): MenuSearch {
  const fuseIndex = Fuse.createIndex(MENU_SEARCH_OPTIONS.keys ?? [], entries as SearchEntry[]).toJSON();
  const indexed = entries.map(index);
  /** Everything fuse looks at, per entry, for the cheap pre-check. */
  const postings = postingsOf(indexed.map((x) => x.plain));
  // Within a rank: the shorter page title (closest to the query), then the shorter trail, then menu order. Fixed
  // per menu load, so a keystroke walks the entries in this order and never sorts.
  const order = indexed.map((_, i) => i).sort((a, b) => {
    const x = indexed[a] as Indexed;
    const y = indexed[b] as Indexed;
    return (x.pages[0]?.length ?? 0) - (y.pages[0]?.length ?? 0) || x.entry.title.length - y.entry.title.length || a - b;
  });

  const rankOf = new Int32Array(entries.length);
  order.forEach((i, at) => { rankOf[i] = at; });
  /** Entries by every text that is an exact match for them. */
  const exactIndex = new Map<string, number[]>();
  indexed.forEach((x, i) => {
    for (const key of new Set(exactForms(x))) {
      const list = exactIndex.get(key);
      if (list) list.push(i);
      else exactIndex.set(key, [i]);
    }
  });

  /** Fuse, with the spec's options, over the entries that passed the pre-check; best first. */
  const fuzzy = (text: string, candidates: number[], limit: number): number[] => {
    if (candidates.length === 0) return [];
    const records = candidates.flatMap((i) => (fuseIndex.records[i] ? [fuseIndex.records[i]] : []));
    const fuse = new Fuse(entries, MENU_SEARCH_OPTIONS, Fuse.parseIndex<SearchEntry>({ keys: fuseIndex.keys, records }));
    return fuse.search(text, { limit }).map((r) => r.refIndex);
  };

  /**
   * The entries holding the last query, in `order`. A query that extends it (the next keystroke) can only be held
   * by those: holding "gate" means holding "gat", and pinyin letters extend the same way.
   */
  let last: { q: Query; holding: number[] } | null = null;

  const search = (query: string, limit = 20): SearchEntry[] => {
    const text = query.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!text) return [];
    const letters = text.replace(/ /g, '');
    const q: Query = { text, spoken: /^[a-z]+$/.test(letters) ? letters : '' };
    // Ranked in stages, each only as far as the results need: a short query contains thousands of entries,
    // and telling a whole word from a substring is the dear part.
    const prefix: number[] = [];
    const other: number[] = [];
    const narrowed = last !== null && text.startsWith(last.q.text) && (q.spoken === '' || last.q.spoken !== '');
    const holding: number[] = [];
    for (const i of narrowed && last ? last.holding : order) {
      const x = indexed[i] as Indexed;
      if (contains(x, q)) holding.push(i);
    }
    last = { q, holding };
    // EXACT from the lookup table; then PREFIX in menu order, only until the results are full.
    const exactSet = new Set<number>();
    for (const key of q.spoken !== '' && q.spoken !== text ? [text, q.spoken] : [text]) {
      for (const i of exactIndex.get(key) ?? []) {
        if (closeRank(indexed[i] as Indexed, q) === EXACT && contains(indexed[i] as Indexed, q)) exactSet.add(i);
      }
    }
    const exact = [...exactSet].sort((a, b) => (rankOf[a] ?? 0) - (rankOf[b] ?? 0));
    for (const i of holding) {
      if (exact.length + prefix.length >= limit) break;
      if (exactSet.has(i)) continue;
      (closeRank(indexed[i] as Indexed, q) === PREFIX ? prefix : other).push(i);
    }
    const found = [...exact, ...prefix].slice(0, limit);
    if (found.length < limit) {
      const words: number[] = [];
      const substrings: number[] = [];
      for (const i of other) (wordRank(indexed[i] as Indexed, q) === WORD ? words : substrings).push(i);
      found.push(...[...words, ...substrings].slice(0, limit - found.length));
    }
    // Loose matches only fill what the direct ones leave; fuse is the slow part, so it runs only then.
    if (found.length < limit) {
      const held = new Uint8Array(entries.length);
      for (const i of holding) held[i] = 1;
      const length = [...text].length;
      const candidates = length > BITAP_MAX ? order.filter((i) => held[i] === 0) : (() => {
        const needed = length - maxErrors(length, MENU_SEARCH_OPTIONS.threshold ?? 1);
        const shared = sharedCharacters(postings, characterCounts(text), entries.length);
        // Bucketed by how many of the query's characters each holds, most first, menu order within a bucket.
        const byShared: number[][] = [];
        for (const i of order) {
          const n = shared[i] as number;
          if (n >= needed && held[i] === 0) (byShared[length - n] ??= []).push(i);
        }
        const kept: number[] = [];
        for (const bucket of byShared) {
          if (!bucket) continue;
          kept.push(...bucket.slice(0, FUZZY_MAX - kept.length));
          if (kept.length >= FUZZY_MAX) break;
        }
        return kept;
      })();
      found.push(...fuzzy(text, candidates, limit - found.length));
    }
    return found.flatMap((i) => (entries[i] ? [entries[i]] : []));
  };

  // Every stage once — a Chinese character, letters that may be pinyin, a path, a miss left to fuse — while the
  // worker waits for the first keystroke, so that keystroke does not pay for compiling the search.
  if (entries.length > 0) for (const q of ['网', 'g', 'ga', '/a', 'zzq', '网关设']) search(q);
  last = null;
  return { search };
}
