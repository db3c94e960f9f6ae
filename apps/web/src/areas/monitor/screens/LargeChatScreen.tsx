import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  WORK_ORDER_PRIORITY_OPTIONS, WORK_ORDER_STATE_OPTIONS, type ChatSuggestionRow, type ChatWorkOrderRow, type Lang, type LargeChatSummary,
} from '@gx/contract';
import { useAppStore } from '../../../store/app';
import { ScreenChart, type ScreenOption } from './charts';
import { ScreenHeader } from './ScreenHeader';
import { Panel, Stage } from './Stage';
import { useScreen } from './useScreen';

const AXIS = { axisLabel: { fontSize: 18, color: '#b9d4f5' }, axisLine: { lineStyle: { color: '#3a5a85' } }, splitLine: { lineStyle: { color: 'rgba(86,170,255,0.15)' } } };
const ORDER_COLOUR = '#35c3ff';
const SUGGESTION_COLOUR = '#ffb020';

const labelOf = (options: typeof WORK_ORDER_STATE_OPTIONS, value: string, lang: Lang) => options.find((o) => o.value === value)?.label[lang] ?? value;

/**
 * Rows that arrived while the screen was open are marked new (a service desk looks up when something lands); the rows
 * of the first load are not. Ids are remembered per feed for as long as the screen is open.
 */
function useArrivals(ids: readonly number[] | undefined): ReadonlySet<number> {
  const seen = useRef<Set<number> | null>(null);
  const fresh = useRef(new Set<number>());
  return useMemo(() => {
    if (!ids) return fresh.current;
    if (seen.current === null) seen.current = new Set(ids);
    else for (const id of ids) if (!seen.current.has(id)) { seen.current.add(id); fresh.current.add(id); }
    return new Set(fresh.current);
  }, [ids]);
}

/**
 * `/largechat` (SPEC §2): the organisation's complaints/suggestions and work orders as they arrive, on a 1920×1080
 * stage — the desk's figures, open orders by state, arrivals per hour, and the latest of each feed, new ones marked.
 * Work-order and suggestion messages on the live stream make it fetch its one summary again; nothing polls.
 */
export function LargeChatScreen() {
  const { t } = useTranslation();
  const lang = useAppStore((s) => s.language);
  const { data, failed, refusal, connected, refreshSeconds, updatedAt } = useScreen<LargeChatSummary>('largechat');
  const newOrders = useArrivals(useMemo(() => data?.orders.map((o) => o.id), [data]));
  const newSuggestions = useArrivals(useMemo(() => data?.suggestions.map((s) => s.id), [data]));

  const stateOption = useMemo<ScreenOption | null>(() => !data ? null : {
    tooltip: { trigger: 'axis', textStyle: { fontSize: 18 } },
    grid: { left: 190, right: 50, top: 10, bottom: 30 },
    xAxis: { type: 'value', minInterval: 1, ...AXIS },
    yAxis: { type: 'category', inverse: true, data: data.by_state.map((s) => labelOf(WORK_ORDER_STATE_OPTIONS, s.status, lang)), ...AXIS },
    series: [{
      type: 'bar', name: t('screens.chatOpenOrders'), barWidth: 20, itemStyle: { color: ORDER_COLOUR },
      label: { show: true, position: 'right', color: '#e6f1ff', fontSize: 18 }, data: data.by_state.map((s) => s.count),
    }],
  }, [data, lang, t]);

  const arrivalsOption = useMemo<ScreenOption | null>(() => !data ? null : {
    tooltip: { trigger: 'axis', textStyle: { fontSize: 18 } },
    grid: { left: 50, right: 20, top: 30, bottom: 36 },
    xAxis: { type: 'category', data: data.arrivals.map((p) => dayjs(p.hour).format('HH:00')), ...AXIS },
    yAxis: { type: 'value', minInterval: 1, ...AXIS },
    series: [
      { type: 'bar', name: t('screens.chatSeriesOrders'), stack: 'in', data: data.arrivals.map((p) => p.orders), itemStyle: { color: ORDER_COLOUR } },
      { type: 'bar', name: t('screens.chatSeriesSuggestions'), stack: 'in', data: data.arrivals.map((p) => p.suggestions), itemStyle: { color: SUGGESTION_COLOUR } },
    ],
  }, [data, t]);

  const totals = data?.totals;
  const kpi = (label: string, value: number | undefined, testId: string, tone?: 'ok' | 'warn' | 'bad') => (
    <div className="gx-screen-kpi" data-tone={tone}><span>{label}</span><strong data-testid={testId}>{value ?? '—'}</strong></div>
  );
  return (
    <Stage testId="screen-largechat">
      <ScreenHeader title={t('screens.largechatTitle')} connected={connected} refreshSeconds={refreshSeconds} updatedAt={updatedAt} />
      {refusal && <div className="gx-screen-notice" role="alert" data-testid="screen-refusal">{t(refusal)}</div>}
      {failed && !refusal && <div className="gx-screen-notice" role="alert">{t('screens.failed')}</div>}
      <Panel title={t('screens.chatOpenOrders')} box={[30, 116, 560, 330]} testId="panel-chat-totals">
        <div className="gx-screen-kpis gx-chat-kpis">
          {kpi(t('screens.chatOpenOrders'), totals?.open_orders, 'kpi-open-orders')}
          {kpi(t('screens.chatOverdue'), totals?.overdue_orders, 'kpi-overdue', totals?.overdue_orders ? 'bad' : 'ok')}
          {kpi(t('screens.chatOrdersToday'), totals?.orders_today, 'kpi-orders-today')}
          {kpi(t('screens.chatPendingSuggestions'), totals?.pending_suggestions, 'kpi-pending-suggestions', totals?.pending_suggestions ? 'warn' : 'ok')}
          {kpi(t('screens.chatSuggestionsToday'), totals?.suggestions_today, 'kpi-suggestions-today')}
        </div>
      </Panel>
      <Panel title={t('screens.chatByState')} box={[30, 462, 560, 290]} testId="panel-chat-states">
        {data && !data.by_state.length ? <div className="gx-screen-empty">{t('screens.noData')}</div> : <ScreenChart option={stateOption} testId="chart-chat-states" />}
      </Panel>
      <Panel title={t('screens.chatArrivals')} box={[30, 768, 560, 288]} testId="panel-chat-arrivals">
        <ScreenChart option={arrivalsOption} testId="chart-chat-arrivals" />
      </Panel>
      <Panel title={t('screens.chatOrders')} box={[610, 116, 660, 940]} testId="panel-chat-orders">
        <Feed empty={t('screens.chatNoOrders')} testId="chat-orders">
          {data?.orders.map((o) => <OrderCard key={o.id} row={o} fresh={newOrders.has(o.id)} lang={lang} />)}
        </Feed>
      </Panel>
      <Panel title={t('screens.chatSuggestions')} box={[1290, 116, 600, 940]} testId="panel-chat-suggestions">
        <Feed empty={t('screens.chatNoSuggestions')} testId="chat-suggestions">
          {data?.suggestions.map((s) => <SuggestionCard key={s.id} row={s} fresh={newSuggestions.has(s.id)} />)}
        </Feed>
      </Panel>
    </Stage>
  );
}

/** A column of cards, newest on top; what does not fit is cut at the panel's edge (a screen does not scroll). */
function Feed({ children, empty, testId }: { children: ReactNode[] | undefined; empty: string; testId: string }) {
  if (children && !children.length) return <div className="gx-screen-empty" data-testid={`${testId}-empty`}>{empty}</div>;
  return <ol className="gx-chat-feed" data-testid={testId}>{children}</ol>;
}

function OrderCard({ row, fresh, lang }: { row: ChatWorkOrderRow; fresh: boolean; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <li className="gx-chat-card" data-fresh={fresh ? 'true' : 'false'} data-order-no={row.order_no} data-status={row.status}>
      <div className="gx-chat-card-head">
        <span className="gx-chat-time">{dayjs(row.created_at).format('MM-DD HH:mm')}</span>
        {fresh && <span className="gx-chat-new">{t('screens.chatNew')}</span>}
        <span className="gx-chat-tag" data-state={row.status}>{labelOf(WORK_ORDER_STATE_OPTIONS, row.status, lang)}</span>
        <span className="gx-chat-tag" data-priority={row.priority}>{labelOf(WORK_ORDER_PRIORITY_OPTIONS, row.priority, lang)}</span>
        {row.overdue && <span className="gx-chat-tag" data-overdue="true">{t('screens.chatOverdueTag')}</span>}
      </div>
      <div className="gx-chat-title" title={row.title}>{row.title}</div>
      <div className="gx-chat-meta">
        <span>{row.order_no}</span>
        {row.contact_name && <span>{row.contact_name}</span>}
        {row.due_at && <span>{t('screens.chatDue', { time: dayjs(row.due_at).format('MM-DD HH:mm') })}</span>}
      </div>
    </li>
  );
}

function SuggestionCard({ row, fresh }: { row: ChatSuggestionRow; fresh: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="gx-chat-card" data-fresh={fresh ? 'true' : 'false'} data-suggestion-id={row.id} data-handled={row.handled ? 'true' : 'false'}>
      <div className="gx-chat-card-head">
        <span className="gx-chat-time">{dayjs(row.created_at).format('MM-DD HH:mm')}</span>
        {fresh && <span className="gx-chat-new">{t('screens.chatNew')}</span>}
        <span className="gx-chat-tag" data-handled={row.handled ? 'true' : 'false'}>{row.handled ? t('screens.chatHandled') : t('screens.chatPending')}</span>
        <span className="gx-chat-who">{row.username || t('screens.chatAnonymous')}</span>
      </div>
      <div className="gx-chat-text">{row.content}</div>
      {row.reply && <div className="gx-chat-reply">↳ {row.reply}</div>}
    </li>
  );
}
