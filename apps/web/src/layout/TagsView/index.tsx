import { useEffect, useRef, useState, type WheelEvent } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { REDIRECT_PREFIX } from '../../config/constants';
import { useTagsViewStore, type TagView } from '../../store/tagsView';
import { afterClose } from '../../store/tagViews';
import { TagItem, type TagAction } from './TagItem';
import './tagsView.css';
import { revealInStrip } from './revealInStrip';
import { latestPathname } from '../../router/latestLocation';

/** The tab strip (SPEC §2): visited pages as tabs, the active one highlighted. */
export function TagsView() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const views = useTagsViewStore((s) => s.visitedViews);
  const { t } = useTranslation();
  const strip = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });

  // Arrows show where tabs overflow the strip; the active tab is scrolled into view.
  const measure = () => {
    const el = strip.current;
    if (!el) return;
    const next = { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
    setEdges((e) => (e.left === next.left && e.right === next.right ? e : next));
  };
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    // Read once the frame is laid out: a ResizeObserver calls back when it starts observing (and on every resize)
    // after layout, where reading sizes costs nothing. Read here, mid-render, they forced a layout of the whole page
    // that the rest of the render then undid (~0.2 s of every console load on a 2-core machine).
    const observer = new ResizeObserver(() => {
      // Sideways only: scrollIntoView would also scroll the window up to the strip, undoing the scroll position a
      // kept-alive page was just given back (useTabScroll).
      revealInStrip(el.querySelector<HTMLElement>('[aria-selected="true"]'));
      measure();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [views, pathname]);
  const scrollBy = (dx: number) => strip.current?.scrollBy({ left: dx, behavior: 'smooth' });

  const act = (action: TagAction, view: TagView) => {
    const store = useTagsViewStore.getState();
    // The open page is the one in the address bar: a tab closed before the router has drawn the move to its page is
    // still the open page's tab (else that page would stay open without one).
    const current = latestPathname();
    const wasActive = view.path === current;
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
    if (!remaining.some((v) => v.path === current)) navigate(afterClose(remaining));
  };

  // A vertical wheel scrolls the strip sideways.
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (e.deltaY !== 0) e.currentTarget.scrollLeft += e.deltaY;
  };

  return (
    <div className="gx-tags-bar">
      {edges.left && (
        <Button type="text" size="small" icon={<LeftOutlined />} aria-label={t('tagsView.scrollLeft')} onClick={() => scrollBy(-240)} data-testid="tags-scroll-left" />
      )}
      <nav className="gx-tags" role="tablist" data-testid="tags-view" onWheel={onWheel} onScroll={measure} ref={strip}>
        {views.map((v) => (
          <TagItem key={v.path} view={v} active={v.path === pathname} onOpen={(x) => navigate(x.fullPath)} onAction={act} />
        ))}
      </nav>
      {edges.right && (
        <Button type="text" size="small" icon={<RightOutlined />} aria-label={t('tagsView.scrollRight')} onClick={() => scrollBy(240)} data-testid="tags-scroll-right" />
      )}
    </div>
  );
}
