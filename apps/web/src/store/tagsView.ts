import { create } from 'zustand';
import { SessionKeys } from '../config/constants';
import { readSession, writeSession } from '../utils/storage';
import { addView, keepAffix, keepOnly, removeView, withAffix, type TagView } from './tagViews';

export type { TagView } from './tagViews';

/**
 * Visited tabs and the pages kept alive behind them. A page joins `cachedViews` when visited (unless noCache), so
 * tabs restored from session storage mount only when opened again.
 */
export interface TagsViewState {
  visitedViews: TagView[];
  cachedViews: string[];
  /** Bumped by a refresh so the page's keep-alive boundary gets a new key and mounts afresh. */
  generations: Record<string, number>;
  addView: (view: TagView) => void;
  delView: (path: string) => void;
  /** Drop only the kept-alive page, for a refresh. */
  delCachedView: (path: string) => void;
  /** Refresh a tab (SPEC §2 `/redirect/<path>`): its page state is discarded and it mounts again when shown. */
  refreshView: (path: string) => void;
  delOthersViews: (path: string) => void;
  delAllViews: () => void;
  /** Affix tabs first; tabs of routes the user no longer has are dropped. */
  sync: (affix: TagView[], isKnown: (path: string) => boolean) => void;
  persist: () => void;
}

function restored(): TagView[] {
  const saved = readSession<TagView[]>(SessionKeys.visitedViews);
  return Array.isArray(saved) ? saved.filter((v) => typeof v?.path === 'string' && typeof v.title === 'string') : [];
}

const cachedAmong = (cached: string[], views: TagView[]) => cached.filter((p) => views.some((v) => v.path === p));

export const useTagsViewStore = create<TagsViewState>()((set, get) => ({
  visitedViews: restored(),
  cachedViews: [],
  generations: {},
  addView: (view) =>
    set((s) => ({
      visitedViews: addView(s.visitedViews, view),
      cachedViews: view.noCache || s.cachedViews.includes(view.path) ? s.cachedViews : [...s.cachedViews, view.path],
    })),
  delView: (path) =>
    set((s) => {
      const visitedViews = removeView(s.visitedViews, path);
      return { visitedViews, cachedViews: s.cachedViews.filter((p) => p !== path) };
    }),
  delCachedView: (path) => set((s) => ({ cachedViews: s.cachedViews.filter((p) => p !== path) })),
  refreshView: (path) =>
    set((s) => ({
      cachedViews: s.cachedViews.filter((p) => p !== path),
      generations: { ...s.generations, [path]: (s.generations[path] ?? 0) + 1 },
    })),
  delOthersViews: (path) =>
    set((s) => {
      const visitedViews = keepOnly(s.visitedViews, path);
      return { visitedViews, cachedViews: cachedAmong(s.cachedViews, visitedViews) };
    }),
  delAllViews: () =>
    set((s) => {
      const visitedViews = keepAffix(s.visitedViews);
      return { visitedViews, cachedViews: cachedAmong(s.cachedViews, visitedViews) };
    }),
  sync: (affix, isKnown) =>
    set((s) => {
      const visitedViews = withAffix(s.visitedViews.filter((v) => isKnown(v.path)), affix);
      return { visitedViews, cachedViews: cachedAmong(s.cachedViews, visitedViews) };
    }),
  persist: () => writeSession(SessionKeys.visitedViews, get().visitedViews),
}));
