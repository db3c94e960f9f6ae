import { Button, Popover, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pingResult, tracerouteResult } from '@gx/contract';
import type { CellProps } from '../../../resources/types';

interface Result { ok?: boolean; code?: string | null; msg?: string | null; data?: unknown }

/**
 * `commandResult`: a command's result read as a person would — a diagnosis as its ping summary (loss, min/avg/max)
 * or its traceroute hops (a per-hop table), a failure as its code and message; anything else as compact JSON.
 */
export function CommandResultCell({ value, row }: CellProps) {
  const { t } = useTranslation();
  const r = value && typeof value === 'object' ? (value as Result) : null;
  if (!r) return <span className="gx-cell-empty">-</span>;
  if (r.ok === false) {
    return <Typography.Text type="danger" data-testid="command-result-failed">{[r.code, r.msg].filter(Boolean).join(': ') || t('device.result.failed')}</Typography.Text>;
  }
  if (row.name === 'diagnose') {
    const ping = pingResult.safeParse(r.data);
    if (ping.success) {
      const p = ping.data;
      return (
        <span data-testid="command-result-ping">
          {t('device.result.ping', { sent: p.sent, received: p.received, loss: p.loss, min: p.rtt_ms.min, avg: p.rtt_ms.avg, max: p.rtt_ms.max })}
        </span>
      );
    }
    const trace = tracerouteResult.safeParse(r.data);
    if (trace.success) {
      const hops = trace.data.hops;
      const table = (
        <Table
          size="small" pagination={false} rowKey="hop" dataSource={hops} data-testid="command-result-hops"
          columns={[
            { title: t('device.result.hop'), dataIndex: 'hop', width: 60 },
            { title: t('device.result.host'), dataIndex: 'host' },
            { title: t('device.result.rtt'), dataIndex: 'rtt_ms', width: 100, render: (v: number | null) => (v === null ? t('device.result.noReply') : v) },
          ]}
        />
      );
      return (
        <span data-testid="command-result-traceroute">
          {t('device.result.traceroute', { count: hops.length, host: hops.at(-1)?.host ?? '' })}{' '}
          <Popover content={table} trigger="click" placement="bottomLeft">
            <Button type="link" size="small" data-testid="command-result-hops-button">{t('device.result.hops')}</Button>
          </Popover>
        </span>
      );
    }
  }
  if (r.data === undefined || r.data === null) return <span>{t('device.result.ok')}</span>;
  return <Typography.Text ellipsis={{ tooltip: true }} code>{JSON.stringify(r.data)}</Typography.Text>;
}
