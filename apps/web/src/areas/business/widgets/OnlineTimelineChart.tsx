import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Empty, Space, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CustomChart } from 'echarts/charts';
import { DataZoomComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { CustomSeriesRenderItem } from 'echarts';
import { ONLINE_TIMELINE_MAX_DAYS, ONLINE_TIMELINE_MAX_PERIODS, type OnlineTimeline } from '@gx/contract';
import { EChart, type ChartOption } from '../../../components/charts/EChart';
import { RefSelect } from '../../../resources/RefSelect';
import { fetchOnlineTimeline } from '../api';
import { durationKey, durationParts, timelineSegments, type TimelineSegment } from '../onlineTimelineData';

// Bars from start to end need the custom series; zooming into a day of a month needs the data zoom. Registered here,
// so they load with this chart (and the online records page) only.
echarts.use([CustomChart, DataZoomComponent]);

const ONLINE_COLOR = '#52c41a';
const OFFLINE_COLOR = '#d9d9d9';
const TIME = 'YYYY-MM-DD HH:mm:ss';

/** One rectangle per segment on the device's row, clipped to the plotting area (a zoomed-in view cuts it). */
const renderBar: CustomSeriesRenderItem = (params, api) => {
  const row = api.value(0);
  const start = api.coord([api.value(1), row]);
  const end = api.coord([api.value(2), row]);
  const height = (api.size?.([0, 1]) as number[])[1]! * 0.5;
  const area = params.coordSys as unknown as { x: number; y: number; width: number; height: number };
  const shape = echarts.graphic.clipRectByRect(
    { x: start[0]!, y: start[1]! - height / 2, width: Math.max(end[0]! - start[0]!, 1), height },
    { x: area.x, y: area.y, width: area.width, height: area.height },
  );
  return shape ? { type: 'rect', shape, style: { fill: api.visual('color') as string } } : null;
};

/**
 * The online records page's timeline: one device's online periods along a time axis (the last 7 days in the reader's
 * zone at first, at most ONLINE_TIMELINE_MAX_DAYS), the offline gaps between them, each with its start, end and
 * duration on hover, and the share of the range (up to now) the device was online.
 */
export default function OnlineTimelineChart() {
  const { t } = useTranslation();
  const [device, setDevice] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('day').subtract(6, 'day'), dayjs().startOf('day')]);
  const from = range[0].startOf('day').toISOString();
  const to = range[1].add(1, 'day').startOf('day').toISOString();
  const timeline = useQuery<OnlineTimeline>({
    queryKey: ['business.online_record', 'timeline', device, from, to],
    queryFn: ({ signal }) => fetchOnlineTimeline({ device_id: device!, from, to }, signal),
    enabled: device !== null,
  });
  const data = device === null ? undefined : timeline.data;

  const duration = useCallback((seconds: number) => t(`business.onlineTimeline.${durationKey(seconds)}`, durationParts(seconds)), [t]);

  const option = useMemo((): ChartOption | undefined => {
    if (!data) return undefined;
    const { online, offline } = timelineSegments(data);
    const item = (s: TimelineSegment) => ({ value: [0, s.start, s.end, s.seconds, s.open ? 1 : 0] });
    const series = (name: string, color: string, segments: TimelineSegment[]) => ({
      type: 'custom' as const, name, renderItem: renderBar, itemStyle: { color },
      encode: { x: [1, 2], y: 0 }, data: segments.map(item),
    });
    return {
      legend: { top: 0, data: [t('business.onlineTimeline.online'), t('business.onlineTimeline.offline')] },
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const { seriesName, value } = p as { seriesName: string; value: number[] };
          const open = value[4] === 1;
          return [
            `<b>${seriesName}</b>`,
            `${t('business.onlineTimeline.start')}: ${dayjs(value[1]).format(TIME)}`,
            `${t('business.onlineTimeline.end')}: ${open ? t('business.onlineTimeline.stillOnline') : dayjs(value[2]).format(TIME)}`,
            `${t('business.onlineTimeline.duration')}: ${duration(value[3] ?? 0)}`,
          ].join('<br/>');
        },
      },
      grid: { left: 16, right: 24, top: 40, bottom: 48, containLabel: true },
      xAxis: { type: 'time', min: Date.parse(data.from), max: Date.parse(data.to) },
      yAxis: { type: 'category', data: [''], axisTick: { show: false } },
      dataZoom: [{ type: 'slider', xAxisIndex: 0, bottom: 8, height: 24, filterMode: 'weakFilter' }, { type: 'inside', xAxisIndex: 0, filterMode: 'weakFilter' }],
      series: [series(t('business.onlineTimeline.online'), ONLINE_COLOR, online), series(t('business.onlineTimeline.offline'), OFFLINE_COLOR, offline)],
    };
  }, [data, t, duration]);

  return (
    <Card title={t('business.onlineTimeline.title')} data-testid="online-timeline-card" style={{ marginBottom: 16 }}
      extra={(
        <Space wrap>
          <div style={{ width: 240 }}>
            <RefSelect resource="device.binding" value={device} onChange={(v) => setDevice(typeof v === 'number' ? v : null)}
              placeholder={t('business.onlineTimeline.device')} testId="online-timeline-device" />
          </div>
          <DatePicker.RangePicker
            aria-label={t('business.onlineTimeline.range')}
            value={range}
            allowClear={false}
            onChange={(v) => { if (v?.[0] && v[1]) setRange([v[0], v[1]]); }}
            disabledDate={(d, info) => d.isAfter(dayjs(), 'day') || (info?.from ? Math.abs(d.diff(info.from, 'day')) >= ONLINE_TIMELINE_MAX_DAYS : false)}
            data-testid="online-timeline-range"
          />
        </Space>
      )}
    >
      {device === null ? <Empty description={t('business.onlineTimeline.chooseDevice')} /> : (
        <>
          {data && (
            <Space size="large" align="center" style={{ marginBottom: 8 }} wrap>
              <Statistic title={t('business.onlineTimeline.share')} value={data.percent} precision={1} suffix="%" data-testid="online-timeline-percent" />
              <Typography.Text type="secondary">
                {t('business.onlineTimeline.summary', { online: duration(data.online_seconds), total: duration(data.total_seconds) })}
              </Typography.Text>
            </Space>
          )}
          {data?.more && <Alert type="warning" showIcon title={t('business.onlineTimeline.more', { count: ONLINE_TIMELINE_MAX_PERIODS })} style={{ marginBottom: 8 }} />}
          {option ? <EChart option={option} testId="online-timeline-chart" /> : <Empty />}
        </>
      )}
    </Card>
  );
}
