import { createMenuSearch, type MenuSearch } from './menuSearch';
import type { SearchEntry } from './menuSearchEntries';

/**
 * The menu search off the main thread (issue 9 point 7): the pinyin of every title is worked out here once per menu
 * load, and every keystroke's search runs here, so typing never waits for either. Messages are handled in order,
 * so a search always runs on the index sent before it.
 */
export type ToSearchWorker =
  | { kind: 'index'; entries: SearchEntry[] }
  | { kind: 'search'; id: number; query: string; limit: number };
/** The matching entries as positions in the last index sent, best first. */
export interface FromSearchWorker {
  id: number;
  found: number[];
}

// The DOM library types `self` as a window; in a dedicated worker it posts to the page that started it.
const scope = self as unknown as { onmessage: ((e: MessageEvent<ToSearchWorker>) => void) | null; postMessage: (m: FromSearchWorker) => void };

let search: MenuSearch = createMenuSearch([]);
let position = new Map<SearchEntry, number>();

scope.onmessage = ({ data }) => {
  if (data.kind === 'index') {
    search = createMenuSearch(data.entries);
    position = new Map(data.entries.map((e, i) => [e, i]));
    return;
  }
  const found = search.search(data.query, data.limit).map((e) => position.get(e) ?? -1).filter((i) => i >= 0);
  scope.postMessage({ id: data.id, found });
};
