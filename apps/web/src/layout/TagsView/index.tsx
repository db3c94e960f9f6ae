import type { WheelEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REDIRECT_PREFIX } from '../../config/constants';
import { useTagsViewStore, type TagView } from '../../store/tagsView';
import { afterClose } from '../../store/tagViews';
import { TagItem, type TagAction } from './TagItem';

/** The tab strip (SPEC §2): visited pages as tabs, the active one highlighted. */
export function TagsView() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const views = useTagsViewStore((s) => s.visitedViews);

  const act = (action: TagAction, view: TagView) => {
    const store = useTagsViewStore.getState();
    const wasActive = view.path === pathname;
    if (action === 'refresh') {
      navigate(`${REDIRECT_PREFIX}${view.fullPath}`, { replace: true });
      return;
    }
    if (action === 'close') {
      if (view.affix) return;
      store.delView(view.path);
      if (wasActive) navigate(afterClose(useTagsViewStore.getState().visitedViews));
      return;
    }
    if (action === 'closeOthers') {
      store.delOthersViews(view.path);
      if (!wasActive) navigate(view.fullPath);
      return;
    }
    store.delAllViews();
    const remaining = useTagsViewStore.getState().visitedViews;
    if (!remaining.some((v) => v.path === pathname)) navigate(afterClose(remaining));
  };

  // A vertical wheel scrolls the strip sideways.
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (e.deltaY !== 0) e.currentTarget.scrollLeft += e.deltaY;
  };

  return (
    <nav className="gx-tags" role="tablist" data-testid="tags-view" onWheel={onWheel}>
      {views.map((v) => (
        <TagItem key={v.path} view={v} active={v.path === pathname} onOpen={(x) => navigate(x.fullPath)} onAction={act} />
      ))}
    </nav>
  );
}
