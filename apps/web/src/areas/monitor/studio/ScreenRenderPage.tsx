import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SCREEN_CHAT_ROUTE, SCREEN_RENDER_PATH, inWindow, type ScreenRender } from '@gx/contract';
import { requestData } from '../../../api/request';
import { queryClient } from '../../../api/queryClient';
import { LayoutView, fitScale } from './ElementView';

/** A republished programme reaches an open screen within this long. */
const REFRESH_MS = 60_000;

function useWindowSize() {
  const [size, setSize] = useState(() => ({ w: window.innerWidth, h: window.innerHeight }));
  useEffect(() => {
    const on = () => setSize({ w: window.innerWidth, h: window.innerHeight });
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return size;
}

/**
 * `/screen-render/<token>`: what a real screen's browser opens (no session; the token is the capability). It plays
 * the programme last published to the screen — each template for its seconds, within the daily window — with the
 * screen's bound fields; `?item=i` (the URLs a `play` command lists) shows that one item.
 */
function ScreenRenderView() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const pinned = params.has('item') ? Number(params.get('item')) : null;
  const { w, h } = useWindowSize();
  const q = useQuery({
    queryKey: ['screen-render', token],
    queryFn: () => requestData<ScreenRender>(SCREEN_RENDER_PATH, { token }, { loading: false, silent: true }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const [index, setIndex] = useState(0);
  const [now, setNow] = useState(() => new Date());
  const items = q.data?.items ?? [];
  const current = pinned !== null ? pinned : index % Math.max(1, items.length);
  const seconds = items[current]?.seconds ?? 60;
  useEffect(() => {
    const timer = setTimeout(() => {
      setIndex((i) => i + 1);
      setNow(new Date());
    }, seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds, index]);

  const item = items[current];
  const p = q.data?.programme;
  const message = q.isError ? t('studio.notFound')
    : p && !inWindow(p.start, p.end, now.getHours() * 60 + now.getMinutes()) ? t('studio.offAir')
      : q.data && !item ? t('studio.notFound') : null;
  return (
    <div className="studio-render" data-testid="screen-render">
      {message && <div style={{ color: '#888', fontSize: 32, textAlign: 'center', marginTop: '40vh' }} data-testid="screen-render-message">{message}</div>}
      {!message && item && (() => {
        const scale = fitScale(w, h, item.layout.width, item.layout.height);
        return (
          <div style={{ position: 'absolute', left: (w - item.layout.width * scale) / 2, top: (h - item.layout.height * scale) / 2, transform: `scale(${scale})`, transformOrigin: '0 0' }}>
            <LayoutView layout={item.layout} fields={{ ...q.data?.fields, chat_link: `${window.location.origin}${SCREEN_CHAT_ROUTE}/${token}` }} weather={q.data?.weather} />
          </div>
        );
      })()}
    </div>
  );
}

export default function ScreenRenderPage() {
  // Outside the console's layout, so it brings the query cache the layout would provide.
  return <QueryClientProvider client={queryClient}><ScreenRenderView /></QueryClientProvider>;
}
